import type { RoomEvent } from "@draftroom/contracts";

/**
 * The spectator delay in force: the newest `delay` event of the log (a change made mid-draft), else
 * the delay the seat joined with.
 *
 * @example
 * liveDelaySeconds([{ kind: "delay", data: { delay_seconds: 30 } } as RoomEvent], 0); // 30
 */
export function liveDelaySeconds(log: readonly RoomEvent[], joinedWith: number): number {
  for (let index = log.length - 1; index >= 0; index -= 1) {
    const event = log[index]!;
    if (event.kind !== "delay") continue;
    const seconds = Number(event.data.delay_seconds);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  }
  return joinedWith;
}
