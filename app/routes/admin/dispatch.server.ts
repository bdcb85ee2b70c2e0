import { data, type AppLoadContext } from "react-router";
import { FORM_UNREADABLE, type AdminActionResult } from "~/domain/action-result";
import { answer, readForm } from "~/server/http/answer.server";
import { requireAdmin } from "~/server/security/actor.server";
import { adminActorFor } from "~/server/security/session.server";
import type { AdminIntent } from "./types";

const refused = (message: string): AdminActionResult => ({ ok: false, message });

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
    if (!intent) return data(refused("Unknown action"), { status: 400 });
    const failure = typeof intent.failure === "function" ? intent.failure(form) : intent.failure;
    return answer(context, { failure, reply: refused }, async () => {
      const outcome = await intent.run({ form, context, actor });
      return "status" in outcome ? data(outcome.result, { status: outcome.status }) : data(outcome);
    });
  });
}
