import type { RoomLink } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { currentCopy } from "./rooms.ts";

const link = (created_at: string, token: string | null = null): RoomLink => ({
  id: "00000000-0000-4000-8000-000000000007",
  kind: "blue_captain",
  role: "captain",
  team: null,
  token,
  path: token === null ? null : `/app/room/r#${token}`,
  delay_seconds: 0,
  revoked_at: null,
  created_at,
});

describe("currentCopy", () => {
  const listed = link("2026-11-29T05:00:00.000Z");

  it("keeps a copy made by this device, as new as the listed link or newer than a stale list", () => {
    expect(currentCopy(link("2026-11-29T05:00:00.000Z", "a"), listed)).toBe(true);
    // Rotated here after the page read the room: the page's list still has the old time.
    expect(currentCopy(link("2026-11-29T05:00:03.000Z", "b"), listed)).toBe(true);
  });

  it("drops a copy older than the listed link (the server rotated it since) and a missing one", () => {
    expect(currentCopy(link("2026-11-29T04:59:59.000Z", "c"), listed)).toBe(false);
    expect(currentCopy(undefined, listed)).toBe(false);
  });
});
