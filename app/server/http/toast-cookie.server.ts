import { hkdfSync } from "node:crypto";
import { createCookie, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import type { FlashToast } from "~/domain/toast";

const toastShape = z.object({
  type: z.enum(["success", "error", "info"]),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});

/** A key of its own, derived from the session secret, so no other signed value passes as a toast. */
function toastSecret(authSecret: string): string {
  return Buffer.from(hkdfSync("sha256", authSecret, "", "tigris toast cookie", 32)).toString("base64url");
}

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
    secrets: [toastSecret(context.config.authSecret)],
    maxAge: 60,
  });
}

export async function readToast(
  request: Request,
  context: AppLoadContext,
): Promise<{ toast: FlashToast | null; headers: Headers }> {
  const cookie = toastCookie(context);
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  const headers = new Headers();
  if (value) headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const parsed = toastShape.safeParse(value);
  return { toast: parsed.success ? parsed.data : null, headers };
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
