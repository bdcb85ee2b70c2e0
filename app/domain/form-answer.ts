import type { SubmissionResult } from "@conform-to/react";
import type { FlashToast } from "./toast";

/**
 * Which form an action's answer is for (issue 32, item 20; decision record 034).
 *
 * A form that a fetcher sends is still a plain HTML form. Posted as a document (without
 * JavaScript, or before the page's scripts have run), its answer reaches the page as the
 * route's action data instead of the fetcher's data, and a page with several forms cannot
 * tell whose answer it is. So such a form carries its fetcher's key in a hidden field, the
 * action copies the key into its answer, and the form reads the answer that names it.
 */

/** The hidden field that names the form (its fetcher's key). */
export const FORM_KEY_FIELD = "formKey";

/**
 * The field a guarded admin form carries its second-factor code in (decision 058; the rules
 * are app/domain/step-up.ts). Here, without that module's schemas, so the pages that read
 * form answers load nothing more for it.
 */
export const STEP_UP_FIELD = "stepUpCode";

/** An answer that names the form it answers. */
export interface KeyedAnswer {
  formKey?: string;
}

/** What the action of a page of several forms answers (the account's security and notification pages). */
export interface FormPageAnswer extends KeyedAnswer {
  /** Conform's result for the form's fields. */
  result?: SubmissionResult;
  toast?: FlashToast;
}

/** What a key may be: short and plain, since it is copied back into the page. */
const KEY_PATTERN = /^[\w.:-]{1,120}$/;

/** The key the posted form named itself by, if it did (for the action to copy into its answer). */
export function formKeyOf(form: FormData): string | undefined {
  const key = form.get(FORM_KEY_FIELD);
  return typeof key === "string" && KEY_PATTERN.test(key) ? key : undefined;
}

/** Whether a route's action data is the answer to the form with this key. */
export function isAnswerTo(data: unknown, key: string): boolean {
  return typeof data === "object" && data !== null && (data as KeyedAnswer).formKey === key;
}

/**
 * The text fields of a posted form, for a refusal to give back: a page posted without
 * JavaScript is drawn anew, and the fields show what was typed only if the answer says it.
 * Files, the intent, the form's key, passwords and a second-factor code are left out (a
 * password field is never filled in again and a code is never shown again: their values must
 * not travel back in the page; issue 52). A field sent more than once (ticked boxes of one
 * name) gives its values joined by commas, in order, so none is lost.
 */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || name === FORM_KEY_FIELD || name === "intent" || name === STEP_UP_FIELD || /password/i.test(name)) continue;
    values[name] = name in values ? `${values[name]},${value}` : value;
  }
  return values;
}
