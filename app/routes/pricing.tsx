import { Check, Info } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, redirect, useActionData, useFetcher, useRouteLoaderData, useSearchParams } from "react-router";
import { ScheduleButton } from "~/components/booking/booking-provider";
import { AnswerNotice, usePageAnswer } from "~/components/forms/form-answer";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/toaster";
import { BILLING_MESSAGES, CHECKOUT_FAILED, checkoutRefusal, checkoutRequestSchema, type CheckoutAnswer } from "~/domain/billing";
import { brand } from "~/domain/brand";
import { FREE_TRIAL_DAYS, type BillingInterval } from "~/domain/constants";
import { entitlementLineKeys, entitlementsFor, listPlans, plansIncluding } from "~/domain/entitlements";
import { formatUsd, yearlySavingPercent } from "~/domain/format";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { isMostPopular, opportunitiesLine, PLAN_SUBTITLES, planFeature, YEARLY_SAVING_UP_TO_PERCENT } from "~/domain/plans";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, readForm, settle } from "~/server/http/answer.server";
import { anonymous } from "~/server/security/actor.server";
import { actorFor } from "~/server/security/session.server";
import { onlinePaymentAvailable, startCheckout } from "~/server/services/billing.server";
import { findLibraryDocument } from "~/server/services/documents.server";
import { listActivePlans } from "~/server/services/plans.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/pricing";
import type { PublicPageHandle } from "~/domain/public-page";

/** The page's words; "portal" for what each plan includes in the investor portal (entitlementLineKeys) and the list of plans. */
export const handle = { catalogues: ["pricing", "portal"], publicPage: true } satisfies I18nHandle & PublicPageHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const documentId = new URL(request.url).searchParams.get("document");
  const [plans, doc] = await Promise.all([
    settle(context, "subscription plans", () => listActivePlans(context, anonymous), []),
    // Sent here for a document the reader's plan does not include (issue 15): say which plans do.
    documentId ? settle(context, "the document asked for", () => findLibraryDocument(context, anonymous, { id: documentId }), undefined) : null,
  ]);
  const wanted = doc?.value ? { title: doc.value.title, plans: plansIncluding(doc.value.audience) } : null;
  // Without a payment provider set up, the page offers a call instead of a checkout (issue 32).
  return { plans: plans.value, failed: plans.failed, wanted, paymentsAvailable: onlinePaymentAvailable(context) };
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * Start Subscription (SPEC.md section 4, create-checkout-subscription). Without a session:
 * to /auth, and back here afterwards. With one: a Stripe Checkout Session, whose url the
 * page opens in a new tab (`newTab`), or this tab follows it when the page runs without
 * JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(context.locale);
  return answer(context, { failure: CHECKOUT_FAILED, reply: (message) => checkoutRefusal(message, t) }, async () => {
    const actor = await actorFor(context);
    if (actor.kind !== "user") throw redirect(`/auth?redirectTo=${encodeURIComponent("/pricing")}`);
    const form = Object.fromEntries(await readForm(request));
    const parsed = checkoutRequestSchema.safeParse(form);
    if (!parsed.success) return data<CheckoutAnswer>(checkoutRefusal(t(BILLING_MESSAGES.unknownPlan), t), { status: 400 });
    const { url } = await startCheckout(context, actor, parsed.data);
    if (form.newTab !== "1") throw redirect(url);
    return data<CheckoutAnswer>({ url });
  });
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("pricing.meta.title", { brand: brand.name }),
    description: t("pricing.meta.description", { days: FREE_TRIAL_DAYS }),
    path: "/pricing",
  });
}

