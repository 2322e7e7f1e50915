import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/** `npm run screenshots`: the same server and browser as the tests, running e2e/tools instead. */
export default defineConfig({ ...base, testDir: "./tools", workers: 1 });
