import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data } from "react-router";
import { ProfileForm } from "~/components/account/profile-form";
import { showFlashToast } from "~/components/ui/toaster";
import { brand } from "~/domain/brand";
import { PROFILE_MESSAGES, profileFormDefaults, profileUpdateSchema } from "~/domain/profile-update";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import type { FlashToast } from "~/domain/toast";
import { type I18nHandle, translator } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, readForm } from "~/server/http/answer.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { getOwnMailLocale, updateOwnProfile } from "~/server/services/profiles.server";
import { getOwnProfile } from "~/server/services/users.server";
import type { Route } from "./+types/account.profile";

interface ActionResult {
  /** Conform's reply: field messages with the typed values, or a reset after a save. */
  result?: SubmissionResult<string[]>;
  toast?: FlashToast;
  saved?: boolean;
}

/** The form's words; the names follow the sign-up rules, whose messages are the auth catalogue's. */
export const handle = { catalogues: ["account", "auth"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /account/profile (issue 13): the investor edits their own profile. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const [profile, locale] = await Promise.all([getOwnProfile(context, actorOf(viewer)), getOwnMailLocale(context, actorOf(viewer))]);
  // Without a profile row, the account's own names start the form (the save creates the row).
  const stored = profile ?? {
    firstName: viewer.firstName,
    lastName: viewer.lastName,
    company: null,
    phone: null,
    investorType: null,
    preferredContactMethod: null,
  };
  // The e-mails' language is the account's (issue 17), chosen in the same form.
  return { email: profile?.email ?? viewer.email, defaults: profileFormDefaults({ ...stored, locale }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const t = translator(context.locale);
  const reply = (message: string): ActionResult => ({
    toast: { type: "error", title: t(PROFILE_MESSAGES.notSavedTitle), description: message },
  });
  return answer(context, { failure: PROFILE_MESSAGES.saveFailed, reply }, async () => {
    const submission = parseWithZod(await readForm(request), { schema: profileUpdateSchema });
    if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
    await updateOwnProfile(context, actor, submission.value);
    return data<ActionResult>({
      result: submission.reply({ resetForm: true }),
      saved: true,
      toast: { type: "success", title: t(PROFILE_MESSAGES.saved.title), description: t(PROFILE_MESSAGES.saved.description) },
    });
  });
}

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("account.profile.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AccountProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData?.toast) showFlashToast(actionData.toast);
  }, [actionData]);
  return (
    <ProfileForm
      // A save reads the profile again: the form starts over from what was stored.
      key={JSON.stringify(loaderData.defaults)}
      email={loaderData.email}
      defaults={loaderData.defaults}
      lastResult={actionData?.result}
      saved={actionData?.saved === true}
    />
  );
}
