/** Types of `test-failures.mjs` (the unit test imports it). */
export function firstLine(message: unknown): string;
export function dialectOf(test: unknown): "postgres" | "sqlite" | "other";
export function vitestFailures(suite: string, report: unknown, root: string): string[];
export function playwrightFailures(report: unknown): string[];
