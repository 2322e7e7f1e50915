import { z } from "zod";

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
});
export type Health = z.infer<typeof healthSchema>;
