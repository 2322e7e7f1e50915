import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * What an operator scrapes (METRICS=1, `GET /api/metrics/`, decision 052): one registry per app
 * (tests run several apps in one process), the process's own figures (CPU, memory, event loop
 * lag, handles) and the live rooms': open sockets, rooms, commands (a counter: its rate is the
 * commands per second), command and fan-out latency, NOTIFY lag and the pool's connections.
 * The sources are passed in, so this module reads nothing of another module.
 */

/** The live rooms of this process, as the room hub counts them. */
export interface RoomCounts {
  readonly rooms: number;
  readonly sockets: number;
  readonly delayedSockets: number;
  readonly timers: number;
  readonly hovers: number;
}

/** The pool's connections now. */
export interface PoolCounts {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
  readonly max: number;
}

export interface MetricSources {
  readonly rooms: () => RoomCounts;
  /** PostgreSQL's pool (absent on SQLite). */
  readonly pool?: () => PoolCounts;
  /** How long a NOTIFY takes to come back (ms), null when not listening (absent on SQLite). */
  readonly notifyLag?: (timeoutMs: number) => Promise<number | null>;
}

export interface ServerMetrics {
  readonly contentType: string;
  /** For the room hub (RoomObserver): a socket's command answered, an event fanned out. */
  readonly observer: {
    command(type: string, outcome: "ack" | "reject", ms: number): void;
    fanout(ms: number): void;
  };
  render(): Promise<string>;
  /** Probes the NOTIFY lag now (once the listener listens; then every 5 s). */
  probeNotify(): Promise<void>;
  /** Stops the NOTIFY lag probe. */
  stop(): void;
}

/** How often the NOTIFY lag is probed (one tiny NOTIFY per process), and how long it may take. */
const NOTIFY_PROBE_MS = 5000;
const NOTIFY_PROBE_TIMEOUT_MS = 4000;

/** Seconds: a lock is a few milliseconds on an idle machine; targets are 150-250 ms. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5];

export function createServerMetrics(sources: MetricSources): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const roomGauge = (name: string, help: string, read: (counts: RoomCounts) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(sources.rooms()));
      },
    });
  roomGauge("draftroom_room_sockets", "Room WebSockets open on this process.", (c) => c.sockets);
  roomGauge(
    "draftroom_room_delayed_sockets",
    "Spectator sockets whose delayed feed runs behind the room.",
    (c) => c.delayedSockets,
  );
  roomGauge("draftroom_rooms", "Rooms with at least one socket on this process.", (c) => c.rooms);
  roomGauge("draftroom_room_timers", "Room deadline timers armed by this process.", (c) => c.timers);
  roomGauge("draftroom_room_hovers_kept", "Rooms whose latest hover this process keeps.", (c) => c.hovers);

  const commands = new Counter({
    name: "draftroom_room_commands_total",
    help: "Room socket commands answered, by kind and outcome (ack or reject).",
    labelNames: ["type", "outcome"] as const,
    registers: [registry],
  });
  const commandSeconds = new Histogram({
    name: "draftroom_room_command_seconds",
    help: "From a room command's arrival to its answer, by kind.",
    labelNames: ["type"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const fanoutSeconds = new Histogram({
    name: "draftroom_room_fanout_seconds",
    help: "From a room event's commit time to its send to every socket of its room on this process.",
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const pool = sources.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, read: (stats: PoolCounts) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool()));
        },
      });
    poolGauge("draftroom_db_pool_connections", "PostgreSQL connections open in the pool.", (p) => p.total);
    poolGauge("draftroom_db_pool_idle", "Pool connections open and idle.", (p) => p.idle);
    poolGauge("draftroom_db_pool_waiting", "Queries waiting for a pool connection.", (p) => p.waiting);
    poolGauge("draftroom_db_pool_max", "The pool's size limit (DB_POOL_MAX).", (p) => p.max);
  }

  let probe: NodeJS.Timeout | undefined;
  let probeNotify = async () => {};
  const notifyLag = sources.notifyLag;
  if (notifyLag) {
    const lagSeconds = new Histogram({
      name: "draftroom_notify_lag_seconds",
      help: "How long a NOTIFY takes to come back to this process's listener (probed every 5 s).",
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const lastLag = new Gauge({
      name: "draftroom_notify_lag_last_seconds",
      help: "The last NOTIFY lag probe; -1 when it did not come back (not listening, or over 4 s).",
      registers: [registry],
    });
    const measure = async () => {
      const ms = await notifyLag(NOTIFY_PROBE_TIMEOUT_MS).catch(() => null);
      if (ms === null) lastLag.set(-1);
      else {
        lagSeconds.observe(ms / 1000);
        lastLag.set(ms / 1000);
      }
    };
    probeNotify = measure;
    probe = setInterval(() => void measure(), NOTIFY_PROBE_MS);
    probe.unref();
  }

  return {
    contentType: registry.contentType,
    observer: {
      command(type, outcome, ms) {
        commands.inc({ type, outcome });
        commandSeconds.observe({ type }, ms / 1000);
      },
      fanout(ms) {
        // The database clock against this process's estimate of it: never below zero.
        fanoutSeconds.observe(Math.max(0, ms) / 1000);
      },
    },
    render: () => registry.metrics(),
    probeNotify: () => probeNotify(),
    stop() {
      if (probe) clearInterval(probe);
    },
  };
}
