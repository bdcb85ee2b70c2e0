import type { AppLoadContext } from "react-router";
import type { AdminActionResult, FieldErrors } from "~/domain/action-result";
import { settle } from "~/server/http/answer.server";

/**
 * A tab's read that may fail on its own (`settle`): the page still renders, with `error`
 * (the SPEC's toast) shown in place of the list.
 */
export async function loadPanel<T>(
  context: AppLoadContext,
  what: string,
  work: () => Promise<T>,
  fallback: T,
  toast: string,
): Promise<{ result: T; error: string | null }> {
  const { value, failed } = await settle(context, `the admin ${what}`, work, fallback);
  return { result: value, error: failed ? toast : null };
}

/** The answer to a write whose form did not parse. */
export function invalid(message: string, fieldErrors?: FieldErrors): { status: number; result: AdminActionResult } {
  return { status: 400, result: { ok: false, message, ...(fieldErrors ? { fieldErrors } : {}) } };
}
