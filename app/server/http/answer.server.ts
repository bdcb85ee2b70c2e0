import { data } from "react-router";
import { AppError, isAppError, retryAfter } from "~/domain/app-error";
import { i18nFor, translateMessage } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../core/pg-error.server";
import type { Logger } from "../core/logger.server";

/**
 * The one answer path of loaders and actions: routes hand their work to `answer` (writes)
 * or `settle` (reads that may fail on their own) and never catch, map or log errors
 * themselves. An AppError is a refusal: its status and its message for the user, logged at
 * info. Anything else is a failure: logged once, at error, with the request's logger, and
 * answered with the SPEC's failure message for that action. Either message may be a message
 * key: `reply` is handed it in the request's language.
 */

export interface AnswerOptions<R> {
  /**
   * The SPEC's failure message for this action: shown when something unexpected failed,
   * and when the body was not a form it can read (the error cannot know which action it was).
   */
  failure: string;
  /** The refusal in the shape the action's page reads. */
  reply: (message: string, error: AppError) => R;
}

/** Errors whose user message is the action's own failure message rather than the error's. */
const SHOWS_FAILURE = new Set(["BAD_BODY", "TOO_LARGE", "INTERNAL"]);

/** A redirect or a `data()` answer thrown on purpose: passed on to React Router untouched. */
function isRouterAnswer(thrown: unknown): boolean {
  return thrown instanceof Response || (typeof thrown === "object" && thrown !== null && (thrown as { type?: unknown }).type === "DataWithResponseInit");
}

/**
 * The database could not serve this request (a restart, a failover, a killed connection,
 * a bound exceeded), or the disk refused a write: 503 with the action's failure message
 * and Retry-After. Only the
 * requests that were using the lost connection fail; the next one gets a fresh one.
 */
export function databaseUnavailable(failure: string, cause: unknown): AppError {
  return new AppError("UNAVAILABLE", failure, { cause, detail: { retryAfter: DATABASE_RETRY_AFTER_SECONDS, database: true } });
}

/** A write to DATA_DIR (an upload) refused by the system: full, over quota, read-only or not ours. */
const DISK_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM"]);
function isDiskUnavailable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" && DISK_CODES.has(code) && typeof (error as NodeJS.ErrnoException).syscall === "string";
}

/** What was thrown, as the refusal to answer with: logged once, at the right level. */
function refusal(ctx: { log: Logger; locale?: Locale }, failure: string, thrown: unknown): { error: AppError; message: string } {
  const { error, message } = refusalOf(ctx, failure, thrown);
  return { error, message: ctx.locale ? translateMessage(i18nFor(ctx.locale), message, message === error.message ? error.values : undefined) : message };
}

function refusalOf(ctx: { log: Logger }, failure: string, thrown: unknown): { error: AppError; message: string } {
  const outage = isAppError(thrown) ? undefined : isDatabaseUnavailable(thrown) ? "the database is unavailable" : isDiskUnavailable(thrown) ? "the disk cannot be written" : undefined;
  if (outage) {
    ctx.log.error({ err: thrown }, `request failed: ${outage}`);
    return { error: databaseUnavailable(failure, thrown), message: failure };
  }
  const error = isAppError(thrown) && thrown.code !== "INTERNAL" ? thrown : new AppError("INTERNAL", failure, { cause: thrown });
  if (error.code === "INTERNAL") ctx.log.error({ err: thrown }, "request failed");
  else ctx.log.info({ code: error.code, status: error.status, detail: error.detail }, "request refused");
  return { error, message: SHOWS_FAILURE.has(error.code) ? failure : error.message };
}

/** What `answer` needs of the request: its logger, its language, and a way to set a header on the HTTP answer. */
type AnswerContext = { log: Logger; locale?: Locale; setResponseHeader?: (name: string, value: string) => void };

export async function answer<T, R>(ctx: AnswerContext, options: AnswerOptions<R>, work: () => Promise<T>) {
  try {
    return await work();
  } catch (thrown) {
    if (isRouterAnswer(thrown)) throw thrown;
    const { error, message } = refusal(ctx, options.failure, thrown);
    const headers = retryAfter(error);
    // React Router passes on only the cookies of an action's own headers: Retry-After
    // reaches the client through the HTTP answer itself.
    for (const [name, value] of Object.entries(headers ?? {})) ctx.setResponseHeader?.(name, value);
    return data(options.reply(message, error), { status: error.status, headers });
  }
}

/**
 * The same for an endpoint that answers plain Responses (a webhook): a refusal is its
 * message as text, with its status.
 */
export async function answerResponse(
  ctx: { log: Logger; locale?: Locale },
  options: { failure: string; headers?: Record<string, string> },
  work: () => Promise<Response>,
): Promise<Response> {
  try {
    return await work();
  } catch (thrown) {
    if (isRouterAnswer(thrown)) throw thrown;
    const { error, message } = refusal(ctx, options.failure, thrown);
    const headers = { ...options.headers, "Content-Type": "text/plain; charset=utf-8", ...retryAfter(error) };
    return new Response(message, { status: error.status, headers });
  }
}

/** A page that is not there: its path in the log (at warn) and a 404 for the not-found page. */
export function notFound(ctx: { log: Logger }, request: Request) {
  ctx.log.warn({ path: new URL(request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

/**
 * A read that may fail on its own (SPEC.md section 8: a failed read is only logged): its
 * value, or `fallback` with `failed: true` and the cause logged once. The page still renders.
 */
export async function settle<T>(
  ctx: { log: Logger },
  what: string,
  work: Promise<T> | (() => Promise<T>),
  fallback: T,
): Promise<{ value: T; failed: boolean }> {
  try {
    return { value: await (typeof work === "function" ? work() : work), failed: false };
  } catch (err) {
    ctx.log.error({ err }, `failed to load ${what}`);
    return { value: fallback, failed: true };
  }
}

/** A text body (a webhook's, whose signature covers the raw bytes); TOO_LARGE past the limit. */
export async function readText(request: Request): Promise<string> {
  if (request.headers.has(BODY_TOO_LARGE_HEADER)) throw new AppError("TOO_LARGE", "error.requestTooLarge");
  return request.text();
}

/** Set by the HTTP layer on a request whose declared body is over the limit; the body is never read. */
export const BODY_TOO_LARGE_HEADER = "x-tigris-body-too-large";

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The one way an action reads its body: a form (urlencoded or multipart), or BAD_BODY
 * (JSON, plain text, no content type, a broken multipart) or TOO_LARGE, which `answer`
 * turns into 400 or 413 with the action's failure message.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (request.headers.has(BODY_TOO_LARGE_HEADER)) throw new AppError("TOO_LARGE", "error.formTooLarge");
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(type)) throw new AppError("BAD_BODY", "The request is not a form.", { detail: { contentType: type.slice(0, 100) } });
  try {
    return await request.formData();
  } catch (cause) {
    throw new AppError("BAD_BODY", "error.formUnreadable", { cause, detail: { contentType: type.slice(0, 100) } });
  }
}
