import type { RoomSnapshot } from "@draftroom/contracts";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadSchemas } from "@/lib/schemas.ts";
import { RoomCommandError, RoomConnection } from "./connection.ts";

// The connection's handling of commands is under test, not the wire schema (tested with the
// contracts): messages reach it as sent.
vi.mock("@draftroom/contracts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@draftroom/contracts")>()),
  roomServerMessageSchema: { safeParse: (data: unknown) => ({ success: true, data }) },
}));

const NOW = 1_800_000_000_000;

// The schemas load before a connection's first socket (lib/schemas.ts): loaded here once, so every
// test below opens its socket at once, as a page that has loaded them does.
beforeAll(async () => {
  await loadSchemas();
});

/** A WebSocket the test drives: it records what the client sends and delivers what the test says. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static sockets: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  readonly sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.sockets.push(this);
  }

  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  close(code = 1000) {
    this.drop(code);
  }

  /** The server accepts the socket and welcomes its hello. */
  welcome() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
    const hello = this.sent.find((message) => message.type === "hello")!;
    this.receive({
      type: "welcome",
      id: hello.id,
      proto: 2,
      seat: { role: "captain", team: "B", plays_for: ["B"] },
      snapshot: SNAPSHOT,
      server_now: Date.now(),
    });
  }

  receive(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop(code = 1006) {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }

  /** The commands (not hellos, pings or resyncs) sent on this socket. */
  commands() {
    return this.sent.filter((message) => !["hello", "ping", "resync"].includes(String(message.type)));
  }
}

const SNAPSHOT: RoomSnapshot = {
  room_id: "00000000-0000-4000-8000-000000000001",
  mode: "live",
  seq: 6,
  session: {} as RoomSnapshot["session"],
  sides: { A: "BLUE", B: "RED" },
  ready: { A: true, B: true },
  actions: [],
  clock: {
    status: "running",
    step: 1,
    turn_ms: 30_000,
    bank_ms: { A: 60_000, B: 60_000 },
    turn_started_ms: NOW,
    deadline_ms: NOW + 92_000,
    paused_ms: null,
    resumes_ms: null,
    server_now: NOW,
  },
  hover: null,
};

const UNAVAILABLE = {
  code: "database_unavailable",
  detail: "The server cannot reach its database right now.",
};

/** A connection welcomed on its first socket. */
function connected() {
  const connection = new RoomConnection("room-1", { token: "captain-token" });
  connection.start();
  const socket = FakeSocket.sockets.at(-1)!;
  socket.welcome();
  expect(connection.getState().status).toBe("open");
  return { connection, socket };
}

/** Settles a promise's outcome without awaiting it (fake timers drive the rest). */
function outcomeOf(promise: Promise<void>) {
  const outcome: { value?: "ok"; error?: RoomCommandError } = {};
  promise.then(
    () => {
      outcome.value = "ok";
    },
    (error: RoomCommandError) => {
      outcome.error = error;
    },
  );
  return outcome;
}

describe("RoomConnection: a command through an outage (decision 049)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    FakeSocket.sockets = [];
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("sends a command the database refused again with the same id, shows reconnecting meanwhile, and resolves on its ack", async () => {
    const { connection, socket } = connected();
    const outcome = outcomeOf(connection.send({ type: "lock", step: 1, champion_id: 7 }));
    const [lock] = socket.commands();
    socket.receive({ type: "reject", id: lock!.id, ...UNAVAILABLE });
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.getState().status).toBe("reconnecting");
    expect(outcome).toEqual({});
    await vi.advanceTimersByTimeAsync(500);
    // The same message, the same id: the server applies an id once.
    expect(socket.commands()).toEqual([lock, lock]);
    socket.receive({ type: "reject", id: lock!.id, ...UNAVAILABLE });
    await vi.advanceTimersByTimeAsync(1000);
    expect(socket.commands()).toEqual([lock, lock, lock]);
    socket.receive({ type: "ack", id: lock!.id, seq: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toEqual({ value: "ok" });
    expect(connection.getState().status).toBe("open");
    connection.stop();
  });

  it("sends a command left unanswered by a dropped connection again, same id, after the next welcome", async () => {
    const { connection, socket } = connected();
    const outcome = outcomeOf(connection.send({ type: "lock", step: 1, champion_id: 7 }));
    const [lock] = socket.commands();
    socket.drop();
    expect(connection.getState().status).toBe("reconnecting");
    await vi.advanceTimersByTimeAsync(300);
    const next = FakeSocket.sockets.at(-1)!;
    expect(next).not.toBe(socket);
    expect(next.commands()).toEqual([]);
    next.welcome();
    expect(next.commands()).toEqual([lock]);
    next.receive({ type: "ack", id: lock!.id, seq: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toEqual({ value: "ok" });
    connection.stop();
  });

  it("gives up after 20 s without the database, with its code, and is open again", async () => {
    const { connection, socket } = connected();
    const outcome = outcomeOf(connection.send({ type: "lock", step: 1, champion_id: 7 }));
    // The server answers each copy it gets: the database is still away.
    let answered = 0;
    for (let waited = 0; waited <= 25_000 && !outcome.error; waited += 100) {
      for (const sent of socket.commands().slice(answered)) {
        answered += 1;
        socket.receive({ type: "reject", id: sent.id, ...UNAVAILABLE });
      }
      await vi.advanceTimersByTimeAsync(100);
    }
    // Sent again a few times (500 ms, 1 s, then every 2 s), then refused with the server's code.
    expect(answered).toBeGreaterThanOrEqual(10);
    expect(new Set(socket.commands().map((sent) => sent.id)).size).toBe(1);
    expect(outcome.error).toBeInstanceOf(RoomCommandError);
    expect(outcome.error?.code).toBe("database_unavailable");
    expect(connection.getState().status).toBe("open");
    connection.stop();
  });

  it("does not send a rule's refusal again", async () => {
    const { connection, socket } = connected();
    const outcome = outcomeOf(connection.send({ type: "lock", step: 1, champion_id: 7 }));
    const [lock] = socket.commands();
    socket.receive({ type: "reject", id: lock!.id, code: "champion_used", detail: "Taken." });
    await vi.advanceTimersByTimeAsync(5000);
    expect(outcome.error?.code).toBe("champion_used");
    expect(socket.commands()).toEqual([lock]);
    expect(connection.getState().status).toBe("open");
    connection.stop();
  });
});

describe("RoomConnection: the first socket waits for the messages' schema", () => {
  beforeEach(() => {
    FakeSocket.sockets = [];
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("opens one socket once the schema has loaded, however often it is asked to open meanwhile", async () => {
    // A fresh module graph: nothing has loaded the schemas yet.
    vi.resetModules();
    const fresh = await import("./connection.ts");
    const schemas = await import("@/lib/schemas.ts");
    expect(schemas.loadedSchemas()).toBeUndefined();
    const connection = new fresh.RoomConnection("room-1", { token: "captain-token" });
    connection.start();
    window.dispatchEvent(new Event("online"));
    expect(FakeSocket.sockets).toHaveLength(0);
    expect(connection.getState().status).toBe("connecting");
    await schemas.loadSchemas();
    await vi.waitFor(() => expect(FakeSocket.sockets).toHaveLength(1));
    FakeSocket.sockets[0]!.welcome();
    expect(connection.getState().status).toBe("open");
    expect(FakeSocket.sockets).toHaveLength(1);
    connection.stop();
  });
});
