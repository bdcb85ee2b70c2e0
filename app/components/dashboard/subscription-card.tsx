import { CreditCard } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { isLiveSubscription } from "~/domain/billing";
import { FREE_TRIAL_DAYS } from "~/domain/constants";
import type { SubscriptionSummary } from "~/domain/billing";
import { type MessageKey, type Translate, useT } from "~/i18n/i18n";
import { useFormatDay } from "./format-day";

/** Stripe's subscription statuses, as the dashboard names them; any other reads as Stripe wrote it. */
const STATUS_KEYS: Record<string, MessageKey> = {
  trialing: "portal.subscription.status.trialing",
  active: "portal.subscription.status.active",
  past_due: "portal.subscription.status.pastDue",
  unpaid: "portal.subscription.status.unpaid",
  canceled: "portal.subscription.status.canceled",
  incomplete: "portal.subscription.status.incomplete",
  incomplete_expired: "portal.subscription.status.incompleteExpired",
  paused: "portal.subscription.status.paused",
};

function statusText(status: string, t: Translate): string {
  const key = Object.hasOwn(STATUS_KEYS, status) ? STATUS_KEYS[status] : undefined;
  return key ? t(key) : status;
}

/** The sentence under the plan, saying what happens next and when. */
function nextStep(sub: SubscriptionSummary, t: Translate, formatDate: (value: Date | string) => string): string {
  if (sub.status === "canceled") return t("portal.subscription.next.ended");
  if (sub.status === "past_due" || sub.status === "unpaid") return t("portal.subscription.next.paymentFailed");
  if (sub.status === "trialing" && sub.trialEnd) {
    const date = formatDate(sub.trialEnd);
    return sub.cancelAtPeriodEnd ? t("portal.subscription.next.trialEndsNoRenewal", { date }) : t("portal.subscription.next.trialEnds", { date });
  }
  if (sub.currentPeriodEnd) {
    const date = formatDate(sub.currentPeriodEnd);
    return sub.cancelAtPeriodEnd ? t("portal.subscription.next.ends", { date }) : t("portal.subscription.next.renews", { date });
  }
  return t("portal.subscription.next.awaiting");
}

/** What the plan card and the membership card share: the plan and its status, with Manage billing or the way to the plans. */
export interface PlanStatusProps {
  subscription: SubscriptionSummary | null;
  failed: boolean;
  justPaid: boolean;
  timeZone: string;
}

/**
 * The investor's plan (issue 7): plan, interval, status and the date that matters next,
 * with Manage billing (Stripe's Billing Portal); or the way to the plans. Shown once: inside
 * the membership card (issue 33), or on its own when membership could not be read.
 */
export function PlanStatus({ subscription, failed, justPaid, timeZone }: PlanStatusProps) {
  const t = useT();
  const formatDate = useFormatDay(timeZone);
  const navigation = useNavigation();
  const opening = navigation.state !== "idle" && navigation.formData?.get("intent") === "billing-portal";
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      {subscription ? (
        <div className="space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {t("portal.subscription.planLine", {
              plan: subscription.planName ?? t("portal.subscription.unnamedPlan"),
              interval: subscription.billingInterval === "year" ? t("portal.subscription.yearly") : t("portal.subscription.monthly"),
            })}
            <Badge variant={isLiveSubscription(subscription.status) ? "success" : "secondary"}>{statusText(subscription.status, t)}</Badge>
          </p>
          <p className="text-sm text-muted-foreground">{nextStep(subscription, t, formatDate)}</p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {failed
            ? t("portal.subscription.failed")
            : justPaid
              ? t("portal.subscription.justPaid")
              : t("portal.subscription.none", { days: FREE_TRIAL_DAYS })}
        </p>
      )}
      {subscription ? (
        <Form method="post">
          <input type="hidden" name="intent" value="billing-portal" />
          <Button type="submit" variant="outline" disabled={opening}>
            {opening ? t("portal.subscription.opening") : t("portal.subscription.manage")}
          </Button>
        </Form>
      ) : failed ? null : (
        <Link to="/pricing" className={buttonVariants({ variant: "outline" })}>
          {t("portal.subscription.seePlans")}
        </Link>
      )}
    </div>
  );
}

/** The plan on its own card: when the membership card (which otherwise holds it) could not be read. */
export function SubscriptionCard(props: PlanStatusProps) {
  const t = useT();
  return (
    <Card role="region" className="gap-4 py-5" aria-labelledby="subscription-heading">
      <CardHeader className="flex flex-row items-center gap-3 px-5">
        <CreditCard className="size-5 text-accent" aria-hidden="true" />
        <h2 id="subscription-heading" className="font-serif text-xl font-semibold text-primary">
          {t("portal.subscription.title")}
        </h2>
      </CardHeader>
      <CardContent className="px-5">
        <PlanStatus {...props} />
      </CardContent>
    </Card>
  );
}
