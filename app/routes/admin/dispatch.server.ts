import { data, type AppLoadContext } from "react-router";
import { FORM_UNREADABLE, type AdminActionResult } from "~/domain/action-result";
import { i18nFor, translateMessage } from "~/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { answer, readForm } from "~/server/http/answer.server";
import { requireAdmin } from "~/server/security/actor.server";
import { adminActorFor } from "~/server/security/session.server";
import type { AdminIntent } from "./types";

const refused = (message: string): AdminActionResult => ({ ok: false, message });

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
  return answer(context, { failure: FORM_UNREADABLE, reply: refused }, async () => {
    const actor = await adminActorFor(context);
    requireAdmin(actor);
    const form = await readForm(request);
    const key = String(form.get("intent") ?? "");
    const intent = Object.hasOwn(intents, key) ? intents[key] : undefined;
    if (!intent) return data(localized(refused("admin.action.unknown"), context.locale), { status: 400 });
    const failure = typeof intent.failure === "function" ? intent.failure(form) : intent.failure;
    return answer(context, { failure, reply: refused }, async () => {
      const outcome = await intent.run({ form, context, actor });
      return "status" in outcome ? data(localized(outcome.result, context.locale), { status: outcome.status }) : data(localized(outcome, context.locale));
    });
  });
}
