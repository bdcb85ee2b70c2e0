import { redirect } from "react-router";
import { signOut } from "~/server/services/accounts.server";
import { safeRedirect } from "~/domain/safe-redirect";
import type { Route } from "./+types/auth.sign-out";

/** POST only: ends the session on the server, clears the cookie, then goes where asked. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const headers = await signOut(request, context);
  return redirect(safeRedirect(formData.get("redirectTo")), { headers });
}

export function loader() {
  return redirect("/");
}
