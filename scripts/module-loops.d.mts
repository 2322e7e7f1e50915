/** Types of `module-loops.mjs` (the unit test imports it). */
export interface ModuleLoop {
  /** One concrete loop, first module repeated last. */
  readonly loop: string[];
  /** Every module of the tangle (a strongly connected group), sorted. */
  readonly modules: string[];
  /** For each step of `loop`, one import that makes it ("from file -> to file"). */
  readonly imports: string[];
}

/** Module -> module it depends on at run time -> one import that makes it. */
export function moduleGraph(src?: string, root?: string): Map<string, Map<string, string>>;

export function moduleLoops(src?: string, root?: string): ModuleLoop[];
