import { defineConfig } from "vitest/config";

// Three projects: pure unit tests (packages + server units), the web app's component tests
// in happy-dom, and server integration tests that run against real SQLite and PostgreSQL.
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
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          root: "./apps/web",
          environment: "happy-dom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test/setup.ts"],
          // A component test renders in a few hundred milliseconds on a quiet machine; beside the
          // integration suite on two cores, the first render of a large panel took over 5 s
          // (Vitest's default budget). Passing tests never wait this out.
          testTimeout: 20_000,
        },
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
