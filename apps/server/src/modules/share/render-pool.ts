import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import type { ImageQuery } from "@draftroom/contracts";
import type { Card } from "./card-model.ts";
import type { RenderWorkerData, RenderWorkerRequest, RenderWorkerResponse } from "./render-worker.ts";

/** The render queue is full: the route answers 503 with `Retry-After`. */
export class RenderQueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("The image render queue is full.");
    this.name = "RenderQueueFullError";
  }
}

export interface RenderPoolOptions {
  /** Render threads (each draws one card at a time). */
  size: number;
  /** Renders that may wait for a thread; one more is refused (RenderQueueFullError). */
  maxWaiting: number;
  /** CHAMPION_IMAGE_DIR, read by each thread's portrait store. */
  portraitDir: string | undefined;
}

interface Job {
  card: Card;
  query: ImageQuery;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** Id of the job in flight (a late answer of a replaced job is ignored). */
  id: number;
  started: number;
}

/**
 * The heap of each render thread (decision 062). A small young generation: satori's layout makes
 * short-lived garbage, and each resvg image holds native pixels (up to 8 MB for a stream image)
 * until the scavenge that collects its wrapper, so frequent small scavenges keep a thread's
 * memory flat instead of growing with every card (render CPU per card did not move). The old
 * generation cap (a card needs a few tens of MB) stops a runaway render: the thread dies, that
 * render fails and a fresh thread takes the next ones.
 */
export const RENDER_THREAD_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 } as const;

function startWorker(data: RenderWorkerData): Worker {
  const resourceLimits = { ...RENDER_THREAD_LIMITS };
  const here = import.meta.url;
  if (here.endsWith(".ts")) {
    // From source (tsx, vitest): the thread loads its TypeScript through tsx's loader, as the
    // statistics thread does (modules/matches/statistics.ts).
    const tsxApi = pathToFileURL(
      createRequire(here)
        .resolve("tsx/esm/api")
        .replace(/\.cjs$/, ".mjs"),
    ).href;
    const script = new URL("./render-worker.ts", here).href;
    return new Worker(
      `import(${JSON.stringify(tsxApi)}).then((tsx) => { (tsx.register ?? tsx.default.register)(); return import(${JSON.stringify(script)}); });`,
      { eval: true, workerData: data, resourceLimits },
    );
  }
  // The bundle (apps/server/dist) ships the thread beside main.js.
  return new Worker(new URL("./render-worker.js", here), { workerData: data, resourceLimits });
}

/** A card every thread draws once at start, so the first real render finds fonts and layout ready. */
const emptySlots = (count: number) =>
  Array.from({ length: count }, () => ({ state: "empty" as const, champion: null }));
const WARM_UP_CARD: Card = {
  kind: "draft",
  title: "Warm-up",
  league: null,
  date: "2026-01-01T00:00:00Z",
  phase: 1,
  complete: false,
  winner: null,
  series: null,
  blue: { side: "BLUE", name: "Blue", players: [], picks: emptySlots(5), bans: emptySlots(5) },
  red: { side: "RED", name: "Red", players: [], picks: emptySlots(5), bans: emptySlots(5) },
};

/**
 * The per-process render queue: `size` render threads, at most `maxWaiting` renders waiting for
 * one, and a refusal (RenderQueueFullError, with a wait estimated from recent render times)
 * beyond that. The thread that answers requests never lays out or rasterises a card, so the API
 * (and `/api/health/`) stays answered however many images are asked for.
 */
export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Moving average of one render's wall time, for Retry-After. */
  private averageMs = 400;

  constructor(private readonly options: RenderPoolOptions) {}

  /** The heap limits each running thread was started with (empty before the first render). */
  get threadLimits(): ResourceLimits[] {
    return this.slots.map((slot) => slot.worker.resourceLimits ?? {});
  }

  /** Renders in flight and waiting. */
  get load(): { active: number; waiting: number } {
    return { active: this.slots.filter((slot) => slot.job).length, waiting: this.waiting.length };
  }

  /** Draws a card on a render thread; rejects with RenderQueueFullError when the queue is full. */
  readonly draw = (card: Card, query: ImageQuery): Promise<Buffer> => {
    if (this.closed) return Promise.reject(new Error("The render pool is closed."));
    this.ensureStarted();
    const idle = this.slots.find((slot) => !slot.job);
    if (!idle && this.waiting.length >= this.options.maxWaiting) {
      const ahead = this.waiting.length + this.slots.length;
      const seconds = Math.ceil((ahead * this.averageMs) / this.slots.length / 1000);
      return Promise.reject(new RenderQueueFullError(Math.min(30, Math.max(1, seconds))));
    }
    return new Promise<Buffer>((resolve, reject) => {
      const job: Job = { card, query, resolve, reject };
      if (idle) this.assign(idle, job);
      else this.waiting.push(job);
    });
  };

  /** Starts the threads and draws one card on each (fonts parsed, layout engine compiled). */
  async warmUp(): Promise<void> {
    this.ensureStarted();
    await Promise.all(
      this.slots.map(
        () =>
          new Promise<void>((resolve) => {
            const job: Job = {
              card: WARM_UP_CARD,
              query: { size: "social", theme: "dark", lang: "en" },
              resolve: () => resolve(),
              reject: () => resolve(),
            };
            const idle = this.slots.find((slot) => !slot.job);
            if (idle) this.assign(idle, job);
            else this.waiting.push(job);
          }),
      ),
    );
  }

  /** Tells every thread that portraits appeared on disk. */
  portraitsChanged(): void {
    for (const slot of this.slots)
      slot.worker.postMessage({ type: "portraits-changed" } satisfies RenderWorkerRequest);
  }

  async close(): Promise<void> {
    this.closed = true;
    const error = new Error("The render pool is closed.");
    for (const job of this.waiting.splice(0)) job.reject(error);
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        slot.job?.reject(error);
        slot.job = null;
        await slot.worker.terminate();
      }),
    );
  }

  private ensureStarted(): void {
    while (this.slots.length < this.options.size) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = startWorker({ portraitDir: this.options.portraitDir });
    worker.unref();
    const slot: Slot = { worker, job: null, id: 0, started: 0 };
    worker.on("message", (message: RenderWorkerResponse) => {
      const job = slot.job;
      if (!job || message.id !== slot.id) return;
      slot.job = null;
      this.averageMs = this.averageMs * 0.8 + (performance.now() - slot.started) * 0.2;
      if ("png" in message)
        job.resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength));
      else job.reject(new Error(message.error));
      this.next(slot);
    });
    const replace = (error: Error) => {
      slot.job?.reject(error);
      slot.job = null;
      const index = this.slots.indexOf(slot);
      if (index === -1 || this.closed) return;
      // A thread that died is replaced; the jobs waiting go to the new one.
      const fresh = this.spawn();
      this.slots[index] = fresh;
      this.next(fresh);
    };
    worker.on("error", replace);
    worker.on("exit", (code) => {
      if (!this.closed) replace(new Error(`The render thread stopped (exit code ${code}).`));
    });
    return slot;
  }

  private assign(slot: Slot, job: Job): void {
    slot.started = performance.now();
    slot.id = this.nextId++;
    slot.job = job;
    const request: RenderWorkerRequest = { type: "draw", id: slot.id, card: job.card, query: job.query };
    slot.worker.postMessage(request);
  }

  private next(slot: Slot): void {
    const job = this.waiting.shift();
    if (job) this.assign(slot, job);
  }
}
