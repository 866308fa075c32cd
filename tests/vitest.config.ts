import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const alias = { "~": path.join(root, "app") };

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
          include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts", "jobs/**/*.test.ts"],
          setupFiles: ["tests/setup/env.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
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
        },
      },
    ],
  },
});
