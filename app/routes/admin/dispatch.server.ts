import { data, type AppLoadContext } from "react-router";
import { FORM_UNREADABLE, type AdminActionResult } from "~/domain/action-result";
import { formKeyOf, typedValues } from "~/domain/form-answer";
import { postedStepUpCode, STEP_UP_FIELD, STEP_UP_MESSAGES } from "~/domain/step-up";
import { i18nFor, translateMessage } from "~/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { answer, readForm } from "~/server/http/answer.server";
import { requireAdmin, requireAdviser, type Actor } from "~/server/security/actor.server";
import { adminActorFor, adviserActorFor } from "~/server/security/session.server";
import { hasFreshSecondFactor, isStepUpRefusal } from "~/server/security/step-up.server";
import { proveSecondFactor } from "~/server/services/step-up.server";
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

/**
 * A guarded write's parse refusal while the session's step-up is stale: the code field's
 * message joins the form's, so one answer names everything the form still needs.
 */
function withStepUpField(result: AdminActionResult, actor: Actor): AdminActionResult {
  if (result.ok || !result.fieldErrors || hasFreshSecondFactor(actor)) return result;
  return { ...result, fieldErrors: { ...result.fieldErrors, [STEP_UP_FIELD]: [STEP_UP_MESSAGES.required] } };
}

function dispatch(request: Request, context: AppLoadContext, intents: Record<string, AdminIntent>, guard: () => Promise<Actor>) {
  // Known once the form is read: a form of the page names itself (decision record 034).
  let naming: Naming = null;
  // A step-up's refusal (no fresh code, a wrong one) is said beside the form's code field too.
  const refused = (message: string, error?: unknown): AdminActionResult =>
    named({ ok: false, message, ...(isStepUpRefusal(error) ? { fieldErrors: { [STEP_UP_FIELD]: [message] } } : {}) }, naming);
  return answer(context, { failure: FORM_UNREADABLE, reply: refused }, async () => {
    let actor = await guard();
    const form = await readForm(request);
    const formKey = formKeyOf(form);
    naming = formKey ? { formKey, values: typedValues(form) } : null;
    const key = String(form.get("intent") ?? "");
    const intent = Object.hasOwn(intents, key) ? intents[key] : undefined;
    if (!intent) return data(localized(refused("admin.action.unknown"), context.locale), { status: 400 });
    const failure = typeof intent.failure === "function" ? intent.failure(form) : intent.failure;
    return answer(context, { failure, reply: refused }, async () => {
      // A guarded write's form may carry a code: proved first, the write then runs stepped up.
      const code = intent.stepUp ? postedStepUpCode(form) : undefined;
      if (code !== undefined) actor = await proveSecondFactor(context, actor, { code });
      const outcome = await intent.run({ form, context, actor });
      const [ran, status] = "status" in outcome ? [outcome.result, outcome.status] : [outcome, 200];
      const result = intent.stepUp ? withStepUpField(ran, actor) : ran;
      return data(named(localized(result, context.locale), naming), { status });
    });
  });
}
