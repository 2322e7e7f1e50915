import { configDefaults, defineConfig } from "vitest/config";
import { WEB_OWN_PAGE } from "./apps/web/src/test/own-page.ts";

/** What both web projects share: the app's Vite config, happy-dom and the setup file. */
const webProject = {
  extends: "./apps/web/vite.config.ts",
  test: {
    root: "./apps/web",
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
    // A component test renders in a few hundred milliseconds on a quiet machine; beside the
    // integration suite on two cores, the first render of a large panel took over 5 s
    // (Vitest's default budget). Passing tests never wait this out.
    testTimeout: 20_000,
  },
} as const;

// Four projects: pure unit tests (packages + server units), the web app's component tests in
// happy-dom (most in one module graph per worker, the few that need a page of their own isolated), and
// server integration tests that run against real SQLite and PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts"],
          // `npm test` runs these beside the integration suite and the web build on two cores: the
          // slowest property test (room events, 1.8 s alone) took 2.2 s beside the integration
          // suite alone, and the build adds more. Vitest's default 5 s left too little room.
          // Passing tests never wait this out.
          testTimeout: 20_000,
          // One module graph per worker, as in the integration project: importing each file's
          // modules afresh took two thirds of the project's time. These files stub no globals or
          // modules; the one that fakes timers restores them after each test.
          isolate: false,
        },
      },
      {
        ...webProject,
        test: {
          ...webProject.test,
          name: "web",
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...WEB_OWN_PAGE],
          // Each worker imports React, the router and the app once for all its files, not once per
          // file: isolated, the files' imports and happy-dom's set-up took some 230 s of the
          // project's 250 s on two cores, its tests 22 s. What one file leaves behind is undone
          // before the next test: stubbed globals (fetch above all) and spies here, the rendered
          // tree, storage, the language and the page's attributes in the setup file.
          isolate: false,
          unstubGlobals: true,
          restoreMocks: true,
        },
      },
      {
        ...webProject,
        test: { ...webProject.test, name: "web-isolated", include: WEB_OWN_PAGE },
      },
      {
        test: {
          name: "integration",
          environment: "node",
          include: ["apps/server/test/**/*.test.ts"],
          globalSetup: ["apps/server/test/helpers/global-setup.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
          // Two files at a time: a file spends much of its time waiting on PostgreSQL, SQLite's
          // fsync or a server process, and every block has its own database.
          fileParallelism: true,
          maxWorkers: 2,
          // Each worker imports the server once for all its files instead of once per file (the
          // imports took 139 s of CPU per run). The files share no module state that matters: no
          // mocks, stubbed globals, fake timers or environment changes, and every app they build
          // has its own database; the server's per-process state is keyed by database or room.
          isolate: false,
        },
      },
    ],
  },
});
