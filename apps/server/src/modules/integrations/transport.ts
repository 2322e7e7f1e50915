import type { IntegrationProblem } from "@draftroom/contracts";

/**
 * The one way this server calls an outside service (decision 051). Each service's client owns one
 * transport: a bounded queue (so a slow or rate-limited service holds at most `queueLimit` calls in
 * memory), a timeout per attempt, and a bounded number of attempts. A 429 pauses the whole
 * transport for the service's `Retry-After` (Riot: header, seconds) or `retry_after` (Discord: body,
 * seconds), because both services count limits per key or webhook, not per call. 5xx, timeouts and
 * unreachable hosts are retried with a growing delay; 4xx and unreadable answers are not.
 *
 * A failure is a value, never a throw, and its `detail` never contains the URL: webhook URLs and
 * keys are secrets, and details end up on the integrations page and in logs.
 */

export interface ServiceRequest {
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Sent as multipart/form-data instead (a post with a file); fetch writes its boundary. */
  readonly form?: FormData;
}

export type ServiceResult<T> =
  | { readonly ok: true; readonly status: number; readonly value: T }
  | ServiceFailure;

export interface ServiceFailure {
  readonly ok: false;
  readonly problem: IntegrationProblem;
  /** The service's HTTP status, when it answered. */
  readonly status: number | null;
  /** A plain English sentence, without URL or secret. */
  readonly detail: string;
  /** How long the service asked us to wait (429), when it said. */
  readonly retryAfterMs?: number;
}

export interface TransportOptions {
  /** Names the service in details ("Discord", "Riot"). */
  readonly service: string;
  readonly timeoutMs: number;
  /** Attempts per call, the first included. */
  readonly maxAttempts: number;
  /** A 429 asking for longer than this ends the call as `rate_limited` instead of waiting. */
  readonly maxRetryWaitMs: number;
  /** First retry delay after a 5xx or a timeout; doubled each time. */
  readonly backoffMs: number;
  /** Calls in flight at once. */
  readonly concurrency: number;
  /** Calls waiting beyond the ones in flight; past it a call fails at once as `busy`. */
  readonly queueLimit: number;
  /** Injected in tests to keep them quick; defaults to a timer. */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds from `Retry-After` (a number; an HTTP date is read too) or a body's `retry_after`. */
export function retryAfterMs(header: string | null, body: unknown, now: number): number | undefined {
  if (header !== null && header.trim() !== "") {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  if (body && typeof body === "object" && "retry_after" in body) {
    const seconds = Number((body as { retry_after: unknown }).retry_after);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  }
  return undefined;
}

function failure(
  problem: IntegrationProblem,
  status: number | null,
  detail: string,
  retryAfter?: number,
): ServiceFailure {
  return {
    ok: false,
    problem,
    status,
    detail,
    ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
  };
}

/** Reads a body as JSON; an empty body is null; unreadable text is `undefined`. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export class ServiceTransport {
  readonly #options: TransportOptions;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #now: () => number;
  #active = 0;
  readonly #waiting: (() => void)[] = [];
  /** Epoch ms before which no call starts: the last 429's wait. */
  #pausedUntil = 0;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#sleep = options.sleep ?? timerSleep;
    this.#now = options.now ?? Date.now;
  }

  /** Calls now in flight and waiting (for tests and the health of the queue). */
  get load(): { active: number; waiting: number } {
    return { active: this.#active, waiting: this.#waiting.length };
  }

  /**
   * Sends a request through the queue and reads its JSON answer with `parse` (undefined: the
   * answer is not what the service documents, a `malformed` failure).
   *
   * @example
   * const result = await transport.call({ method: "GET", url }, (json) => accountSchema.safeParse(json).data);
   * if (!result.ok) console.log(result.problem, result.detail); // "not_found", "Riot does not know it (404)."
   */
  async call<T>(request: ServiceRequest, parse: (json: unknown) => T | undefined): Promise<ServiceResult<T>> {
    if (this.#active >= this.#options.concurrency && this.#waiting.length >= this.#options.queueLimit) {
      return failure(
        "busy",
        null,
        `Too many calls to ${this.#options.service} are waiting. Try again shortly.`,
      );
    }
    if (this.#active >= this.#options.concurrency) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    this.#active += 1;
    try {
      return await this.#attempts(request, parse);
    } finally {
      this.#active -= 1;
      this.#waiting.shift()?.();
    }
  }

  async #attempts<T>(
    request: ServiceRequest,
    parse: (json: unknown) => T | undefined,
  ): Promise<ServiceResult<T>> {
    const { maxAttempts, backoffMs, maxRetryWaitMs } = this.#options;
    let last: ServiceFailure = failure("unavailable", null, `${this.#options.service} could not be reached.`);
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const pause = this.#pausedUntil - this.#now();
      if (pause > 0) await this.#sleep(pause);
      const result = await this.#once(request, parse);
      if (result.ok) return result;
      last = result;
      if (attempt === maxAttempts) break;
      if (result.problem === "rate_limited") {
        const wait = result.retryAfterMs ?? backoffMs * 2 ** (attempt - 1);
        if (wait > maxRetryWaitMs) break;
        this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + wait);
        continue;
      }
      if (result.problem === "unavailable" || result.problem === "timeout") {
        await this.#sleep(backoffMs * 2 ** (attempt - 1));
        continue;
      }
      break;
    }
    return last;
  }

  async #once<T>(
    request: ServiceRequest,
    parse: (json: unknown) => T | undefined,
  ): Promise<ServiceResult<T>> {
    const service = this.#options.service;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.#options.timeoutMs);
    try {
      const headers: Record<string, string> = { accept: "application/json", ...request.headers };
      if (request.body !== undefined && !request.form) headers["content-type"] = "application/json";
      const body = request.form ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
      const response = await fetch(request.url, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: controller.signal,
        redirect: "error",
      });
      const json = await readJson(response);
      const status = response.status;
      if (status === 429) {
        const wait = retryAfterMs(response.headers.get("retry-after"), json, this.#now());
        return failure("rate_limited", status, `${service} asked us to slow down (429).`, wait);
      }
      if (status === 401 || status === 403) {
        return failure("rejected", status, `${service} refused our key or link (${status}).`);
      }
      if (status === 404) return failure("not_found", status, `${service} does not know it (404).`);
      if (status >= 500) return failure("unavailable", status, `${service} failed (${status}).`);
      if (status >= 400) return failure("rejected", status, `${service} refused the request (${status}).`);
      if (json === undefined)
        return failure("malformed", status, `${service} sent an answer we cannot read.`);
      const value = parse(json);
      if (value === undefined)
        return failure("malformed", status, `${service} sent an answer we cannot read.`);
      return { ok: true, status, value };
    } catch {
      if (controller.signal.aborted) {
        return failure("timeout", null, `${service} did not answer within ${this.#options.timeoutMs} ms.`);
      }
      // The error's message may name the URL (a secret for webhooks): it is not kept.
      return failure("unavailable", null, `${service} could not be reached.`);
    } finally {
      clearTimeout(timer);
    }
  }
}
