import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { type ChampionImageConfig, parseChampionImageSource } from "./modules/champions/image-source.ts";

/**
 * Server configuration, parsed once from the environment at start-up. Every variable is
 * documented in `.env.example`. The database is chosen from DATABASE_URL alone (never NODE_ENV).
 */

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** apps/server/{src,dist}/<file> -> apps/web/dist: the same two levels up from source and bundle. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const port = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .min(0, { error: "must be between 0 and 65535" })
      .max(65535, { error: "must be between 0 and 65535" })
      .default(fallback),
  );

const positiveInt = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .positive({ error: "must be greater than 0" })
      .default(fallback),
  );

const nonNegativeInt = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .min(0, { error: "must be 0 or more" })
      .default(fallback),
  );

const flag = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default(fallback ? "true" : "false")
      .transform((value) => value === "true" || value === "1"),
  );

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

/** An IP address, a CIDR range or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which reverse proxies to believe in X-Forwarded-For: `false` (none), a hop count (the number of
 * proxies in front of the server) or a comma-separated list of proxy addresses / CIDR ranges.
 * `true` is refused: it would take the left-most entry, which any client can write.
 */
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default("false")
    .transform((value, ctx): false | number | string[] => {
      const text = value.trim();
      if (text === "false" || text === "0") return false;
      if (/^\d+$/.test(text)) return Number(text);
      const entries = text.split(",").map((entry) => entry.trim());
      if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
      ctx.addIssue({
        code: "custom",
        message:
          "must be false, a hop count or a comma-separated list of proxy addresses (true is not accepted)",
      });
      return z.NEVER;
    }),
);

const optionalUrl = (protocols: RegExp, message: string) =>
  z.preprocess(emptyToUndefined, z.url({ protocol: protocols, error: message }).optional());

const envSchema = z.object({
  HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
  PORT: port(3000),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/, "must be a postgres:// or postgresql:// URL"),
  SQLITE_PATH: z.preprocess(emptyToUndefined, z.string().default("./data/draftroom.db")),
  SQLITE_BUSY_TIMEOUT_MS: nonNegativeInt(5000),
  DB_POOL_MAX: positiveInt(10),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_WEB_DIST)),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  ),
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z
      .enum(["development", "production", "test"], { error: "must be development, production or test" })
      .default("production"),
  ),
  BODY_LIMIT_BYTES: positiveInt(1_048_576),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_ENABLED: flag(true),
  RATE_LIMIT_MAX: positiveInt(600),
  RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  AUTH_RATE_LIMIT_MAX: positiveInt(20),
  CLIENT_ERROR_REPORT_URL: optionalUrl(/^https?$/, "must be an http:// or https:// URL"),
  CLIENT_ERRORS_PER_MINUTE: positiveInt(30),
  FIRST_PAINT_BUDGET_MS: nonNegativeInt(400),
  LOGIN_FAILURES_PER_USERNAME: positiveInt(5),
  LOGIN_FAILURES_PER_IP: positiveInt(20),
  LOGIN_FAILURES_PER_ACCOUNT: positiveInt(100),
  LOGIN_FAILURE_WINDOW_SECONDS: positiveInt(900),
  AUTH_TOKEN_CACHE_MS: nonNegativeInt(5000),
  ACTIONS_CACHE_SESSIONS: nonNegativeInt(2000),
  MATCH_UPLOAD_LIMIT_BYTES: positiveInt(134_217_728),
  DATA_ADMINS: z.preprocess(emptyToUndefined, z.string().default("")),
  ROOMS_SWEEP_MS: nonNegativeInt(1000),
  METRICS: flag(false),
  CHAMPION_IMAGE_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => parseChampionImageSource(value) !== null, {
        error: 'must be "none", a path such as /champion-images, or an http:// or https:// URL',
      })
      .optional(),
  ),
  CHAMPION_IMAGE_DIR: z.preprocess(emptyToUndefined, z.string().default("./data/champion-images")),
  QUICK_ROOMS_PER_HOUR: positiveInt(10),
  RENDER_THREADS: positiveInt(Math.max(1, availableParallelism() - 1)),
  RENDER_QUEUE_MAX: nonNegativeInt(8),
  PUBLIC_RENDERS_PER_MINUTE: positiveInt(20),
  RENDER_WARMUP: flag(false),
  ROOMS_TEAM_LINK_MEMBERS_MAX: positiveInt(10),
  DATA_UPDATES: z.preprocess(
    emptyToUndefined,
    z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  ),
  DATA_UPDATE_INTERVAL_MINUTES: positiveInt(360),
  DATA_UPDATE_TICK_MS: positiveInt(60_000),
  DATA_UPDATE_TIMEOUT_MS: positiveInt(120_000),
  DATA_DRAGON_VERSIONS_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .default("https://ddragon.leagueoflegends.com/api/versions.json"),
  ),
  DATA_DRAGON_CDN_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .default("https://ddragon.leagueoflegends.com/cdn"),
  ),
  MATCH_DATA_URL: optionalUrl(/^https?$/, "must be an http:// or https:// URL"),
  PRACTICE_OPPONENT_DELAY_MS: nonNegativeInt(700),
  PUBLIC_URL: optionalUrl(/^https?$/, "must be an http:// or https:// URL"),
  RIOT_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  RIOT_TOURNAMENT_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  RIOT_API_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^https?:\/\/\S+$/, { error: "must be an http:// or https:// URL (it may contain {routing})" })
      .default("https://{routing}.api.riotgames.com"),
  ),
  DISCORD_WEBHOOK_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .default("https://discord.com/api/webhooks"),
  ),
  INTEGRATIONS_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => Buffer.from(value, "base64").length === 32, {
        error: "must be 32 random bytes in base64 (openssl rand -base64 32)",
      })
      .optional(),
  ),
  INTEGRATIONS_TIMEOUT_MS: positiveInt(5000),
  INTEGRATIONS_ATTEMPTS: positiveInt(3),
  INTEGRATIONS_BACKOFF_MS: positiveInt(500),
  INTEGRATIONS_MAX_RETRY_WAIT_MS: positiveInt(10_000),
  INTEGRATIONS_TICK_MS: nonNegativeInt(5000),
  ROOMS_TURN_MS_OVERRIDE: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  ROOMS_BANK_MS_OVERRIDE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  ROOMS_CORRECTION_MS_OVERRIDE: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  PASSWORD_HASH_FAST_OVERRIDE: flag(false),
});

