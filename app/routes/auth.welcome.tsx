import { authSuccess } from "~/domain/auth-messages";
import { safeRedirect } from "~/domain/safe-redirect";
import { translator } from "~/i18n/i18n";
import { requireViewer } from "~/server/security/session.server";
import { redirectWithToast } from "~/server/http/toast-cookie.server";
import type { Route } from "./+types/auth.welcome";

/**
 * Where Google and LinkedIn sign-ins land: greets the investor with SPEC.md's sign-in
 * toast, then goes on to where they were heading.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer(request, context);
  const to = safeRedirect(new URL(request.url).searchParams.get("to"));
  const t = translator(context.locale);
  return redirectWithToast(to, authSuccess(t, "auth.toast.welcomeTitle", "auth.toast.welcomeText"), context);
}
