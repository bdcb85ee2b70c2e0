import { MailWarning } from "lucide-react";
import { data, Link } from "react-router";
import { LinkActionCard } from "~/components/site/link-action-card";
import { buttonVariants } from "~/components/ui/button";
import { EMAIL_UNDO_REFUSALS } from "~/domain/account-security";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, readForm } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { findEmailChangeUndo, undoEmailChange } from "~/server/services/email-change.server";
import type { Route } from "./+types/auth.undo-email-change";

export const handle = { catalogues: ["account"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);


/**
 * /auth/undo-email-change?token= (issue 52, item 1; decision 056): the link mailed to the old
 * address when a change of address is confirmed. It works without signing in (whoever changed
 * the address may hold the account's sessions) for 72 hours, once. Opening it changes nothing
 * (mail scanners open links); its button restores the old address and signs every device out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await findEmailChangeUndo(context, await actorFor(context), { token });
  return found.state === "ready" ? { token, oldEmail: found.oldEmail, newEmail: found.newEmail, refusal: null } : { token: null, oldEmail: null, newEmail: null, refusal: EMAIL_UNDO_REFUSALS[found.state] };
}

type ActionData = { undone: true; email: string } | { undone: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const reply = (message: string): ActionData => ({ undone: false, message });
  return answer(context, { failure: "account.emailUndo.failed", reply }, async () => {
    const form = await readForm(request);
    const token = String(form.get("token") ?? "");
    const { email } = await undoEmailChange(context, await actorFor(context), { token });
    return data<ActionData>({ undone: true, email });
  });
}

/** `same-origin`: the token stays on this site, and the form post keeps its Origin (see booking-manage.tsx). */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("account.emailUndo.metaTitle", { brand: brand.name }), noindex: true });
}

export default function UndoEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const done = actionData?.undone ? actionData.email : null;
  // Each address kept whole, left to right, moving to the next line as one (broken only when longer than a line).
  const address = (email: string) => (
    <bdi dir="ltr" className="inline-block max-w-full font-medium [overflow-wrap:anywhere]">
      {email}
    </bdi>
  );
  return (
    <LinkActionCard
      icon={MailWarning}
      title={done ? t("account.emailUndo.doneTitle") : t("account.emailUndo.title")}
      token={loaderData.token}
      question={
        loaderData.oldEmail ? (
          <RichText
            message={t("account.emailUndo.question", standIns("oldEmail", "newEmail"))}
            elements={{ oldEmail: address(loaderData.oldEmail), newEmail: address(loaderData.newEmail) }}
          />
        ) : null
      }
      action={t("account.emailUndo.action")}
      busyAction={t("account.emailUndo.busy")}
      done={done ? <RichText message={t("account.emailUndo.done", standIns("email"))} elements={{ email: address(done) }} /> : null}
      error={actionData && !actionData.undone ? actionData.message : null}
      invalid={t(loaderData.refusal ?? "account.emailUndo.invalid")}
    >
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/auth" className={buttonVariants()}>
          {t("account.emailUndo.signIn")}
        </Link>
        <Link to="/auth/forgot-password" className={buttonVariants({ variant: "outline" })}>
          {t("account.emailUndo.newPassword")}
        </Link>
      </div>
    </LinkActionCard>
  );
}
