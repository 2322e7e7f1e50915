// Lints the API's OpenAPI document with Redocly's recommended rules (redocly.yaml at the root).
// The document comes from the app built in memory (apps/server/src/openapi.ts): no server, no port.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, run, TSX } from "./lib.mjs";

const redocly = join(createRequire(import.meta.url).resolve("@redocly/cli/package.json"), "../bin/cli.js");
const dir = mkdtempSync(join(tmpdir(), "draftroom-openapi-"));
const file = join(dir, "openapi.json");
let code = await run(process.execPath, [TSX, "apps/server/src/openapi.ts", file], { cwd: ROOT });
if (code === 0) {
  code = await run(process.execPath, [redocly, "lint", file, "--config", join(ROOT, "redocly.yaml")], {
    cwd: ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
}
rmSync(dir, { recursive: true, force: true });
process.exit(code);
