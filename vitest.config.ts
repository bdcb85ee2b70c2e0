import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Unit tests live beside the code (app/**\/*.test.ts). Integration tests (tests/integration)
 * run once against PGlite and, when TEST_DATABASE_URL is set, again against that PostgreSQL.
 * Each inline project inherits the root options (Vitest 5's default), the `~` alias included.
 */
const integration = {
  include: ["tests/integration/**/*.test.ts"],
  // The app's production build, made once when the sources changed (the e2e run reuses it).
  globalSetup: ["tests/integration/global-setup.ts"],
  // Every language's messages, as the server has them from its start (entry.server.tsx):
  // services and answer() called directly speak in keys, which these turn into words.
  setupFiles: ["tests/integration/setup-messages.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Test files share their worker's loaded modules (each still makes its own database):
  // importing the app afresh for every file was most of the suite's time.
  isolate: false,
};

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    projects: [
      { test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"], environment: "node" } },
      { test: { name: "pglite", ...integration, env: { TEST_DRIVER: "pglite" } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: "postgres", ...integration, env: { TEST_DRIVER: "postgres" } } }]
        : []),
    ],
  },
});
