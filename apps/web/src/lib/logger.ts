import { APP_VERSION } from "@draftroom/contracts";
import { API_BASE } from "./api.ts";

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const rank: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Threshold: warn in production, debug in development; `VITE_LOG_LEVEL` overrides it. */
function threshold(): LogLevel {
  const configured = import.meta.env.VITE_LOG_LEVEL as string | undefined;
  if (configured && (LOG_LEVELS as readonly string[]).includes(configured)) return configured as LogLevel;
  return import.meta.env.PROD ? "warn" : "debug";
}

/** Where errors go: a configured reporting URL, else the API's client-error endpoint. */
export function reportingUrl(): string {
  return (import.meta.env.VITE_ERROR_REPORTING_URL as string | undefined) || `${API_BASE}/client-errors/`;
}

const MAX_REPORTS_PER_MINUTE = 10;
/** Off in unit tests unless a test turns it on. */
let reportingEnabled = import.meta.env.MODE !== "test";
export function setReportingEnabled(enabled: boolean): void {
  reportingEnabled = enabled;
}
let windowStart = 0;
let sentInWindow = 0;
const recent = new Set<string>();

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  return { message: typeof error === "string" ? error : JSON.stringify(error) };
}

function report(level: "warn" | "error", message: string, error: unknown, context?: Record<string, unknown>) {
  if (!reportingEnabled) return;
  const now = Date.now();
  if (now - windowStart > 60_000) {
    windowStart = now;
    sentInWindow = 0;
    recent.clear();
  }
  const detail = error === undefined ? { message } : describe(error);
  const fingerprint = `${level}:${message}:${detail.message}`;
  if (sentInWindow >= MAX_REPORTS_PER_MINUTE || recent.has(fingerprint)) return;
  sentInWindow += 1;
  recent.add(fingerprint);
  const body = {
    level,
    message: (error === undefined ? message : `${message} — ${detail.message}`).slice(0, 2000),
    stack: detail.stack?.slice(0, 10_000),
    url: window.location.href.slice(0, 2000),
    context: { ...context, version: APP_VERSION, userAgent: navigator.userAgent },
  };
  try {
    void fetch(reportingUrl(), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    /* reporting must never throw */
  }
}

function emit(level: LogLevel, message: string, error?: unknown, context?: Record<string, unknown>) {
  if (rank[level] < rank[threshold()]) return;
  const args: unknown[] = [`[${level}] ${message}`];
  if (error !== undefined) args.push(error);
  if (context) args.push(context);
  console[level === "debug" ? "debug" : level](...args);
  if (level === "error") report("error", message, error, context);
}

/**
 * The client logger. `error` is also sent to the server (rate-limited, deduplicated).
 *
 * @example logger.error("Failed to load draft sessions", error, { page });
 */
export const logger = {
  debug: (message: string, context?: Record<string, unknown>) => emit("debug", message, undefined, context),
  info: (message: string, context?: Record<string, unknown>) => emit("info", message, undefined, context),
  warn: (message: string, error?: unknown, context?: Record<string, unknown>) =>
    emit("warn", message, error, context),
  error: (message: string, error?: unknown, context?: Record<string, unknown>) =>
    emit("error", message, error, context),
};

let globalHandlersInstalled = false;
export function installGlobalErrorHandlers(): void {
  if (globalHandlersInstalled) return;
  globalHandlersInstalled = true;
  window.addEventListener("error", (event) => logger.error("Uncaught error", event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => logger.error("Unhandled rejection", event.reason));
}
