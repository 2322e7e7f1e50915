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

/** Run-time import edges among `files` (absolute paths): file -> the files it imports. */
export function importGraph(files: readonly string[]): Map<string, string[]>;

/** Every cycle-holding strongly connected component of a graph, with one concrete cycle each. */
export function cyclesIn<Node>(
  nodes: readonly Node[],
  edges: ReadonlyMap<Node, readonly Node[]>,
): { cycle: Node[]; component: Node[] }[];
