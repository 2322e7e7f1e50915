import type { RoomEvent } from "@draftroom/contracts";

/**
 * The spectator delay in force: the newest `delay` event of the log (a change made mid-draft), else
 * the delay the seat joined with.
 *
 * @example
 * liveDelaySeconds([{ body: { kind: "delay", delay_seconds: 30, link_id: null } }], 0); // 30
 */
export function liveDelaySeconds(log: readonly Pick<RoomEvent, "body">[], joinedWith: number): number {
  for (let index = log.length - 1; index >= 0; index -= 1) {
    const body = log[index]!.body;
    if (body.kind === "delay") return body.delay_seconds;
  }
  return joinedWith;
}
