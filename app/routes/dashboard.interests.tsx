import { opportunityPath } from "~/domain/site-map";
import { ArrowLeft, LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { useFormatDay } from "~/components/dashboard/format-day";
import { AnswerNotice, usePageAnswer } from "~/components/forms/form-answer";
import { InterestStatusBadge } from "~/components/interests/interest-status-badge";
import { Button } from "~/components/ui/button";
import { showFlashToast } from "~/components/ui/toaster";
import { brand } from "~/domain/brand";
import { formatUsd } from "~/domain/format";
import { INTEREST_MESSAGES, WITHDRAWABLE_STATUSES, withdrawInterestSchema } from "~/domain/interests";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { i18nFor, type I18nHandle, translateMessage, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import type { FlashToast } from "~/domain/toast";
import { answer, readForm } from "~/server/http/answer.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { interestAllowance, listOwnInterests, withdrawInterest } from "~/server/services/interests.server";
import type { Route } from "./+types/dashboard.interests";

/** The interest panel's badges and messages are in the opportunities catalogue. */
export const handle = { catalogues: ["portal", "opportunities"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /dashboard/interests (issue 15): the investor's expressions of interest, this month's allowance, and withdrawing one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const [interests, allowance] = await Promise.all([listOwnInterests(context, actor), interestAllowance(context, actor)]);
  return { interests, allowance, timeZone: context.config.firmTimeZone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const t = translator(context.locale);
  // The interests' own messages may be keys (of the opportunities catalogue) or English: said in the request's language.
  const say = (message: string) => translateMessage(i18nFor(context.locale), message);
  const reply = (message: string): { toast: FlashToast } => ({ toast: { type: "error", title: t("portal.interests.notWithdrawn"), description: message } });
  return answer(context, { failure: INTEREST_MESSAGES.withdrawFailed, reply }, async () => {
    const parsed = withdrawInterestSchema.safeParse(Object.fromEntries(await readForm(request)));
    if (!parsed.success) return data(reply(t("portal.interests.unknown")), { status: 400 });
    await withdrawInterest(context, actor, parsed.data);
    return data({ toast: { type: "success", title: say(INTEREST_MESSAGES.withdrawn) } satisfies FlashToast });
  });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("portal.interests.metaTitle", { brand: brand.name }), noindex: true });
}

export default function DashboardInterests({ loaderData, actionData }: Route.ComponentProps) {
  const { interests, allowance, timeZone } = loaderData;
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  const navigation = useNavigation();
  // A toast, or in the page when the form was posted as a document (decision record 034).
  const posted = usePageAnswer(actionData);
  useEffect(() => {
    if (actionData?.toast && !posted) showFlashToast(actionData.toast);
  }, [actionData, posted]);
  const withdrawing = navigation.state !== "idle" ? navigation.formData?.get("interestId") : null;
  return (
    <div className="bg-muted/40 pb-16">
      <div className="mx-auto max-w-4xl px-4 pt-8 sm:px-6">
        <Link to="/dashboard" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t("portal.interests.back")}
        </Link>
        <h1 className="mt-4 font-serif text-3xl font-semibold text-primary">{t("portal.interests.title")}</h1>
        <p className="mt-1 text-muted-foreground" data-testid="interest-allowance">
          {allowance.limit === null
            ? t("portal.interests.unlimited")
            : t("portal.interests.allowance", { used: allowance.used, limit: allowance.limit })}{" "}
          <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("portal.comparePlans")}
          </Link>
        </p>
        <AnswerNotice toast={posted?.toast} className="mt-4" />
        {interests.length === 0 ? (
          <div className="mt-8 rounded-xl border border-dashed bg-card p-10 text-center">
            <p className="text-lg font-medium">{t("portal.interests.empty")}</p>
            <Button asChild variant="outline" className="mt-4">
              <Link to="/opportunities">{t("portal.interests.browse")}</Link>
            </Button>
          </div>
        ) : (
          <ul className="mt-8 space-y-4">
            {interests.map((i) => (
              <li key={i.id}>
                <article aria-label={i.opportunityTitle} className="rounded-xl border bg-card p-5 shadow-sm" data-testid="own-interest">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h2 className="font-serif text-lg font-semibold">
                        <Link to={opportunityPath(i.opportunitySlug)} className="hover:underline">
                          {i.opportunityTitle}
                        </Link>
                      </h2>
                      <p className="text-sm text-muted-foreground">{t("portal.interests.registered", { date: formatDay(i.createdAt) })}</p>
                    </div>
                    <InterestStatusBadge status={i.status} withdrawn={i.withdrawnAt !== null} />
                  </div>
                  <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                    <div className="flex gap-1">
                      <dt className="text-muted-foreground">{t("portal.interests.amount")}</dt>
                      <dd className="font-medium">{formatUsd(i.amountUsd)}</dd>
                    </div>
                    {i.units ? (
                      <div className="flex gap-1">
                        <dt className="text-muted-foreground">{t("portal.interests.units")}</dt>
                        <dd className="font-medium">{i.units}</dd>
                      </div>
                    ) : null}
                  </dl>
                  {i.note ? <p className="mt-2 text-sm text-foreground/85">{i.note}</p> : null}
                  {i.withdrawnAt === null && WITHDRAWABLE_STATUSES.includes(i.status) ? (
                    <Form method="post" className="mt-4">
                      <input type="hidden" name="interestId" value={i.id} />
                      <Button type="submit" variant="outline" size="sm" disabled={withdrawing === i.id} aria-label={t("portal.interests.withdrawLabel", { title: i.opportunityTitle })}>
                        {withdrawing === i.id ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
                        {withdrawing === i.id ? t("portal.interests.withdrawing") : t("portal.interests.withdraw")}
                      </Button>
                    </Form>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
