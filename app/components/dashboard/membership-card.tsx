import { BellRing, CreditCard, FileText, Star } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { entitlementLineKeys, type Entitlements } from "~/domain/entitlements";
import { useT } from "~/i18n/i18n";
import { PlanStatus, type PlanStatusProps } from "./subscription-card";

/**
 * The investor's plan and what it gives them (issues 7, 15 and 33), in one card so the plan
 * is said once: the plan and its status with Manage billing or the way to the plans, then
 * the plan's entitlements, their interests this month, the document library, and
 * new-opportunity alerts on or off. The SPEC's three tabs stay as they are.
 */
export function MembershipCard({
  entitlements,
  allowance,
  alertsOn,
  plan,
}: {
  entitlements: Entitlements;
  allowance: { limit: number | null; used: number };
  alertsOn: boolean;
  plan: PlanStatusProps;
}) {
  const t = useT();
  const navigation = useNavigation();
  const switching = navigation.state !== "idle" && navigation.formData?.get("intent") === "opportunity-alerts";
  const shownOn = switching ? navigation.formData?.get("enabled") === "on" : alertsOn;
  return (
    <Card role="region" aria-labelledby="subscription-heading" className="gap-4 py-5">
      <CardHeader className="flex flex-row items-center gap-3 px-5">
        <CreditCard className="size-5 text-accent" aria-hidden="true" />
        <h2 id="subscription-heading" className="font-serif text-xl font-semibold text-primary">
          {t("portal.subscription.title")}
        </h2>
      </CardHeader>
      <CardContent className="px-5">
        <PlanStatus {...plan} />
      </CardContent>
      <CardContent className="grid gap-6 border-t px-5 pt-5 md:grid-cols-3">
        <div className="space-y-2">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <FileText className="size-4 text-accent" aria-hidden="true" /> {entitlements.planName ? t("portal.membership.planIncludes", { plan: entitlements.planName }) : t("portal.membership.noPlan")}
          </h3>
          <ul className="list-disc space-y-1 ps-5 text-sm text-muted-foreground" data-testid="entitlements">
            {entitlementLineKeys(entitlements).map((line) => (
              <li key={line.key}>{t(line.key, line.values)}</li>
            ))}
          </ul>
          <Link to="/documents" className="inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t("portal.membership.library")}
          </Link>
          {entitlements.publicOnly ? (
            <Link to="/account/qualification" className="block text-sm font-medium text-primary underline-offset-4 hover:underline" data-testid="public-only-link">
              {t("portal.membership.qualification")}
            </Link>
          ) : null}
        </div>
        <div className="space-y-2">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <Star className="size-4 text-accent" aria-hidden="true" /> {t("portal.membership.interestsTitle")}
          </h3>
          <p className="text-sm text-muted-foreground">
            {allowance.limit === null
              ? t("portal.membership.usedUnlimited", { used: allowance.used })
              : t("portal.membership.used", { used: allowance.used, limit: allowance.limit })}
          </p>
          <Link to="/dashboard/interests" className="inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t("portal.membership.myInterests")}
          </Link>
        </div>
        <div className="space-y-2">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <BellRing className="size-4 text-accent" aria-hidden="true" /> {t("portal.membership.alertsTitle")}
          </h3>
          <p className="text-sm text-muted-foreground" role="status">
            {shownOn
              ? t(entitlements.earlyAccessDays > 0 ? "portal.membership.alertsOnEarly" : "portal.membership.alertsOn")
              : t("portal.membership.alertsOff")}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="opportunity-alerts" />
            <input type="hidden" name="enabled" value={shownOn ? "off" : "on"} />
            <Button type="submit" variant="outline" size="sm" disabled={switching}>
              {shownOn ? t("portal.membership.turnOff") : t("portal.membership.turnOn")}
            </Button>
          </Form>
        </div>
      </CardContent>
    </Card>
  );
}
