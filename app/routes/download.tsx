import { BellRing, CalendarCheck, FileText, LineChart, LoaderCircle, Smartphone } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { UnsubscribeHint } from "~/components/site/unsubscribe-hint";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ALERT_MESSAGES, notifyMeSchema } from "~/domain/alerts";
import { brand } from "~/domain/brand";
import { EARLY_ACCESS_DAYS } from "~/domain/constants";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { i18nFor, type I18nHandle, type MessageKey, translateMessage, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import { answer, readForm } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { requestLaunchAlert } from "~/server/services/alerts.server";
import type { Route } from "./+types/download";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { catalogues: ["portal"], publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** A signed-in investor's own address fills the Notify Me form (issue 15). */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.viewer();
  return { email: viewer?.email ?? "" };
}

type NotifyAnswer = { ok: true; message: string; unsubscribeToken?: string } | { ok: false; message: string; field?: boolean };

/**
 * Notify Me (issue 15): the app-launch alert, confirmed through a link sent to the address
 * (double opt-in) unless it is the signed-in investor's own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reply = (message: string): NotifyAnswer => ({ ok: false, message });
  // Messages are keys (the address's check may give one of another catalogue): said in the request's language.
  const say = (message: string) => translateMessage(i18nFor(context.locale), message);
  return answer(context, { failure: ALERT_MESSAGES.failed, reply }, async () => {
    const parsed = notifyMeSchema.safeParse(Object.fromEntries(await readForm(request)));
    if (!parsed.success) return data<NotifyAnswer>({ ok: false, message: say(parsed.error.issues[0]?.message ?? ALERT_MESSAGES.failed), field: true }, { status: 400 });
    const requested = await requestLaunchAlert(context, await actorFor(context), parsed.data);
    return data<NotifyAnswer>(
      requested.confirmed
        ? { ok: true, message: say(ALERT_MESSAGES.confirmed), unsubscribeToken: requested.unsubscribeToken }
        : { ok: true, message: say(ALERT_MESSAGES.checkEmail) },
    );
  });
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("portal.download.metaTitle", { brand: brand.name }),
    description: t("portal.download.metaDescription", { brand: brand.name }),
    path: "/download",
  });
}

const features = [
  { icon: LineChart, title: "portal.download.portfolioTitle", text: "portal.download.portfolioText" },
  { icon: CalendarCheck, title: "portal.download.consultationsTitle", text: "portal.download.consultationsText" },
  { icon: FileText, title: "portal.download.reportsTitle", text: "portal.download.reportsText" },
  { icon: BellRing, title: "portal.download.alertsTitle", text: "portal.download.alertsText" },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

export default function Download({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <StaticPage eyebrow={t("portal.download.eyebrow")} title={t("portal.download.title", { brand: brand.name })} lead={t("portal.download.lead")}>
      <StaticSection title={t("portal.download.featuresTitle")}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-5">
              <Icon className="size-6 text-accent" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-foreground">{t(title)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(text)}</p>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("portal.download.notifyTitle")}>
        <p>{t("portal.download.notifyText")}</p>
        {actionData?.ok ? (
          <div className="rounded-md border border-success/40 bg-success/10 p-4 text-sm text-foreground">
            <p role="alert">{actionData.message}</p>
            {actionData.unsubscribeToken ? <UnsubscribeHint token={actionData.unsubscribeToken} /> : null}
          </div>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-3" aria-label={t("portal.download.formLabel")}>
            <div className="grid min-w-64 flex-1 gap-1.5">
              <Label htmlFor="notify-email">{t("portal.download.email")}</Label>
              <Input
                id="notify-email"
                name="email"
                type="email"
                required
                autoComplete="email"
                maxLength={100}
                defaultValue={loaderData.email}
                aria-invalid={failed?.field ? true : undefined}
                aria-describedby={failed ? "notify-error" : undefined}
              />
            </div>
            <Button type="submit" disabled={sending}>
              {sending ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Smartphone aria-hidden="true" />}
              {sending ? t("portal.download.sending") : t("portal.download.notify")}
            </Button>
            <Button asChild variant="outline">
              <Link to="/pricing">{t("portal.download.premiumPlans")}</Link>
            </Button>
          </Form>
        )}
        {failed ? (
          <p id="notify-error" role="alert" className="text-sm text-destructive">
            {failed.message}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          <RichText
            message={t("portal.download.earlyAccess", { ...standIns("link"), days: EARLY_ACCESS_DAYS })}
            elements={{
              link: (
                <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
                  {t("portal.download.pricingLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>
    </StaticPage>
  );
}
