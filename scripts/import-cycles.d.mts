/** Types of `import-cycles.mjs` (the unit test imports it). */
export interface ImportCycle {
  /** One concrete cycle, first file repeated last. */
  readonly cycle: string[];
  /** Every file of the tangle (a strongly connected group), sorted. */
  readonly files: string[];
}

export function importCycles(dirs: readonly string[], root?: string): ImportCycle[];

/** Every TypeScript source under `dir`, tests left out. */
export function sourceFiles(dir: string, out?: string[]): string[];
