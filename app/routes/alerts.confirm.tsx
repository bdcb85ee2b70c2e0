import { CheckCircle2, MailCheck } from "lucide-react";
import { data } from "react-router";
import { LinkActionCard } from "~/components/site/link-action-card";
import { UnsubscribeHint } from "~/components/site/unsubscribe-hint";
import { ALERT_MESSAGES, type AlertTopic, alertTokenSchema } from "~/domain/alerts";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, readForm } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { confirmAlert, findPendingConfirmation } from "~/server/services/alerts.server";
import type { Route } from "./+types/alerts.confirm";

export const handle = { catalogues: ["portal"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** What the page asks about each kind of alert. */
const QUESTIONS = {
  app_launch: "portal.alerts.confirmQuestion.appLaunch",
  new_opportunities: "portal.alerts.confirmQuestion.newOpportunities",
} as const satisfies Record<AlertTopic, MessageKey>;

/**
 * /alerts/confirm?token= (issue 15): the double opt-in. Opening the link changes nothing
 * (mail scanners open links); the button confirms, and the page then says how to stop
 * (issue 32), as the "you are subscribed" mail does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = alertTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  const pending = token.success ? await findPendingConfirmation(context, await actorFor(context), { token: token.data }) : null;
  return { token: token.success ? token.data : null, topic: pending?.topic ?? null };
}

type ActionData = { confirmed: true; topic: string; unsubscribeToken: string } | { confirmed: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const reply = (message: string): ActionData => ({ confirmed: false, message });
  return answer(context, { failure: ALERT_MESSAGES.failed, reply }, async () => {
    const token = alertTokenSchema.safeParse((await readForm(request)).get("token"));
    if (!token.success) return data(reply(translator(context.locale)(ALERT_MESSAGES.confirmLinkInvalid)), { status: 400 });
    const { topic, unsubscribeToken } = await confirmAlert(context, await actorFor(context), { token: token.data });
    return data<ActionData>({ confirmed: true, topic, unsubscribeToken });
  });
}

/** `same-origin`: the token stays on this site, and the form post keeps its Origin (see booking-manage.tsx). */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("portal.alerts.confirmMetaTitle", { brand: brand.name }), noindex: true });
}

export default function ConfirmAlert({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const done = actionData?.confirmed === true ? t(actionData.topic === "app_launch" ? ALERT_MESSAGES.confirmed : ALERT_MESSAGES.confirmedOpportunities) : null;
  return (
    <LinkActionCard
      icon={done ? CheckCircle2 : MailCheck}
      title={done ? t("portal.alerts.confirmedTitle") : t("portal.alerts.confirmTitle")}
      token={loaderData.topic ? loaderData.token : null}
      question={loaderData.topic ? t(QUESTIONS[loaderData.topic], { brand: brand.name }) : null}
      action={t("portal.alerts.confirmAction")}
      busyAction={t("portal.alerts.confirming")}
      done={done}
      error={actionData && !actionData.confirmed ? actionData.message : null}
      invalid={t(ALERT_MESSAGES.confirmLinkInvalid)}
    >
      {actionData?.confirmed === true ? <UnsubscribeHint token={actionData.unsubscribeToken} /> : null}
    </LinkActionCard>
  );
}
