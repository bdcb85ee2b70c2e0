import { BellOff } from "lucide-react";
import { data } from "react-router";
import { LinkActionCard } from "~/components/site/link-action-card";
import { ALERT_MESSAGES, type AlertTopic, alertTokenSchema } from "~/domain/alerts";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, readForm } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { findUnsubscribe, unsubscribe } from "~/server/services/alerts.server";
import type { Route } from "./+types/alerts.unsubscribe";

export const handle = { catalogues: ["portal"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** What the page asks about each kind of alert. */
const QUESTIONS = {
  app_launch: "portal.alerts.unsubscribeQuestion.appLaunch",
  new_opportunities: "portal.alerts.unsubscribeQuestion.newOpportunities",
} as const satisfies Record<AlertTopic, MessageKey>;

/**
 * /alerts/unsubscribe?token= (issue 15): every alert's unsubscribe link, working without
 * signing in. Opening it changes nothing; the button unsubscribes. Mail clients' own
 * Unsubscribe button posts here directly (RFC 8058 one-click, the token in the address).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = alertTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  const found = token.success ? await findUnsubscribe(context, await actorFor(context), { token: token.data }) : null;
  return { token: token.success ? token.data : null, topic: found?.topic ?? null, done: found?.done ?? false };
}

type ActionData = { unsubscribed: true } | { unsubscribed: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const reply = (message: string): ActionData => ({ unsubscribed: false, message });
  return answer(context, { failure: ALERT_MESSAGES.failed, reply }, async () => {
    const form = await readForm(request);
    const token = alertTokenSchema.safeParse(form.get("token") ?? new URL(request.url).searchParams.get("token"));
    if (!token.success) return data(reply(translator(context.locale)(ALERT_MESSAGES.unsubscribeLinkInvalid)), { status: 400 });
    await unsubscribe(context, await actorFor(context), { token: token.data });
    return data<ActionData>({ unsubscribed: true });
  });
}

/** `same-origin`: the token stays on this site, and the form post keeps its Origin (see booking-manage.tsx). */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("portal.alerts.unsubscribeMetaTitle", { brand: brand.name }), noindex: true });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const done = actionData?.unsubscribed === true || loaderData.done;
  return (
    <LinkActionCard
      icon={BellOff}
      title={done ? t("portal.alerts.unsubscribedTitle") : t("portal.alerts.unsubscribeTitle")}
      token={loaderData.topic ? loaderData.token : null}
      question={loaderData.topic ? t(QUESTIONS[loaderData.topic], { brand: brand.name }) : null}
      action={t("portal.alerts.unsubscribeAction")}
      busyAction={t("portal.alerts.unsubscribing")}
      done={done ? t(ALERT_MESSAGES.unsubscribed) : null}
      error={actionData && !actionData.unsubscribed ? actionData.message : null}
      invalid={t(ALERT_MESSAGES.unsubscribeLinkInvalid)}
    />
  );
}
