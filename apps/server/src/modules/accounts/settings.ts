import type { Config } from "../../config.ts";

/**
 * Limits on failed sign-ins, from the configuration parsed once at start-up (config.ts,
 * documented in .env.example). They are counted in the database, not in memory, so they hold
 * per username across server processes and restarts; see docs in routes.ts.
 */
export interface AccountsSettings {
  loginFailuresPerUsername: number;
  loginFailuresPerIp: number;
  loginFailuresPerAccount: number;
  loginFailureWindowMs: number;
}

export function accountsSettings(config: Pick<Config, "loginFailures">): AccountsSettings {
  return {
    loginFailuresPerUsername: config.loginFailures.perUsername,
    loginFailuresPerIp: config.loginFailures.perIp,
    loginFailuresPerAccount: config.loginFailures.perAccount,
    loginFailureWindowMs: config.loginFailures.windowMs,
  };
}
