import type { AppLoadContext } from "react-router";
import type { AdminActionResult, FieldErrors } from "~/domain/action-result";
import type { MessageKey } from "~/i18n/i18n";
import { settle } from "~/server/http/answer.server";

/**
 * A tab's read that may fail on its own (`settle`): the page still renders, with `error`
 * (the SPEC's toast, a message key the page translates) shown in place of the list.
 */
export async function loadPanel<T>(
  context: AppLoadContext,
  what: string,
  work: () => Promise<T>,
  fallback: T,
  toast: MessageKey,
): Promise<{ result: T; error: MessageKey | null }> {
  const { value, failed } = await settle(context, `the admin ${what}`, work, fallback);
  return { result: value, error: failed ? toast : null };
}

/** The answer to a write whose form did not parse: `message` and field messages may be keys (dispatch translates them). */
export function invalid(message: string, fieldErrors?: FieldErrors): { status: number; result: AdminActionResult } {
  return { status: 400, result: { ok: false, message, ...(fieldErrors ? { fieldErrors } : {}) } };
}
