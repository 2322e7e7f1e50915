import { z } from "zod";
import { apiErrorSchema } from "../errors.ts";

/** What `GET /api/health/` looked at: each part `ok`, or what is wrong with it (decision 049). */
export const healthChecksSchema = z.object({
  /** The database answered a query just now. */
  database: z.enum(["ok", "unreachable"]),
  /**
   * PostgreSQL's listening connection, through which this process hears other processes' room
   * events and changes (LISTEN/NOTIFY); SQLite has none.
   */
  change_listener: z.enum(["ok", "not_listening", "not_used"]),
});
export type HealthChecks = z.infer<typeof healthChecksSchema>;

/** `GET /api/health/`: liveness plus which database the server runs on. */
export const healthSchema = z.object({
  status: z.literal("ok"),
  version: z.string(),
  database: z.object({
    dialect: z.enum(["sqlite", "postgres"]),
    /** Server version reported by the database itself (sqlite_version() / server_version). */
    version: z.string(),
  }),
  uptime_seconds: z.number(),
  checks: healthChecksSchema,
});
export type Health = z.infer<typeof healthSchema>;

/** The 503 of `GET /api/health/`: the error shape, plus which check failed. */
export const healthUnavailableSchema = apiErrorSchema.extend({ checks: healthChecksSchema });
export type HealthUnavailable = z.infer<typeof healthUnavailableSchema>;
