import { describe, expect, it } from "vitest";
import { HelloGate } from "./hello-gate.ts";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("HelloGate", () => {
  it("runs at most `limit` hellos at once, the rest in arrival order", async () => {
    const gate = new HelloGate(2);
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const runs = [0, 1, 2, 3].map((i) =>
      gate.run(
        () => true,
        () =>
          new Promise<void>((resolve) => {
            started.push(i);
            finish[i] = resolve;
          }),
      ),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(gate.queued).toBe(2);
    finish[1]!();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    finish[0]!();
    finish[2]!();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    finish[3]!();
    expect(await Promise.all(runs)).toEqual([true, true, true, true]);
    expect(gate.queued).toBe(0);
  });

  it("drops a hello whose socket closed while it waited, and frees its place", async () => {
    const gate = new HelloGate(1);
    let release!: () => void;
    const first = gate.run(
      () => true,
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    let ran = false;
    let open = true;
    const stale = gate.run(
      () => open,
      async () => {
        ran = true;
      },
    );
    const fresh = gate.run(
      () => true,
      async () => undefined,
    );
    open = false;
    await tick();
    release();
    expect(await first).toBe(true);
    expect(await stale).toBe(false);
    expect(ran).toBe(false);
    expect(await fresh).toBe(true);
  });

  it("frees the place when a hello fails", async () => {
    const gate = new HelloGate(1);
    await expect(
      gate.run(
        () => true,
        async () => Promise.reject(new Error("db gone")),
      ),
    ).rejects.toThrow("db gone");
    expect(
      await gate.run(
        () => true,
        async () => undefined,
      ),
    ).toBe(true);
  });
});
