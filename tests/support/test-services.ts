/**
 * Services some tests need beyond what `npm test` can start itself. A test that needs one
 * is always registered: without the service it is skipped with a reason that names it (so
 * a local run says what it did not test), and under `REQUIRE_TEST_SERVICES=1`, which
 * `.ci/run` sets, a missing service fails the run instead of skipping anything.
 */

export interface TestService {
  /** What the tests need, as a reader would say it. */
  name: string;
  /** The setting that provides it. */
  variable: string;
  /** Its value, or undefined when it is not set. */
  value: string | undefined;
}

export const postgresService = (): TestService => ({
  name: "a PostgreSQL server",
  variable: "TEST_DATABASE_URL",
  value: process.env.TEST_DATABASE_URL || undefined,
});

/** Whether a missing service must fail the run rather than skip its tests. */
export const servicesRequired = () => process.env.REQUIRE_TEST_SERVICES === "1";

/** The sentence a skipped test carries. */
export function missingReason(service: TestService): string {
  return `needs ${service.name}: ${service.variable} is not set (bash .ci/run sets it)`;
}

/**
 * The service's value, or undefined when the caller should skip with `missingReason`.
 * Throws when the service is missing and the run requires it: a test file that cannot run
 * its tests must not pass quietly in CI.
 */
export function serviceValue(service: TestService): string | undefined {
  if (service.value) return service.value;
  if (servicesRequired()) {
    throw new Error(`REQUIRE_TEST_SERVICES=1 and ${service.variable} is not set: these tests need ${service.name}`);
  }
  return undefined;
}
