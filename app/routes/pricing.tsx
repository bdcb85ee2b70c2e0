import { Check } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/toaster";
import { brand } from "~/domain/brand";
import { FREE_TRIAL_DAYS, YEARLY_SAVING_BANNER, type BillingInterval } from "~/domain/constants";
import { formatUsd, yearlySavingPercent } from "~/domain/format";
import { routeMeta } from "~/domain/seo";
import { isMostPopular, opportunitiesLine, PLAN_SUBTITLES } from "~/domain/plans";
import { anonymous } from "~/server/actor.server";
import { listActivePlans } from "~/server/plans.server";
import { getViewer } from "~/server/session.server";
import type { Route } from "./+types/pricing";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { plans: await listActivePlans(context.db, anonymous), failed: false };
  } catch (error) {
    context.log.error({ err: error }, "failed to load subscription plans");
    return { plans: [], failed: true };
  }
}

/**
 * Start Subscription. Without a session: to /auth, and back here afterwards. Checkout
 * itself arrives with the Subscriptions issue; until then a signed-in investor is told
 * plainly that online payment is not available yet.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewer(request, context);
  if (!viewer) throw redirect(`/auth?redirectTo=${encodeURIComponent("/pricing")}`);
  return data(
    {
      error: {
        title: "Failed to start checkout process",
        description: "Online payment is not available yet. Please contact us and we will set up your subscription.",
      },
    },
    { status: 503 },
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Pricing | ${brand.name}`,
    description: `Explorer, Investor and Elite plans for research, due-diligence packs and adviser access. Monthly or yearly, with a ${FREE_TRIAL_DAYS}-day free trial.`,
    path: "/pricing",
  });
}

const faqs = [
  {
    q: "Can I cancel anytime?",
    a: "Yes. You can cancel whenever you like from your account; your plan stays active until the end of the period you have paid for, and you are not charged again.",
  },
  {
    q: "Which payment methods do you accept?",
    a: "All major credit and debit cards (Visa, Mastercard, American Express), processed securely by Stripe. Family offices on the Elite plan can also pay yearly by bank transfer.",
  },
  {
    q: "Is there a free trial?",
    a: `Every plan starts with a ${FREE_TRIAL_DAYS}-day free trial. You can cancel before it ends and you will not be charged.`,
  },
];

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { plans, failed } = loaderData;
  const [interval, setInterval] = useState<BillingInterval>("month");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyPlan = navigation.state !== "idle" ? navigation.formData?.get("planId") : undefined;

  useEffect(() => {
    if (failed) toast.error("Failed to load subscription plans");
  }, [failed]);
  useEffect(() => {
    if (actionData?.error) toast.error(actionData.error.title, { description: actionData.error.description });
  }, [actionData]);

  const yearly = interval === "year";
  return (
    <>
      <section className="bg-primary px-4 py-14 text-center text-primary-foreground sm:px-6 sm:py-20">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Plans for serious investors</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-primary-foreground/85">
          Research, due-diligence packs and time with our advisers, with a {FREE_TRIAL_DAYS}-day free trial on every plan.
        </p>
        <div className="mt-8 inline-flex items-center gap-3 rounded-full bg-primary-foreground/10 px-4 py-2">
          <Label htmlFor="billing" className={yearly ? "text-primary-foreground/70" : "font-semibold"}>
            Monthly
          </Label>
          <Switch
            id="billing"
            checked={yearly}
            onCheckedChange={(on) => setInterval(on ? "year" : "month")}
            aria-label="Bill yearly"
          />
          <Label htmlFor="billing" className={yearly ? "font-semibold" : "text-primary-foreground/70"}>
            Yearly
          </Label>
          <Badge variant="warning">{YEARLY_SAVING_BANNER}</Badge>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16" aria-label="Plans">
        {plans.length === 0 ? (
          <p className="py-12 text-center text-muted-foreground">
            {failed ? "Failed to load subscription plans" : "Our plans are being updated. Please check back shortly."}
          </p>
        ) : (
          <ul className="grid gap-8 md:grid-cols-3">
            {plans.map((plan) => {
              const saving = yearlySavingPercent(plan.priceMonthly, plan.priceYearly);
              const popular = isMostPopular(plan);
              return (
                <li key={plan.id}>
                  <Card className={`relative h-full ${popular ? "border-2 border-accent shadow-lg" : ""}`} data-testid="plan-card">
                    {popular && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge>}
                    <CardHeader>
                      <h2 className="font-serif text-2xl font-semibold">{plan.name}</h2>
                      <p className="text-sm text-muted-foreground">{PLAN_SUBTITLES[plan.name] ?? ""}</p>
                      <p className="mt-4">
                        <span className="font-serif text-4xl font-semibold" data-testid="plan-price">
                          {formatUsd(yearly ? plan.priceYearly : plan.priceMonthly)}
                        </span>
                        <span className="text-muted-foreground"> / {yearly ? "year" : "month"}</span>
                      </p>
                      {yearly && saving > 0 && (
                        <Badge variant="success" className="mt-2 w-fit" data-testid="plan-saving">
                          Save {saving}%
                        </Badge>
                      )}
                    </CardHeader>
                    <CardContent className="flex-1">
                      <ul className="space-y-2 text-sm">
                        {[opportunitiesLine(plan.maxOpportunities), ...plan.features].map((feature) => (
                          <li key={feature} className="flex gap-2">
                            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                            {feature}
                          </li>
                        ))}
                      </ul>
                    </CardContent>
                    <CardFooter>
                      <Form method="post" className="w-full">
                        <input type="hidden" name="planId" value={plan.id} />
                        <input type="hidden" name="billingInterval" value={interval} />
                        <Button type="submit" className="w-full" variant={popular ? "accent" : "default"} disabled={busyPlan === plan.id}>
                          {busyPlan === plan.id ? "Processing..." : "Start Subscription"}
                        </Button>
                      </Form>
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
          Frequently asked questions
        </h2>
        <div className="mt-6 divide-y rounded-xl border bg-card">
          {faqs.map(({ q, a }) => (
            <details key={q} className="group p-5">
              <summary className="cursor-pointer list-none font-medium marker:content-none focus-visible:outline-2">
                {q}
              </summary>
              <p className="mt-3 text-muted-foreground">{a}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}
