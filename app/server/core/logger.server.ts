import pino, { type Logger } from "pino";

export type { Logger };

/**
 * Errors as pino serialises them, minus the values of a failed query: drizzle's
 * DrizzleQueryError carries them (names, e-mails, messages) in `params` and in a
 * "params: ..." line of its message and stack. The query text stays, for debugging.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const out = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  delete out.params;
  for (const key of ["message", "stack"] as const) {
    if (typeof out[key] === "string") out[key] = (out[key] as string).replace(/\nparams: [^\n]*/g, "\nparams: [redacted]");
  }
  return out;
}

/**
 * One root logger for the process; requests get a child carrying their request id.
 * JSON in production (for log shippers); human-readable on a terminal or in development.
 */
export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
    level: options.level,
    serializers: { err: serializeError },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
    ...(options.pretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { colorize: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" },
          },
        }
      : {}),
  });
}
