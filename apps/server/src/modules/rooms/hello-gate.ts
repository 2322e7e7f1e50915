/**
 * Admission for room hellos (decision 052). A hello is the heaviest message a process serves
 * (the link, the room, a snapshot, the seat's epoch and event: about ten queries and, for a
 * captain, one commit), and each query waits for one of the pool's few connections. Let a thousand
 * rooms' seats arrive at once and the pool's queue holds thousands of queries; each hello then waits
 * longer than the ten seconds its socket is given, the socket closes, and its queued queries still
 * run for nobody ahead of every newer hello: no seat was welcomed at all (1,000 rooms on two
 * processes, the pool's queue at 5,000). So at most `limit` hellos run at once per process, the
 * rest wait here in arrival order, and a hello whose socket closed while it waited is dropped
 * before it asks the database anything.
 */
export class HelloGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /**
   * Runs `work` once a place is free, unless `stillWanted()` says by then that nobody waits for it
   * (false is returned, nothing ran).
   *
   * @example
   * await gate.run(() => socket.readyState === SOCKET_OPEN, () => hello(message));
   */
  async run(stillWanted: () => boolean, work: () => Promise<void>): Promise<boolean> {
    await this.enter();
    try {
      if (!stillWanted()) return false;
      await work();
      return true;
    } finally {
      this.leave();
    }
  }

  /** Hellos waiting for a place (for tests and metrics). */
  get queued(): number {
    return this.waiting.length;
  }

  private async enter(): Promise<void> {
    if (this.running < this.limit) {
      this.running += 1;
      return;
    }
    // The place is handed over by `leave`: `running` stays as it is.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
