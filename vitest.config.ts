import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { missingReason, postgresService, serviceValue } from "./tests/support/test-services.ts";

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

// Without a PostgreSQL server the integration tests run on PGlite only, and the PostgreSQL
// project is one skipped test that says so (under REQUIRE_TEST_SERVICES=1 the run fails).
const postgres = postgresService();
const postgresUrl = serviceValue(postgres);
if (!postgresUrl) console.warn(`Integration tests on PostgreSQL skipped: ${missingReason(postgres)}`);

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    // Every core: Vitest 5 keeps one free by default, which on CI's 2 cores ran the
    // integration files one at a time (12 of CI's minutes) with a core idle.
    maxWorkers: "100%",
    projects: [
      { test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"], environment: "node" } },
      { test: { name: "pglite", ...integration, env: { TEST_DRIVER: "pglite" } } },
      postgresUrl
        ? { test: { name: "postgres", ...integration, env: { TEST_DRIVER: "postgres" } } }
        : { test: { name: "postgres", include: ["tests/support/missing-services.test.ts"] } },
    ],
  },
});
