import { CreditCard } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { isLiveSubscription, subscriptionNextStep, subscriptionStatusLabel } from "~/domain/billing";
import { formatBookedDate } from "~/domain/booking-labels";
import { FREE_TRIAL_DAYS } from "~/domain/constants";
import type { SubscriptionSummary } from "~/domain/billing";

/**
 * The investor's plan on their dashboard (issue 7): plan, interval, status and the date
 * that matters next, with Manage billing (Stripe's Billing Portal); or the way to the plans.
 */
export function SubscriptionCard({
  subscription,
  failed,
  justPaid,
  timeZone,
}: {
  subscription: SubscriptionSummary | null;
  failed: boolean;
  justPaid: boolean;
  timeZone: string;
}) {
  const navigation = useNavigation();
  const opening = navigation.state !== "idle" && navigation.formData?.get("intent") === "billing-portal";
  const formatDate = (value: Date | string) => formatBookedDate(value, timeZone);
  return (
    <Card role="region" className="mb-6 gap-4 py-5" aria-labelledby="subscription-heading">
      <CardHeader className="flex flex-row items-center gap-3 px-5">
        <CreditCard className="size-5 text-accent" aria-hidden="true" />
        <h2 id="subscription-heading" className="font-serif text-xl font-semibold text-primary">
          Your plan
        </h2>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4 px-5">
        {subscription ? (
          <div className="space-y-1">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              {subscription.planName ?? "Subscription"} plan · {subscription.billingInterval === "year" ? "Yearly" : "Monthly"}
              <Badge variant={isLiveSubscription(subscription.status) ? "success" : "secondary"}>{subscriptionStatusLabel(subscription.status)}</Badge>
            </p>
            <p className="text-sm text-muted-foreground">{subscriptionNextStep(subscription, formatDate)}</p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            {failed
              ? "Your subscription could not be loaded. Please try again later."
              : justPaid
                ? "Thank you. Your subscription appears here as soon as our payment provider confirms it."
                : `You have no subscription yet. Every plan starts with a ${FREE_TRIAL_DAYS}-day free trial.`}
          </p>
        )}
        {subscription ? (
          <Form method="post">
            <input type="hidden" name="intent" value="billing-portal" />
            <Button type="submit" variant="outline" disabled={opening}>
              {opening ? "Opening..." : "Manage billing"}
            </Button>
          </Form>
        ) : failed ? null : (
          <Link to="/pricing" className={buttonVariants({ variant: "outline" })}>
            See plans
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
