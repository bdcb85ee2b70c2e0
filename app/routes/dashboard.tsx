import { useEffect, useMemo } from "react";
import { data, redirect, useActionData, useNavigation } from "react-router";
import { BookingsTab } from "~/components/dashboard/bookings-tab";
import { DashboardHeader } from "~/components/dashboard/dashboard-header";
import { OverviewTab } from "~/components/dashboard/overview-tab";
import { ProfileTab } from "~/components/dashboard/profile-tab";
import { MembershipCard } from "~/components/dashboard/membership-card";
import { NextStepsCard } from "~/components/dashboard/next-steps-card";
import { SubscriptionCard } from "~/components/dashboard/subscription-card";
import { StandingCard } from "~/components/dashboard/standing-card";
import { listOwnOpenCalls } from "~/server/services/portfolio.server";
import { SuggestedOpportunities } from "~/components/dashboard/suggested-opportunities";
import { AnswerNotice, usePageAnswer } from "~/components/forms/form-answer";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { showFlashToast, toast } from "~/components/ui/toaster";
import { ALERT_MESSAGES, opportunityAlertsSchema } from "~/domain/alerts";
import { BILLING_MESSAGES } from "~/domain/billing";
import { brand } from "~/domain/brand";
import type { InvestorStanding } from "~/domain/confidentiality";
import type { FlashToast } from "~/domain/toast";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { nextSteps } from "~/domain/next-steps";
import { formatPhone } from "~/domain/profile-update";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { answer, readForm, settle } from "~/server/http/answer.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { opportunityAlertsOn, setOpportunityAlerts } from "~/server/services/alerts.server";
import { openBillingPortal } from "~/server/services/billing.server";
import { entitlementsOf } from "~/server/services/entitlements.server";
import { hasLiveInterest, interestAllowance } from "~/server/services/interests.server";
import { listOwnBookings } from "~/server/services/bookings.server";
import { findCurrentSubscription } from "~/server/services/subscriptions.server";
import { listSuggestedOpportunities } from "~/server/services/opportunities.server";
import { listOwnNdaAcceptances } from "~/server/services/confidentiality.server";
import { listOwnAgreements } from "~/server/services/signing.server";
import { getOwnIdentityCheck } from "~/server/services/identity-checks.server";
import { getOwnQualification } from "~/server/services/qualifications.server";
import { findVerifiedEmail, getOwnProfile } from "~/server/services/users.server";
import type { Route } from "./+types/dashboard";

/** What the toasts say under their SPEC.md titles: never raw database text. */
const TRY_AGAIN = "portal.dashboard.tryAgain";

