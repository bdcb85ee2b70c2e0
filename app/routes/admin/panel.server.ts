import type { AppLoadContext } from "react-router";
import type { AdminActionResult, FieldErrors } from "~/domain/action-result";
import type { MessageKey } from "~/i18n/i18n";
import type { AdminTableKey, HiddenColumns } from "~/domain/admin-table";
import { settle } from "~/server/http/answer.server";
import type { Actor } from "~/server/security/actor.server";
import { getHiddenColumns } from "~/server/services/admin-preferences.server";

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

/** The columns the acting admin hid in `table` (admin_table_preferences); a failed read shows every column. */
export async function loadHiddenColumns(context: AppLoadContext, actor: Actor, table: AdminTableKey): Promise<string[]> {
  const { value } = await settle(context, "the admin's table columns", () => getHiddenColumns(context, actor), {} as HiddenColumns);
  return value[table] ?? [];
}
