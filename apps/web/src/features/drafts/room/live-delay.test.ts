import type { RoomEvent } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { liveDelaySeconds } from "./live-delay.ts";

const event = (seq: number, kind: RoomEvent["kind"], data: Record<string, unknown> = {}) =>
  ({ seq, kind, data }) as unknown as RoomEvent;

describe("liveDelaySeconds", () => {
  it("follows the newest delay change, else the delay joined with", () => {
    expect(liveDelaySeconds([], 15)).toBe(15);
    expect(liveDelaySeconds([event(1, "lock")], 15)).toBe(15);
    expect(liveDelaySeconds([event(1, "delay", { delay_seconds: 30 }), event(2, "lock")], 0)).toBe(30);
    expect(
      liveDelaySeconds(
        [event(1, "delay", { delay_seconds: 30 }), event(2, "delay", { delay_seconds: 0 })],
        30,
      ),
    ).toBe(0);
  });
  it("ignores a delay event without a usable number", () => {
    expect(liveDelaySeconds([event(1, "delay", {})], 10)).toBe(10);
  });
});
