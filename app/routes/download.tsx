import { BellRing, CalendarCheck, FileText, LineChart, Smartphone } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { Button } from "~/components/ui/button";
import { brand } from "~/domain/brand";
import { EARLY_ACCESS_DAYS } from "~/domain/constants";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/download";

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

export default function Download() {
  const [notified, setNotified] = useState(false);
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
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => setNotified(true)} disabled={notified}>
            <Smartphone aria-hidden="true" /> Notify Me
          </Button>
          <Button asChild variant="outline">
            <Link to="/pricing">See premium plans</Link>
          </Button>
        </div>
        {notified && (
          <p role="alert" className="rounded-md border border-success/40 bg-success/10 p-4 text-sm text-foreground">
            Thank you. We will notify you as soon as the {brand.name} app launches.
          </p>
        )}
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
