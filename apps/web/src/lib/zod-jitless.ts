/**
 * Zod's global config, set before zod is ever loaded: this is the object `z.config()` writes to
 * (`globalThis.__zod_globalConfig`), so `jitless: true` holds for every schema without putting zod on
 * the startup path. Jitless parsing never probes `new Function`, which our CSP (no 'unsafe-eval')
 * would report as a violation.
 */
const target = globalThis as { __zod_globalConfig?: Record<string, unknown> };
target.__zod_globalConfig = { ...target.__zod_globalConfig, jitless: true };

export {};
