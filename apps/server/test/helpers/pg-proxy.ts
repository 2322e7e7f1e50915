import { createServer, type Socket, connect as tcpConnect } from "node:net";

/**
 * A TCP proxy between servers under test and PostgreSQL, to make database outages without touching
 * the database other tests use (decision 049; the outage tests and `bench:db-restart`). Every
 * connection is forwarded to the target as is; on demand the proxy
 *
 * - `cut()`s every open connection (both ends reset: what a restarted server does to its clients),
 * - `refuse()`s new ones (accepted and reset at once) until `restore()`,
 * - `outage(ms)`: both, then accepts again after `ms`,
 * - `cutAfter(text, after)`: lets the next client message holding `text` (a COMMIT) on a
 *   connection that sent `after` (the transaction's insert) through to the server, drops the
 *   server's answer, then cuts and refuses: the client cannot know whether it was applied.
 *
 * @example
 * const proxy = await startPgProxy();
 * const url = proxy.via("postgres://postgres@127.0.0.1:5432/test");
 * await proxy.outage(2000); // every connection dropped, none accepted for 2 s
 * await proxy.close();
 */
export interface PgProxy {
  readonly port: number;
  /** `url` with its host and port pointed at the proxy. */
  via(url: string): string;
  /** Connections open through the proxy now. */
  readonly connections: number;
  /** Resets every open connection (both ends). */
  cut(): void;
  /** New connections are reset as soon as they are accepted, until `restore()`. */
  refuse(): void;
  restore(): void;
  /** Cuts every connection and refuses new ones for `ms`; resolves once it accepts again. */
  outage(ms: number): Promise<void>;
  /**
   * Arms a one-shot trap: the next client→server chunk holding `text`, on a connection that sent a
   * chunk holding `after` since, reaches the server; its answer is dropped, and every connection
   * is cut and refused (until `restore()`). Resolves once the trap fired.
   */
  cutAfter(text: string, after: string): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  readonly client: Socket;
  readonly upstream: Socket;
  /** The server's bytes are no longer passed on (a trap fired on this connection). */
  muted: boolean;
  /** This connection sent the trap's `after` since it was armed. */
  armed: boolean;
}

const reset = (socket: Socket) => {
  if (!socket.destroyed) socket.resetAndDestroy();
};

export async function startPgProxy(
  target: { host: string; port: number } = { host: "127.0.0.1", port: 5432 },
  port = 0,
): Promise<PgProxy> {
  const pairs = new Set<Pair>();
  let refusing = false;
  let trap: { text: string; after: string; fired: () => void } | undefined;

  const cut = () => {
    for (const pair of pairs) {
      reset(pair.client);
      reset(pair.upstream);
    }
    pairs.clear();
  };

  const server = createServer((client) => {
    if (refusing) {
      client.on("error", () => {});
      reset(client);
      return;
    }
    const upstream = tcpConnect(target.port, target.host);
    const pair: Pair = { client, upstream, muted: false, armed: false };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      reset(client);
      reset(upstream);
    };
    client.on("error", drop);
    upstream.on("error", drop);
    client.on("close", drop);
    upstream.on("close", drop);
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      const armed = trap;
      if (!armed) return;
      const text = chunk.toString("latin1");
      if (text.includes(armed.after)) pair.armed = true;
      else if (pair.armed && text.includes(armed.text)) {
        trap = undefined;
        pair.muted = true;
        refusing = true;
        // Long enough for the server to act on the message, which nobody hears answered.
        setTimeout(() => {
          cut();
          armed.fired();
        }, 150);
      }
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!pair.muted) client.write(chunk);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the proxy has no TCP address");

  return {
    port: address.port,
    via(url: string) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(address.port);
      return parsed.toString();
    },
    get connections() {
      return pairs.size;
    },
    cut,
    refuse() {
      refusing = true;
    },
    restore() {
      refusing = false;
    },
    async outage(ms: number) {
      refusing = true;
      cut();
      await new Promise((resolve) => setTimeout(resolve, ms));
      refusing = false;
    },
    cutAfter(text: string, after: string) {
      for (const pair of pairs) pair.armed = false;
      return new Promise<void>((resolve) => {
        trap = { text, after, fired: resolve };
      });
    },
    async close() {
      refusing = true;
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
