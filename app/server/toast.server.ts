import { createCookie, redirect, type AppLoadContext } from "react-router";
import type { FlashToast } from "~/domain/toast";

/**
 * Toasts that survive a redirect (sign-in, sign-out): a short-lived signed cookie that the
 * root loader reads once and clears. Works without JavaScript too.
 */
function toastCookie(context: AppLoadContext) {
  return createCookie("toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: context.config.siteUrl.startsWith("https://"),
    secrets: [context.config.authSecret],
    maxAge: 60,
  });
}

export async function readToast(
  request: Request,
  context: AppLoadContext,
): Promise<{ toast: FlashToast | null; headers: Headers }> {
  const cookie = toastCookie(context);
  const value = (await cookie.parse(request.headers.get("Cookie"))) as FlashToast | null;
  const headers = new Headers();
  if (value) headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return { toast: value ?? null, headers };
}

export async function redirectWithToast(
  url: string,
  toast: FlashToast,
  context: AppLoadContext,
  init: { headers?: Headers } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(context).serialize(toast));
  return redirect(url, { headers });
}
