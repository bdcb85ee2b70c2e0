import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, sqlState } from "./pg-error.server";

const pgError = (code: string, message = "error") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("knows the database going away, by SQLSTATE, driver code or driver message, however deeply wrapped", () => {
    for (const error of [
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("57P03", "the database system is starting up"),
      pgError("08006"),
      pgError("53300", "sorry, too many clients already"),
      pgError("57014", "canceling statement due to statement timeout"),
      pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Query read timeout"),
      pgError("55000", 'database "app" is not currently accepting connections'),
      new Error("PGlite is closed"),
      new Error("Failed query: select 1", { cause: new Error("outer", { cause: pgError("57P01") }) }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it("leaves the request's own faults and our bugs alone", () => {
    for (const error of [
      pgError("23505", "duplicate key value violates unique constraint"),
      pgError("22P02", "invalid input syntax for type uuid"),
      pgError("55000", "cannot refresh materialized view concurrently"),
      new TypeError("Cannot read properties of undefined"),
      "a string",
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it("still reads a violation's SQLSTATE through the wrapping", () => {
    expect(sqlState(new Error("Failed query", { cause: pgError("23505") }))).toBe("23505");
  });
});
