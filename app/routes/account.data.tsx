import { data } from "react-router";
import { DataExportCard } from "~/components/account/data-export";
import { DeleteAccountSection } from "~/components/account/delete-account";
import {
  ACCOUNT_DATA_MESSAGES,
  ACCOUNT_DELETED_TOAST,
  deleteAccountSchema,
  deleteRefusal,
  type DeleteAccountRefusal,
} from "~/domain/account-data";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, readForm, settle } from "~/server/http/answer.server";
import { redirectWithToast } from "~/server/http/toast-cookie.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { checkOwnDeletion, deleteOwnAccount, signOutDeletedAccount } from "~/server/services/account-data.server";
import type { Route } from "./+types/account.data";

/**
 * /account/data (issue 13): "Download my data" and "Delete account". The layout
 * (account.tsx) has already made sure someone is signed in; the loader says how this
 * account confirms a deletion and whether anything stops it now.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const check = await settle(context, "the account deletion check", () => checkOwnDeletion(context, actorOf(viewer), { sessionId: viewer.sessionId }), null);
  return { check: check.value };
}

/** The page's words; the dialog's password field (PasswordInput) speaks the auth catalogue. */
export const handle = { catalogues: ["account", "auth"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * Delete account: the service confirms (password or fresh sign-in), refuses or deletes;
 * then this browser's session cookies are expired and the visitor lands on / with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const actor = actorOf(viewer);
  const t = translator(context.locale);
  const reply = (message: string, error: { code: string }): DeleteAccountRefusal => deleteRefusal(message, error.code);
  return answer(context, { failure: ACCOUNT_DATA_MESSAGES.deleteFailed, reply }, async () => {
    const form = await readForm(request);
    const parsed = deleteAccountSchema.safeParse({ password: form.get("password") ?? undefined });
    if (!parsed.success) return data<DeleteAccountRefusal>({ message: t(ACCOUNT_DATA_MESSAGES.enterPassword), kind: "password" }, { status: 400 });
    await deleteOwnAccount(context, actor, { ...parsed.data, sessionId: viewer.sessionId });
    const headers = await signOutDeletedAccount(context, actor);
    const toast = { ...ACCOUNT_DELETED_TOAST, title: t(ACCOUNT_DELETED_TOAST.title), description: t(ACCOUNT_DELETED_TOAST.description) };
    return redirectWithToast("/", toast, context, { headers });
  });
}

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("account.data.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AccountDataPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <DataExportCard />
      <DeleteAccountSection check={loaderData.check} />
    </>
  );
}
