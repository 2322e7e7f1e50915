import type { RoomEvent } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { liveDelaySeconds } from "./live-delay.ts";

const delay = (seconds: number): Pick<RoomEvent, "body"> => ({
  body: { kind: "delay", delay_seconds: seconds, link_id: null },
});
const pause: Pick<RoomEvent, "body"> = { body: { kind: "pause" } };

describe("liveDelaySeconds", () => {
  it("follows the newest delay change, else the delay joined with", () => {
    expect(liveDelaySeconds([], 15)).toBe(15);
    expect(liveDelaySeconds([pause], 15)).toBe(15);
    expect(liveDelaySeconds([delay(30), pause], 0)).toBe(30);
    expect(liveDelaySeconds([delay(30), delay(0)], 30)).toBe(0);
  });
});
