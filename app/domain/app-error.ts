import type { MessageKey } from "~/i18n/i18n";

/**
 * The one application error. `message` is what the user may see: a message key (with its
 * `values`), which the answer path (answer.server.ts) says in the request's language, or
 * text already in it. `detail` and `cause` are for the log only.
 */
export type AppErrorCode =
  | "BAD_REQUEST"
  /** The request's body is not the form the action reads (JSON, text, a broken multipart). */
  | "BAD_BODY"
  /** The request's body is over the size limit. */
  | "TOO_LARGE"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "UNAVAILABLE"
  | "INTERNAL";

const STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  BAD_BODY: 400,
  TOO_LARGE: 413,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** What someone without the right role is told (the admin services, the admin action): a message key. */
export const FORBIDDEN_MESSAGE = "admin.action.forbidden" satisfies MessageKey;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options: { cause?: unknown; detail?: Record<string, unknown>; values?: Record<string, string | number> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.status = STATUS[code];
    this.detail = options.detail;
    this.values = options.values;
  }

  readonly detail: Record<string, unknown> | undefined;
  /** The values the message's placeholders read, when it is a message key. */
  readonly values: Record<string, string | number> | undefined;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** A Retry-After header for a rate-limited or unavailable error that knows when to try again. */
export function retryAfter(error: AppError): Record<string, string> | undefined {
  const seconds = error.detail?.retryAfter;
  return (error.code === "RATE_LIMITED" || error.code === "UNAVAILABLE") && typeof seconds === "number"
    ? { "Retry-After": String(seconds) }
    : undefined;
}
