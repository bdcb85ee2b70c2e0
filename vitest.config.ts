import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Unit tests live beside the code (app/**\/*.test.ts). Integration tests (tests/integration)
 * run once against PGlite and, when TEST_DATABASE_URL is set, again against that PostgreSQL.
 * Each inline project inherits the root options (Vitest 5's default), the `~` alias included.
 */
const integration = {
  include: ["tests/integration/**/*.test.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
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
