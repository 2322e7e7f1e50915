/** Types of the parts of `lib.mjs` that TypeScript code imports (the integration tests' setup). */
export declare const ROOT: string;
export declare const SERVER_DIST: string;
/** Builds the server bundle when missing or older than its sources; throws on failure. */
export declare function buildServerIfNeeded(options?: { force?: boolean }): Promise<void>;
