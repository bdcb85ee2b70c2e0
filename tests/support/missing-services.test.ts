import { readdirSync } from "node:fs";
import { it } from "vitest";
import { missingReason, postgresService } from "./test-services";

/**
 * Stands in for the PostgreSQL project of the integration tests when TEST_DATABASE_URL is
 * not set (vitest.config.ts), so a local run reports what it did not test instead of
 * registering nothing.
 */
const files = readdirSync(new URL("../integration/", import.meta.url)).filter((name) => name.endsWith(".test.ts"));

it.skip(`the ${files.length} integration test files on PostgreSQL: ${missingReason(postgresService())}`, () => {});
