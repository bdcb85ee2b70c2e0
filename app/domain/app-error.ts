/**
 * The one application error. `message` is what the user may see (a SPEC.md string where
 * one exists); `detail` and `cause` are for the log only.
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

/** What someone without the right role is told (the admin services, the admin action). */
export const FORBIDDEN_MESSAGE = "You do not have permission to do that.";

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options: { cause?: unknown; detail?: Record<string, unknown> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.status = STATUS[code];
    this.detail = options.detail;
  }

  readonly detail: Record<string, unknown> | undefined;
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
