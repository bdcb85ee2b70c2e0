import { redirect } from "react-router";
import { AUTH_REQUEST_FAILED, authFailure, type AuthRefusal } from "~/domain/auth-messages";
import { safeRedirect } from "~/domain/safe-redirect";
import { translator } from "~/i18n/i18n";
import { answer, readForm } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { signOut } from "~/server/services/accounts.server";
import type { Route } from "./+types/auth.sign-out";

/** POST only: ends the session on the server, clears the cookie, then goes where asked. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(context.locale);
  return answer(context, { failure: AUTH_REQUEST_FAILED, reply: (message): AuthRefusal => ({ toast: authFailure(t, message) }) }, async () => {
    const formData = await readForm(request);
    const headers = await signOut(context, await actorFor(context));
    return redirect(safeRedirect(formData.get("redirectTo")), { headers });
  });
}

export function loader() {
  return redirect("/");
}
