/** Types of `table-owners.mjs` (the unit test imports it). */
export function crossModuleTables(root?: string): string[];