/** SPEC.md's FAQ: each question and its answer, which reads `{ days }` (the free trial). */
const faqs = [
  { q: "pricing.faq.cancel.q", a: "pricing.faq.cancel.a" },
  { q: "pricing.faq.payment.q", a: "pricing.faq.payment.a" },
  { q: "pricing.faq.trial.q", a: "pricing.faq.trial.a" },
] as const satisfies readonly { q: MessageKey; a: MessageKey }[];

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { plans, failed, wanted, paymentsAvailable } = loaderData;
  const t = useT();
  const [interval, setInterval] = useState<BillingInterval>("month");
  const actionData = useActionData<typeof action>();
  // Start Subscription posted as a document (decision record 034): its refusal is said in the page.
  const posted = usePageAnswer(actionData);
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.viewer);

  useEffect(() => {
    if (failed) toast.error(t("pricing.plans.loadFailed"));
  }, [failed, t]);
  useEffect(() => {
    if (actionData?.error && !posted) toast.error(actionData.error.title, { description: actionData.error.description });
  }, [actionData, posted]);
  // Back from Stripe Checkout without subscribing (its cancel_url).
  const [searchParams] = useSearchParams();
  const cancelled = searchParams.get("checkout") === "cancelled";
  useEffect(() => {
    if (cancelled) toast.info(t("pricing.checkout.cancelled"), { id: "checkout-cancelled", description: t("pricing.checkout.notCharged") });
  }, [cancelled, t]);

  const yearly = interval === "year";
  return (
    <>
      <section className="bg-primary px-4 py-14 text-center text-primary-foreground sm:px-6 sm:py-20">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">{t("pricing.hero.title")}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-primary-foreground/85">
          {t("pricing.hero.text", { days: FREE_TRIAL_DAYS })}
        </p>
        <div className="mt-8 inline-flex items-center gap-3 rounded-full bg-primary-foreground/10 px-4 py-2">
          <Label htmlFor="billing" className={yearly ? "text-primary-foreground/70" : "font-semibold"}>
            {t("pricing.interval.monthly")}
          </Label>
          <Switch
            id="billing"
            checked={yearly}
            onCheckedChange={(on) => setInterval(on ? "year" : "month")}
            aria-label={t("pricing.interval.billYearly")}
          />
          <Label htmlFor="billing" className={yearly ? "font-semibold" : "text-primary-foreground/70"}>
            {t("pricing.interval.yearly")}
          </Label>
          <Badge variant="warning">{t("pricing.interval.savingBanner", { percent: YEARLY_SAVING_UP_TO_PERCENT })}</Badge>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16" aria-label={t("pricing.plans.label")}>
        <AnswerNotice toast={posted?.error ? { type: "error", ...posted.error } : null} className="mx-auto mb-10 max-w-3xl" />
        {wanted ? (
          <p role="status" className="mx-auto mb-10 max-w-3xl rounded-xl border border-accent/60 bg-accent/10 p-4 text-center" data-testid="document-plans">
            <strong>{wanted.title}</strong>{" "}
            {t("pricing.document.included", { plans: listPlans(wanted.plans, t), count: wanted.plans.length, days: FREE_TRIAL_DAYS })}
          </p>
        ) : null}
        {!paymentsAvailable && plans.length > 0 ? (
          <p className="mx-auto mb-10 flex max-w-3xl items-start gap-3 rounded-xl border bg-muted/60 p-4" data-testid="payments-unavailable">
            <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            {t("pricing.offline.text")}
          </p>
        ) : null}
        {plans.length === 0 ? (
          <p className="py-12 text-center text-muted-foreground">
            {failed ? t("pricing.plans.loadFailed") : t("pricing.plans.empty")}
          </p>
        ) : (
          <ul className="grid gap-8 md:grid-cols-3">
            {plans.map((plan) => {
              const saving = yearlySavingPercent(plan.priceMonthly, plan.priceYearly);
              const popular = isMostPopular(plan);
              const included = entitlementLineKeys(entitlementsFor({ signedIn: true, plan })).map((line) => t(line.key, line.values));
              return (
                <li key={plan.id}>
                  <Card className={`relative h-full ${popular ? "border-2 border-accent shadow-lg" : ""}`} data-testid="plan-card">
                    {popular && <Badge className="absolute -top-3 start-1/2 -translate-x-1/2 rtl:translate-x-1/2">{t("pricing.plan.popular")}</Badge>}
                    <CardHeader>
                      <h2 className="font-serif text-2xl font-semibold">{plan.name}</h2>
                      <p className="text-sm text-muted-foreground">{Object.hasOwn(PLAN_SUBTITLES, plan.name) ? t(PLAN_SUBTITLES[plan.name]!) : ""}</p>
                      <p className="mt-4">
                        <span className="font-serif text-4xl font-semibold" data-testid="plan-price">
                          {formatUsd(yearly ? plan.priceYearly : plan.priceMonthly)}
                        </span>
                        <span className="text-muted-foreground"> {yearly ? t("pricing.plan.perYear") : t("pricing.plan.perMonth")}</span>
                      </p>
                      {yearly && saving > 0 && (
                        <Badge variant="success" className="mt-2 w-fit" data-testid="plan-saving">
                          {t("pricing.plan.saving", { percent: saving })}
                        </Badge>
                      )}
                    </CardHeader>
                    <CardContent className="flex-1 space-y-4">
                      <ul className="space-y-2 text-sm">
                        {[opportunitiesLine(plan.maxOpportunities, t), ...plan.features.map((feature) => planFeature(feature, t))].map((feature) => (
                          <li key={feature} className="flex gap-2">
                            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                            {feature}
                          </li>
                        ))}
                      </ul>
                      <div>
                        <h3 className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{t("pricing.plan.portalHeading")}</h3>
                        <ul className="mt-2 space-y-2 text-sm" data-testid="plan-entitlements">
                          {included.map((line) => (
                            <li key={line} className="flex gap-2">
                              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                              {line}
                            </li>
                          ))}
                        </ul>
                      </div>
                    </CardContent>
                    <CardFooter>
                      {paymentsAvailable ? (
                        <StartSubscription planId={plan.id} interval={interval} popular={popular} signedIn={signedIn} />
                      ) : (
                        <ScheduleButton className="w-full" variant={popular ? "accent" : "default"}>
                          {t("pricing.plan.schedule")}
                        </ScheduleButton>
                      )}
                    </CardFooter>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="mx-auto max-w-3xl px-4 pb-16 sm:px-6" aria-labelledby="faq">
        <h2 id="faq" className="font-serif text-3xl font-semibold text-primary">
          {t("pricing.faq.title")}
        </h2>
        <div className="mt-6 divide-y rounded-xl border bg-card">
          {faqs.map(({ q, a }) => (
            <details key={q} className="group p-5">
              <summary className="cursor-pointer list-none font-medium marker:content-none focus-visible:outline-2">
                {t(q)}
              </summary>
              <p className="mt-3 text-muted-foreground">{t(a, { days: FREE_TRIAL_DAYS })}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}

/**
 * One plan's Start Subscription. Signed out, the form goes to the action, which sends the
 * visitor to /auth. Signed in, a blank tab is opened at once (while the click still counts
 * as the user's, so no popup blocker stops it) and pointed at Stripe's checkout when the
 * server answers; on an error it is closed again and the toast says why.
 */
function StartSubscription({ planId, interval, popular, signedIn }: { planId: string; interval: BillingInterval; popular: boolean; signedIn: boolean }) {
  const t = useT();
  const fetcher = useFetcher<typeof action>({ key: `checkout-${planId}` });
  const tab = useRef<Window | null>(null);
  const handled = useRef<unknown>(undefined);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle") return;
    const answer = fetcher.data;
    const opened = tab.current;
    tab.current = null;
    // Done without a new answer: the session had ended and the page went to sign in.
    if (!answer || handled.current === answer) {
      opened?.close();
      return;
    }
    handled.current = answer;
    if (answer.url) {
      if (opened && !opened.closed) opened.location.href = answer.url;
      else window.location.assign(answer.url);
    } else if (answer.error) {
      opened?.close();
      toast.error(answer.error.title, { description: answer.error.description });
    }
  }, [fetcher.state, fetcher.data]);

  // Leaving the page before the answer (a redirect to sign in) closes the tab opened for it.
  useEffect(() => {
    const pending = tab;
    return () => pending.current?.close();
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!signedIn) return;
    event.preventDefault();
    const opened = window.open("", "_blank");
    if (opened) {
      opened.opener = null;
      opened.document.title = t("pricing.checkout.opening");
    }
    tab.current = opened;
    const form = new FormData(event.currentTarget);
    form.set("newTab", "1");
    void fetcher.submit(form, { method: "post" });
  }

  return (
    <fetcher.Form method="post" className="w-full" onSubmit={onSubmit}>
      <input type="hidden" name="planId" value={planId} />
      <input type="hidden" name="billingInterval" value={interval} />
      <Button type="submit" className="w-full" variant={popular ? "accent" : "default"} disabled={busy}>
        {busy ? t("pricing.plan.processing") : t("pricing.plan.start")}
      </Button>
    </fetcher.Form>
  );
}