export interface Config {
  host: string;
  port: number;
  /** PostgreSQL connection string; undefined means the embedded SQLite file. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  /**
   * How long a SQLite write waits for another connection's lock on the file before it is refused
   * (503 `database_unavailable`); the process is blocked meanwhile (better-sqlite3 is synchronous).
   */
  sqliteBusyTimeoutMs: number;
  dbPoolMax: number;
  webDist: string;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: "development" | "production" | "test";
  bodyLimitBytes: number;
  /**
   * Reverse proxies trusted for X-Forwarded-*: false, a hop count, or proxy addresses / ranges
   * (Fastify's `trustProxy`). Anything but false also turns HSTS on (TLS ends at the proxy).
   */
  trustProxy: false | number | string[];
  rateLimit: {
    enabled: boolean;
    /** Requests per window and client on the whole API. */
    max: number;
    windowMs: number;
    /** Stricter budget for sign-in and registration, per window and client. */
    authMax: number;
  };
  /** Where the web app forwards client-side errors, besides the API's own endpoint. */
  clientErrorReportUrl: string | undefined;
  /** Client error reports accepted per address and minute. */
  clientErrorsPerMinute: number;
  /**
   * How long a signed-in page load of a main screen waits for the server to draw it (decision
   * 076) before it goes without; 0 turns the server's first paint off.
   */
  firstPaintBudgetMs: number;
  /**
   * Failed sign-ins (counted in the database) inside the window: per username from one address,
   * per address, and per username from every address together (the distributed-guessing ceiling).
   */
  loginFailures: { perUsername: number; perIp: number; perAccount: number; windowMs: number };
  /**
   * How long a process may answer a token from memory instead of the database (0 = always ask
   * the database). Logout and password changes drop the entry in their own process at once; on
   * OTHER processes of a multi-process deployment a revoked token stays valid for at most this.
   */
  authTokenCacheMs: number;
  /**
   * Draft sessions whose actions list (`GET …/actions/`) a process keeps in memory (0 = none).
   * Invalidated by every write, across processes (see modules/drafts/actions-cache.ts).
   */
  actionsCacheSessions: number;
  /** Largest match-data CSV accepted by `POST /api/matches/imports/` (larger: 413). */
  matchUploadLimitBytes: number;
  /** Lower-cased usernames allowed to import match data from the web (docs/decisions/008). */
  dataAdmins: string[];
  /** Where champion portraits come from (`CHAMPION_IMAGE_BASE_URL`) and where imported ones live. */
  championImages: ChampionImageConfig;
  /** `GET /api/metrics/` in Prometheus' text format (METRICS=1; off by default: it is not public data). */
  metrics: boolean;
  rooms: {
    /** How often each process sweeps for expired room deadlines (0 = never; timers still run). */
    sweepMs: number;
    /**
     * TESTS ONLY (refused unless NODE_ENV=test): per-turn and bank time of new live rooms in ms,
     * below the product's 10 s minimum, so integration tests see deadlines expire quickly.
     */
    turnMsOverride: number | undefined;
    bankMsOverride: number | undefined;
    /** TESTS ONLY: time to decide a misclick correction request, ms (the product's is 15 s). */
    correctionMsOverride: number | undefined;
    /** Member seats one team link admits at once; the next `hello` is closed with 4429 `team_full`. */
    teamLinkMembersMax: number;
  };
  /**
   * TESTS ONLY (refused unless NODE_ENV=test): hash passwords with a cheap scrypt cost. The
   * product's cost takes a fifth of a second of CPU per registration or sign-in, and the test
   * suites register thousands of users on two cores.
   */
  passwordHashFast: boolean;
  /** Quick rooms (no account) one address may create per hour. */
  quickRoomsPerHour: number;
  /** PNG cards (docs/decisions/021). */
  render: {
    /** Render threads per process (default: the cores less one, at least one). */
    threads: number;
    /** Renders that may wait for a thread; past that the route answers 503 with Retry-After. */
    queueMax: number;
    /** Uncached public image renders one address may cause per minute (429 past it). */
    publicPerMinute: number;
    /**
     * Start the threads at start and draw one card on each, so the first real render is not slow.
     * Off by default: a warm thread holds about 100 MB, so threads start with the first image asked
     * for (docs/decisions/035).
     */
    warmUp: boolean;
  };
  /** Scheduled data updates (docs/decisions/021). */
  dataUpdates: {
    /** `DATA_UPDATES=off`: nothing is downloaded, ever (air-gapped installs; tests). */
    enabled: boolean;
    /** How often each source is checked. */
    intervalMs: number;
    /** How often the scheduler looks for a source that is due. */
    tickMs: number;
    /** A download that takes longer fails (and changes nothing). */
    timeoutMs: number;
    /** Data Dragon's versions list (newest first). */
    dataDragonVersionsUrl: string;
    /** Data Dragon's CDN: `<cdn>/<version>/data/en_US/champion.json`, `<cdn>/<version>/img/champion/<Key>.png`. */
    dataDragonCdnUrl: string;
    /** An Oracle's Elixir CSV to follow; none: match data is never downloaded. */
    matchDataUrl: string | undefined;
  };
  /** The address users reach this server at, for links sent elsewhere (Discord posts, calendar feeds). */
  publicUrl: string | undefined;
  /** Outside services (decision 051). */
  integrations: {
    /** The operator's Riot key (Account-V1, Match-V5); none: Riot features are explained, hidden. */
    riotApiKey: string | undefined;
    /** A Tournament-V5 key (production or stub); none: tournament codes are explained, hidden. */
    riotTournamentApiKey: string | undefined;
    /** `https://{routing}.api.riotgames.com`; tests point it at a loopback fixture. */
    riotBaseUrl: string;
    /** Only webhook URLs under this base are accepted and posted to. */
    discordWebhookBaseUrl: string;
    /** 32 bytes sealing stored secrets (AES-256-GCM); none: stored as given (warned at start). */
    secretKey: Buffer | undefined;
    /** Per attempt. */
    timeoutMs: number;
    /** Attempts per call within one try, the first included. */
    attempts: number;
    backoffMs: number;
    /** A 429 asking for longer than this is not waited for within a call (the post is tried later). */
    maxRetryWaitMs: number;
    /** How often each process looks for Discord posts that are due (0: only when one is queued). */
    tickMs: number;
  };
  practice: {
    /** The practice opponent's human-like pause before it locks (mean, ms; ±20% jitter; thinking included). */
    opponentDelayMs: number;
  };
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Parses an environment into a Config, collecting every problem instead of stopping at the first. */
export function parseConfig(env: Record<string, string | undefined> = process.env): ConfigResult {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const value = env[name];
      return `${name}: ${issue.message}${value === undefined ? "" : ` (got "${value}")`}`;
    });
    return { ok: false, problems };
  }
  const e = parsed.data;
  const testOnly = [
    "ROOMS_TURN_MS_OVERRIDE",
    "ROOMS_BANK_MS_OVERRIDE",
    "ROOMS_CORRECTION_MS_OVERRIDE",
  ] as const;
  const misused: string[] = testOnly.filter((name) => e[name] !== undefined && e.NODE_ENV !== "test");
  if (e.PASSWORD_HASH_FAST_OVERRIDE && e.NODE_ENV !== "test") misused.push("PASSWORD_HASH_FAST_OVERRIDE");
  if (misused.length > 0) {
    return { ok: false, problems: misused.map((name) => `${name}: only allowed with NODE_ENV=test`) };
  }
  return {
    ok: true,
    config: {
      host: e.HOST,
      port: e.PORT,
      databaseUrl: e.DATABASE_URL,
      sqlitePath: e.SQLITE_PATH,
      sqliteBusyTimeoutMs: e.SQLITE_BUSY_TIMEOUT_MS,
      dbPoolMax: e.DB_POOL_MAX,
      webDist: e.WEB_DIST,
      logLevel: e.LOG_LEVEL,
      nodeEnv: e.NODE_ENV,
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      trustProxy: e.TRUST_PROXY,
      rateLimit: {
        enabled: e.RATE_LIMIT_ENABLED,
        max: e.RATE_LIMIT_MAX,
        windowMs: e.RATE_LIMIT_WINDOW_MS,
        authMax: e.AUTH_RATE_LIMIT_MAX,
      },
      clientErrorReportUrl: e.CLIENT_ERROR_REPORT_URL,
      clientErrorsPerMinute: e.CLIENT_ERRORS_PER_MINUTE,
      firstPaintBudgetMs: e.FIRST_PAINT_BUDGET_MS,
      loginFailures: {
        perUsername: e.LOGIN_FAILURES_PER_USERNAME,
        perIp: e.LOGIN_FAILURES_PER_IP,
        perAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
        windowMs: e.LOGIN_FAILURE_WINDOW_SECONDS * 1000,
      },
      authTokenCacheMs: e.AUTH_TOKEN_CACHE_MS,
      actionsCacheSessions: e.ACTIONS_CACHE_SESSIONS,
      matchUploadLimitBytes: e.MATCH_UPLOAD_LIMIT_BYTES,
      dataAdmins: e.DATA_ADMINS.split(",")
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name !== ""),
      championImages: {
        source: parseChampionImageSource(e.CHAMPION_IMAGE_BASE_URL) ?? { kind: "cdn" },
        dir: e.CHAMPION_IMAGE_DIR,
      },
      metrics: e.METRICS,
      rooms: {
        sweepMs: e.ROOMS_SWEEP_MS,
        turnMsOverride: e.ROOMS_TURN_MS_OVERRIDE,
        bankMsOverride: e.ROOMS_BANK_MS_OVERRIDE,
        correctionMsOverride: e.ROOMS_CORRECTION_MS_OVERRIDE,
        teamLinkMembersMax: e.ROOMS_TEAM_LINK_MEMBERS_MAX,
      },
      passwordHashFast: e.PASSWORD_HASH_FAST_OVERRIDE,
      quickRoomsPerHour: e.QUICK_ROOMS_PER_HOUR,
      render: {
        threads: e.RENDER_THREADS,
        queueMax: e.RENDER_QUEUE_MAX,
        publicPerMinute: e.PUBLIC_RENDERS_PER_MINUTE,
        warmUp: e.RENDER_WARMUP,
      },
      dataUpdates: {
        enabled: e.DATA_UPDATES === "on",
        intervalMs: e.DATA_UPDATE_INTERVAL_MINUTES * 60_000,
        tickMs: e.DATA_UPDATE_TICK_MS,
        timeoutMs: e.DATA_UPDATE_TIMEOUT_MS,
        dataDragonVersionsUrl: e.DATA_DRAGON_VERSIONS_URL,
        dataDragonCdnUrl: e.DATA_DRAGON_CDN_URL.replace(/\/$/, ""),
        matchDataUrl: e.MATCH_DATA_URL,
      },
      practice: { opponentDelayMs: e.PRACTICE_OPPONENT_DELAY_MS },
      publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
      integrations: {
        riotApiKey: e.RIOT_API_KEY,
        riotTournamentApiKey: e.RIOT_TOURNAMENT_API_KEY,
        riotBaseUrl: e.RIOT_API_BASE_URL,
        discordWebhookBaseUrl: e.DISCORD_WEBHOOK_BASE_URL.replace(/\/$/, ""),
        secretKey: e.INTEGRATIONS_SECRET_KEY ? Buffer.from(e.INTEGRATIONS_SECRET_KEY, "base64") : undefined,
        timeoutMs: e.INTEGRATIONS_TIMEOUT_MS,
        attempts: e.INTEGRATIONS_ATTEMPTS,
        backoffMs: e.INTEGRATIONS_BACKOFF_MS,
        maxRetryWaitMs: e.INTEGRATIONS_MAX_RETRY_WAIT_MS,
        tickMs: e.INTEGRATIONS_TICK_MS,
      },
    },
  };
}

/**
 * Parses process.env; on bad configuration prints one line per problem to stderr and exits 1
 * (no stack trace: a configuration mistake is the operator's to fix, not a crash).
 */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  const result = parseConfig(env);
  if (result.ok) return result.config;
  for (const problem of result.problems) process.stderr.write(`config error: ${problem}\n`);
  process.exit(1);
}
