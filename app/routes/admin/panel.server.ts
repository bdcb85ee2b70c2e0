import type { AppLoadContext } from "react-router";
import type { AdminActionResult, FieldErrors } from "./types";

/**
 * A tab's read that may fail on its own: the page still renders, with `error` (the SPEC's
 * toast) shown in place of the list, and the cause logged.
 */
export async function settle<T>(
  context: AppLoadContext,
  what: string,
  work: Promise<T>,
  fallback: T,
  error: string,
): Promise<{ result: T; error: string | null }> {
  try {
    return { result: await work, error: null };
  } catch (err) {
    context.log.error({ err }, `admin: failed to load the ${what}`);
    return { result: fallback, error };
  }
}

/** The answer to a write whose form did not parse. */
export function invalid(message: string, fieldErrors?: FieldErrors): { status: number; result: AdminActionResult } {
  return { status: 400, result: { ok: false, message, ...(fieldErrors ? { fieldErrors } : {}) } };
}
