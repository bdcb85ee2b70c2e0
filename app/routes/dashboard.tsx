import { useEffect } from "react";
import { data, redirect, useActionData, useNavigation } from "react-router";
import { BookingsTab } from "~/components/dashboard/bookings-tab";
import { DashboardHeader } from "~/components/dashboard/dashboard-header";
import { OverviewTab } from "~/components/dashboard/overview-tab";
import { ProfileTab } from "~/components/dashboard/profile-tab";
import { SubscriptionCard } from "~/components/dashboard/subscription-card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/components/ui/toaster";
import { isAppError } from "~/domain/app-error";
import { BILLING_MESSAGES } from "~/domain/billing";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import { getOwnProfile, listOwnBookings, type OwnBooking, type OwnProfile } from "~/server/services/dashboard.server";
import type { Actor } from "~/server/security/actor.server";
import { openBillingPortal } from "~/server/services/billing.server";
import { findCurrentSubscription, type SubscriptionSummary } from "~/server/services/subscriptions.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import type { Route } from "./+types/dashboard";

/** What the toasts say under their SPEC.md titles: never raw database text. */
const TRY_AGAIN = "Please try again later.";

async function loadProfile(
  context: Route.LoaderArgs["context"],
  actor: Actor,
): Promise<{ profile: OwnProfile | null; profileError: string | null }> {
  try {
    return { profile: await getOwnProfile(context.db, actor), profileError: null };
  } catch (err) {
    context.log.error({ err }, "dashboard: failed to load the profile");
    return { profile: null, profileError: TRY_AGAIN };
  }
}

async function loadBookings(
  context: Route.LoaderArgs["context"],
  actor: Actor,
): Promise<{ bookings: OwnBooking[]; bookingsError: string | null }> {
  try {
    return { bookings: await listOwnBookings(context.db, actor), bookingsError: null };
  } catch (err) {
    context.log.error({ err }, "dashboard: failed to load the bookings");
    return { bookings: [], bookingsError: TRY_AGAIN };
  }
}

async function loadSubscription(
  context: Route.LoaderArgs["context"],
  actor: Actor,
): Promise<{ subscription: SubscriptionSummary | null; subscriptionFailed: boolean }> {
  try {
    return { subscription: await findCurrentSubscription(context.db, actor), subscriptionFailed: false };
  } catch (err) {
    context.log.error({ err }, "dashboard: failed to load the subscription");
    return { subscription: null, subscriptionFailed: true };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const actor = actorOf(viewer);
  // Each read fails on its own: the page still shows whatever did load, and a toast
  // (SPEC.md section 8) names the part that did not.
  const [{ profile, profileError }, { bookings, bookingsError }, { subscription, subscriptionFailed }] = await Promise.all([
    loadProfile(context, actor),
    loadBookings(context, actor),
    loadSubscription(context, actor),
  ]);

  return {
    viewer: {
      name: viewer.name,
      email: viewer.email,
      firstName: viewer.firstName,
      lastName: viewer.lastName,
    },
    profile,
    bookings,
    profileError,
    bookingsError,
    subscription,
    subscriptionFailed,
    /** Back from Stripe Checkout (its success_url). */
    justPaid: new URL(request.url).searchParams.get("checkout") === "success",
    /** Booked dates are printed on the firm's wall clock, the same on server and browser. */
    timeZone: context.config.firmTimeZone,
  };
}

/** Manage billing: to Stripe's Billing Portal for the investor's own customer. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") !== "billing-portal") return data({ error: "Unknown action" }, { status: 400 });
  try {
    const { url } = await openBillingPortal(context.db, context.config, actorOf(viewer));
    return redirect(url);
  } catch (error) {
    if (isAppError(error)) {
      context.log.warn({ err: error }, "billing portal refused");
      return data({ error: error.message }, { status: error.status });
    }
    context.log.error({ err: error }, "billing portal failed");
    return data({ error: BILLING_MESSAGES.portalFailed }, { status: 500 });
  }
}

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: `Dashboard | ${brand.name}`, noindex: true });
}

/** SPEC.md section 8: 'Error fetching profile' / 'Error fetching bookings'. */
function useLoadErrorToasts(profileError: string | null, bookingsError: string | null) {
  useEffect(() => {
    // Fixed ids: a re-run of the effect replaces the toast instead of stacking a copy.
    if (profileError) toast.error("Error fetching profile", { id: "dashboard-profile-error", description: profileError });
  }, [profileError]);
  useEffect(() => {
    if (bookingsError) {
      toast.error("Error fetching bookings", { id: "dashboard-bookings-error", description: bookingsError });
    }
  }, [bookingsError]);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { viewer, profile, bookings, profileError, bookingsError, subscription, subscriptionFailed, justPaid, timeZone } = loaderData;
  useLoadErrorToasts(profileError, bookingsError);
  const actionData = useActionData<typeof action>();
  useEffect(() => {
    if (actionData?.error) toast.error("Could not open billing", { description: actionData.error });
  }, [actionData]);

  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/dashboard";

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
          {reloading ? "Loading your dashboard..." : ""}
        </p>
        <SubscriptionCard subscription={subscription} failed={subscriptionFailed} justPaid={justPaid} timeZone={timeZone} />
        <Tabs defaultValue="overview" className="gap-6" aria-busy={reloading}>
          <TabsList aria-label="Dashboard sections" className="grid w-full grid-cols-3 sm:w-fit">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="bookings">My Bookings</TabsTrigger>
            <TabsTrigger value="profile">Profile</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab
              bookings={bookings}
              bookingsError={bookingsError}
              investorType={profile?.investorType}
              timeZone={timeZone}
            />
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
