import { data, type AppLoadContext } from "react-router";
import { FORM_UNREADABLE, type AdminActionResult } from "~/domain/action-result";
import { formKeyOf, typedValues } from "~/domain/form-answer";
import { i18nFor, translateMessage } from "~/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { answer, readForm } from "~/server/http/answer.server";
import { requireAdmin, requireAdviser, type Actor } from "~/server/security/actor.server";
import { adminActorFor, adviserActorFor } from "~/server/security/session.server";
import type { AdminIntent } from "./types";

/** What an answer says of the page's form it answers: its key, and on a refusal what was typed. */
type Naming = { formKey: string; values: Record<string, string> } | null;

function named(result: AdminActionResult, naming: Naming): AdminActionResult {
  if (!naming) return result;
  return result.ok ? { ...result, formKey: naming.formKey } : { ...result, formKey: naming.formKey, values: naming.values };
}

/**
 * A refusal the write answered itself (a form that did not parse) in the request's
 * language: its message and field messages may be keys (answer() translates thrown ones).
 */
function localized(result: AdminActionResult, locale: Locale | undefined): AdminActionResult {
  if (result.ok) return result;
  const i18n = i18nFor(locale ?? DEFAULT_LOCALE);
  const say = (text: string) => translateMessage(i18n, text);
  const fieldErrors = result.fieldErrors
    ? Object.fromEntries(Object.entries(result.fieldErrors).map(([name, messages]) => [name, messages?.map(say)]))
    : undefined;
  return { ok: false, message: say(result.message), ...(fieldErrors ? { fieldErrors } : {}) };
}

/**
 * The action of every admin page (/admin and its areas): non-admins are refused before the
 * body is read (it may carry a large upload; the services check again), then the form's
 * `intent` picks the write. An AppError becomes `{ ok: false, message }` with its status;
 * anything else is logged and answered with the write's own failure message.
 */
export function adminAction(request: Request, context: AppLoadContext, intents: Record<string, AdminIntent>) {
  return dispatch(request, context, intents, async () => {
    const actor = await adminActorFor(context);
    requireAdmin(actor);
    return actor;
  });
}

/**
 * The action of an adviser's workspace (issue 37), as adminAction: anyone but an adviser
 * (admins included: theirs is the admin workspace) is refused before the body is read; each
 * service then scopes the write to the adviser's own rows.
 */
export function adviserAction(request: Request, context: AppLoadContext, intents: Record<string, AdminIntent>) {
  return dispatch(request, context, intents, async () => {
    const actor = await adviserActorFor(context);
    requireAdviser(actor);
    return actor;
  });
}

function dispatch(request: Request, context: AppLoadContext, intents: Record<string, AdminIntent>, guard: () => Promise<Actor>) {
  // Known once the form is read: a form of the page names itself (decision record 034).
  let naming: Naming = null;
  const refused = (message: string): AdminActionResult => named({ ok: false, message }, naming);
  return answer(context, { failure: FORM_UNREADABLE, reply: refused }, async () => {
    const actor = await guard();
    const form = await readForm(request);
    const formKey = formKeyOf(form);
    naming = formKey ? { formKey, values: typedValues(form) } : null;
    const key = String(form.get("intent") ?? "");
    const intent = Object.hasOwn(intents, key) ? intents[key] : undefined;
    if (!intent) return data(localized(refused("admin.action.unknown"), context.locale), { status: 400 });
    const failure = typeof intent.failure === "function" ? intent.failure(form) : intent.failure;
    return answer(context, { failure, reply: refused }, async () => {
      const outcome = await intent.run({ form, context, actor });
      const [result, status] = "status" in outcome ? [outcome.result, outcome.status] : [outcome, 200];
      return data(named(localized(result, context.locale), naming), { status });
    });
  });
}
