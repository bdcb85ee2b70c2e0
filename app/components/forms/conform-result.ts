import type { SubmissionResult } from "@conform-to/react";
import type { AdminActionResult } from "~/domain/action-result";

/**
 * An admin write's answer as Conform's `lastResult` (decision record 003): its field
 * messages become `{ status: "error", error }`, which Conform shows beside the fields and
 * which focuses the first invalid one, exactly as a failed check in the browser does.
 *
 * No `initialValue`: Conform then keeps the values already in the form, so what was typed
 * stays (an `initialValue` would replace them, and a chosen file cannot come back from
 * the server anyway). Anything else (a success, a refusal with no field messages) is not
 * the form's to show: the caller toasts it, and `undefined` leaves the form as it is.
 */
export function submissionResultOf(result: AdminActionResult | undefined): SubmissionResult<string[]> | undefined {
  if (!result || result.ok || !result.fieldErrors) return undefined;
  const error = Object.fromEntries(
    Object.entries(result.fieldErrors).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)),
  );
  return Object.keys(error).length > 0 ? { status: "error", error } : undefined;
}
