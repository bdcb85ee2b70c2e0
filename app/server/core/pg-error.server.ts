/**
 * The SQLSTATE of a database error, whichever driver raised it. Drizzle wraps driver
 * errors, so the code may sit on the error or on one of its causes.
 */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a violation names, when the driver reports it. */
export function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";

/**
 * SQLSTATEs that mean "the database is away or overloaded", not "this request is wrong":
 * class 08 (connection exceptions), 57P01-57P03 (terminated by an administrator, crash
 * shutdown, cannot connect now), 53100-53300 (disk full, out of memory, too many
 * connections) and 57014 (a statement
 * cancelled by statement_timeout, the bound on how long a request may wait).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53[123]00|57014)$/;

/** Errors from the driver itself when the connection is gone or never came. */
const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /not queryable/i,
  /is not currently accepting connections/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /pglite is closed/i,
  /database is closed/i,
];

/**
 * Whether an error means the database could not serve the request (a restart, a failover,
 * a killed connection, a bound exceeded) rather than a fault in the request or our code.
 * Such a failure answers 503 with Retry-After; the next request gets a fresh connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait after a 503 caused by the database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