export const handle = { catalogues: ["portal", "onboarding", "verification"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = translator(context.locale);
  const viewer = await requireViewer(request, context);
  const actor = actorOf(viewer);
  // Each read fails on its own: the page still shows whatever did load, and a toast
  // (SPEC.md section 8) names the part that did not.
  const [profile, bookings, subscription, membership, progress, suggested, standing] = await Promise.all([
    settle(context, "the dashboard profile", () => getOwnProfile(context, actor), null),
    settle(context, "the dashboard bookings", () => listOwnBookings(context, actor), []),
    settle(context, "the dashboard subscription", () => findCurrentSubscription(context, actor), null),
    settle(
      context,
      "the dashboard membership",
      async () => {
        const [entitlements, allowance, alertsOn] = await Promise.all([entitlementsOf(context, actor), interestAllowance(context, actor), opportunityAlertsOn(context, actor)]);
        return { entitlements, allowance, alertsOn };
      },
      null,
    ),
    // The first hour (issue 33): what the next steps read beyond the reads above, and the suggestions.
    settle(
      context,
      "the dashboard next steps",
      async () => {
        const [verifiedEmail, interest] = await Promise.all([findVerifiedEmail(context, actor), hasLiveInterest(context, actor)]);
        return { emailVerified: verifiedEmail !== null, hasInterest: interest };
      },
      null,
    ),
    settle(context, "the dashboard suggestions", () => listSuggestedOpportunities(context, actor), null),
    // Issue 35: the investor's category, identity check and agreements.
    settle(
      context,
      "the dashboard standing",
      async (): Promise<InvestorStanding> => {
        const [qualification, identity, agreements, signing, calls] = await Promise.all([
          getOwnQualification(context, actor),
          getOwnIdentityCheck(context, actor),
          listOwnNdaAcceptances(context, actor),
          listOwnAgreements(context, actor),
          listOwnOpenCalls(context, actor),
        ]);
        return {
          qualification: qualification?.standing ?? "unstated",
          identity: identity.status,
          identityExpiresAt: identity.expiresAt,
          agreements,
          signing: signing.filter((a) => a.status !== "withdrawn").map(({ id, kind, status, opportunityTitle, signedAt }) => ({ id, kind, status, opportunityTitle, signedAt })),
          calls,
        };
      },
      null,
    ),
  ]);

  return {
    viewer: {
      name: viewer.name,
      email: viewer.email,
      firstName: viewer.firstName,
      lastName: viewer.lastName,
    },
    // The phone as people read it, written here so the page needs no phone library.
    profile: profile.value && { ...profile.value, phone: profile.value.phone && formatPhone(profile.value.phone) },
    bookings: bookings.value,
    profileError: profile.failed ? t(TRY_AGAIN) : null,
    bookingsError: bookings.failed ? t(TRY_AGAIN) : null,
    subscription: subscription.value,
    subscriptionFailed: subscription.failed,
    membership: membership.value,
    steps: nextSteps({
      emailVerified: progress.value?.emailVerified ?? null,
      investorType: profile.value?.investorType,
      planTier: membership.value?.entitlements.tier,
      bookingStatuses: bookings.failed ? null : bookings.value.map((booking) => booking.status),
      hasInterest: progress.value?.hasInterest ?? null,
    }),
    suggested: suggested.value,
    standing: standing.value,
    /** Back from Stripe Checkout (its success_url). */
    justPaid: new URL(request.url).searchParams.get("checkout") === "success",
    /** Booked dates are printed on the firm's wall clock, the same on server and browser. */
    timeZone: context.config.firmTimeZone,
  };
}

/** Manage billing (to Stripe's Billing Portal for the investor's own customer), and opportunity alerts on or off. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const t = translator(context.locale);
  const reply = (error: string) => ({ error });
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (unreadable) {
    // Not a form: answered as the page's main action (billing) answers it.
    return answer(context, { failure: BILLING_MESSAGES.portalFailed, reply }, () => Promise.reject(unreadable));
  }
  if (form.get("intent") === "opportunity-alerts") {
    return answer(context, { failure: ALERT_MESSAGES.alertsFailed, reply }, async () => {
      const parsed = opportunityAlertsSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return data({ error: t("portal.dashboard.unknownAction") }, { status: 400 });
      await setOpportunityAlerts(context, actor, { enabled: parsed.data.enabled });
      return { notice: t(parsed.data.enabled ? ALERT_MESSAGES.alertsOn : ALERT_MESSAGES.alertsOff) };
    });
  }
  return answer(context, { failure: BILLING_MESSAGES.portalFailed, reply }, async () => {
    if (form.get("intent") !== "billing-portal") return data({ error: t("portal.dashboard.unknownAction") }, { status: 400 });
    const { url } = await openBillingPortal(context, actor);
    return redirect(url);
  });
}

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("portal.dashboard.metaTitle", { brand: brand.name }), noindex: true });
}

/** SPEC.md section 8: 'Error fetching profile' / 'Error fetching bookings'. */
function useLoadErrorToasts(profileError: string | null, bookingsError: string | null) {
  const t = useT();
  useEffect(() => {
    // Fixed ids: a re-run of the effect replaces the toast instead of stacking a copy.
    if (profileError) toast.error(t("portal.dashboard.profileError"), { id: "dashboard-profile-error", description: profileError });
  }, [profileError, t]);
  useEffect(() => {
    if (bookingsError) {
      toast.error(t("portal.dashboard.bookingsError"), { id: "dashboard-bookings-error", description: bookingsError });
    }
  }, [bookingsError, t]);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { viewer, profile, bookings, profileError, bookingsError, subscription, subscriptionFailed, membership, steps, suggested, justPaid, timeZone, standing } = loaderData;
  const t = useT();
  useLoadErrorToasts(profileError, bookingsError);
  const actionData = useActionData<typeof action>();
  // A toast, or in the page when the form was posted as a document (decision record 034).
  const posted = usePageAnswer(actionData) !== undefined;
  const answered = useMemo<FlashToast | null>(
    () =>
      actionData && "error" in actionData && actionData.error
        ? { type: "error", title: t("portal.dashboard.saveFailed"), description: actionData.error }
        : actionData && "notice" in actionData && actionData.notice
          ? { type: "success", title: actionData.notice }
          : null,
    [actionData, t],
  );
  useEffect(() => {
    if (answered && !posted) showFlashToast(answered);
  }, [answered, posted]);

  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/dashboard";

  const plan = { subscription, failed: subscriptionFailed, justPaid, timeZone };

  // Without a profile row, the account's own names and e-mail still fill the Profile tab.
  const details = profile ?? {
    email: viewer.email,
    firstName: viewer.firstName,
    lastName: viewer.lastName,
    company: null,
    phone: null,
    investorType: null,
    preferredContactMethod: null,
  };

  return (
    <div className="bg-muted/40 pb-16">
      <DashboardHeader viewer={viewer} />
      <div className="mx-auto max-w-6xl px-4 pt-8 sm:px-6">
        <p role="status" aria-live="polite" className={reloading ? "mb-4 text-sm text-muted-foreground" : "sr-only"}>
          {reloading ? t("portal.dashboard.loading") : ""}
        </p>
        <AnswerNotice toast={posted ? answered : null} className="mb-4" />
        <Tabs defaultValue="overview" className="gap-6" aria-busy={reloading}>
          <TabsList aria-label={t("portal.dashboard.sections")} className="grid w-full grid-cols-3 sm:w-fit">
            <TabsTrigger value="overview">{t("portal.dashboard.tab.overview")}</TabsTrigger>
            <TabsTrigger value="bookings">{t("portal.dashboard.tab.bookings")}</TabsTrigger>
            <TabsTrigger value="profile">{t("portal.dashboard.tab.profile")}</TabsTrigger>
          </TabsList>
          <TabsContent value="overview" className="flex flex-col gap-6">
            {/* The first hour (issue 33): the next steps, then what to look at; the SPEC's cards after. */}
            <NextStepsCard steps={steps} />
            <SuggestedOpportunities opportunities={suggested} />
            {/* Issue 35: the way to an opportunity's confidential files. */}
            {standing ? <StandingCard standing={standing} timeZone={timeZone} /> : null}
            <OverviewTab
              bookings={bookings}
              bookingsError={bookingsError}
              investorType={profile?.investorType}
              timeZone={timeZone}
            />
            {membership ? <MembershipCard {...membership} plan={plan} /> : <SubscriptionCard {...plan} />}
          </TabsContent>
          <TabsContent value="bookings">
            <BookingsTab bookings={bookings} bookingsError={bookingsError} timeZone={timeZone} />
          </TabsContent>
          <TabsContent value="profile">
            <ProfileTab profile={details} />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}
