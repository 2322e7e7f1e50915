// `npm run cli -- <command>`: runs the server CLI from source (always current, no build needed).
import { ROOT, run, TSX } from "./lib.mjs";

const code = await run(process.execPath, [TSX, "apps/server/src/cli.ts", ...process.argv.slice(2)], {
  cwd: ROOT,
  // File arguments are relative to where the user typed the command (npm sets INIT_CWD).
  env: { ...process.env, DRAFTROOM_CLI_CWD: process.env.INIT_CWD ?? process.cwd() },
});
process.exit(code);
