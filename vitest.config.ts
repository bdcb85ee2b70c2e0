import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Unit tests live beside the code (app/**\/*.test.ts). Integration tests (tests/integration)
 * run once against PGlite and, when TEST_DATABASE_URL is set, again against that PostgreSQL.
 */
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const integration = ["tests/integration/**/*.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "pglite",
          include: integration,
          env: { TEST_DRIVER: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: "postgres",
                include: integration,
                env: { TEST_DRIVER: "postgres" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
