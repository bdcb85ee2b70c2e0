import { BellRing, CalendarCheck, FileText, LineChart, LoaderCircle, Smartphone } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ALERT_MESSAGES, notifyMeSchema } from "~/domain/alerts";
import { brand } from "~/domain/brand";
import { EARLY_ACCESS_DAYS } from "~/domain/constants";
import { routeMeta } from "~/domain/seo";
import { answer, readForm } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { requestLaunchAlert } from "~/server/services/alerts.server";
import type { Route } from "./+types/download";

/** A signed-in investor's own address fills the Notify Me form (issue 15). */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.viewer();
  return { email: viewer?.email ?? "" };
}

type NotifyAnswer = { ok: true; message: string } | { ok: false; message: string; field?: boolean };

/**
 * Notify Me (issue 15): the app-launch alert, confirmed through a link sent to the address
 * (double opt-in) unless it is the signed-in investor's own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reply = (message: string): NotifyAnswer => ({ ok: false, message });
  return answer(context, { failure: ALERT_MESSAGES.failed, reply }, async () => {
    const parsed = notifyMeSchema.safeParse(Object.fromEntries(await readForm(request)));
    if (!parsed.success) return data<NotifyAnswer>({ ok: false, message: parsed.error.issues[0]?.message ?? ALERT_MESSAGES.failed, field: true }, { status: 400 });
    const { confirmed } = await requestLaunchAlert(context, await actorFor(context), parsed.data);
    return data<NotifyAnswer>({ ok: true, message: confirmed ? ALERT_MESSAGES.confirmed : ALERT_MESSAGES.checkEmail });
  });
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Mobile App | ${brand.name}`,
    description:
      `The ${brand.name} app for iOS and Android is coming soon: follow your opportunities, bookings and reports from your phone.`,
    path: "/download",
  });
}

const features = [
  { icon: LineChart, title: "Your portfolio at a glance", text: "Construction progress, payment-plan milestones and valuations for every project you hold." },
  { icon: CalendarCheck, title: "Consultations on the move", text: "Book, move or join a 30-minute call with your adviser from wherever you are." },
  { icon: FileText, title: "Reports and documents", text: "Quarterly reports, due-diligence packs and signed documents, available offline." },
  { icon: BellRing, title: "Launch alerts", text: "Be told the moment a new opportunity opens to investors, before the public launch." },
];

export default function Download({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <StaticPage
      eyebrow="Mobile app"
      title="The Tigris Advisory app is coming soon"
      lead="Everything in your investor portal, in your pocket: opportunities, consultations, reports and alerts, on iOS and Android."
    >
      <StaticSection title="What the app will do">
        <ul className="grid gap-4 sm:grid-cols-2">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-5">
              <Icon className="size-6 text-accent" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-foreground">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title="Be the first to know">
        <p>
          We are testing the app with a small group of investors and will open it to everyone in the coming months. Ask to
          be told when it launches and we will send you a single message on the day.
        </p>
        {actionData?.ok ? (
          <p role="alert" className="rounded-md border border-success/40 bg-success/10 p-4 text-sm text-foreground">
            {actionData.message}
          </p>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Notify me when the app launches">
            <div className="grid min-w-64 flex-1 gap-1.5">
              <Label htmlFor="notify-email">Your e-mail address</Label>
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
              {sending ? "Sending..." : "Notify Me"}
            </Button>
            <Button asChild variant="outline">
              <Link to="/pricing">See premium plans</Link>
            </Button>
          </Form>
        )}
        {failed ? (
          <p id="notify-error" role="alert" className="text-sm text-destructive">
            {failed.message}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          Subscribers to our premium plans get {EARLY_ACCESS_DAYS}-day early access to the app before its public launch.{" "}
          <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
            Compare plans on the pricing page
          </Link>
          .
        </p>
      </StaticSection>
    </StaticPage>
  );
}
