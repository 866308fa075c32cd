import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const alias = { "~": path.join(root, "app") };
const INTEGRATION_WORKERS = Number(process.env.TEST_WORKERS ?? 2);

export default defineConfig({
  root,
  resolve: { alias },
  test: {
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/env.ts"],
    reporters: ["default"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          // Same group as integration (vitest runs them together), so the same worker count.
          maxWorkers: INTEGRATION_WORKERS,
          include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts", "jobs/**/*.test.ts"],
          setupFiles: ["tests/setup/env.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          // Files run in parallel even on two cores (vitest's default there is one worker): they mostly
          // wait on the server and the database, and each keeps to its own rows, users and sessions.
          maxWorkers: INTEGRATION_WORKERS,
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["tests/setup/env.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          setupFiles: ["tests/setup/env.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: one browser at a time keeps the server and Chromium responsive.
          fileParallelism: false,
          // The browser files share one worker and its imports (docs/decisions/tests-in-parallel.md,
          // session 32): ~45 s less between files; tests/setup/env.ts restores process.env per file.
          isolate: false,
          // After the unit and integration files, as vitest runs a one-worker project anyway (a
          // project with its own worker count needs its own group).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
