import { CalendarCheck, FileText, LayoutDashboard, LogIn, Star, UserPlus, UserRound } from "lucide-react";
import { Link } from "react-router";
import { ResourceCard } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { Button } from "~/components/ui/button";
import { brand } from "~/domain/brand";
import { INVESTOR_QUALIFICATIONS, REPLY_WITHIN_HOURS } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/resources.investor-portal";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Investor Portal | ${brand.name}`,
    description:
      `Sign in to the ${brand.name} Investor Portal to track your consultations, manage your profile and access investor documents in one place.`,
    path: "/resources/investor-portal",
  });
}

const FEATURES = [
  {
    icon: LayoutDashboard,
    title: "Your dashboard",
    text: "An overview of your relationship with us at a glance: total bookings, consultations awaiting confirmation, your investor type and your three most recent consultations.",
  },
  {
    icon: CalendarCheck,
    title: "Your bookings",
    text: "Every consultation, investment review and site visit discussion you have booked, with its date in our time and yours, the opportunity it is about, its current status and, once confirmed, how to join. Move or cancel one in two clicks.",
  },
  {
    icon: UserRound,
    title: "Your profile",
    text: "The details we hold about you, including your name, e-mail, company, telephone number, investor type and how you prefer us to contact you.",
  },
  {
    icon: FileText,
    title: "Investor documents",
    text: "The document library: our investor pack, full market reports, due-diligence packs and legal documents, each copy marked with your name. Your plan decides which you can open.",
  },
  {
    icon: Star,
    title: "Expressions of interest and alerts",
    text: "Tell your adviser how much you might commit to an opportunity, follow each interest's progress, and be e-mailed when a new opportunity opens to you (Elite members before the public).",
  },
] as const;

export default function InvestorPortal() {
  return (
    <StaticPage
      eyebrow="Resources"
      title="Investor Portal"
      lead={`One secure place to follow your consultations with ${brand.name}, keep your details up to date and receive the research we share with registered investors.`}
    >
      <section aria-label="Access the portal" className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <p className="text-lg text-foreground/85">
          Already registered? Sign in with your e-mail address, Google or LinkedIn. New to {brand.name}? Creating an
          account takes about two minutes.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/auth">
              <LogIn aria-hidden="true" /> Sign in to the Investor Portal
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/auth?mode=sign-up">
              <UserPlus aria-hidden="true" /> Create an account
            </Link>
          </Button>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">
          Browse the{" "}
          <Link to="/documents" className="font-medium text-primary underline underline-offset-4">
            document library
          </Link>{" "}
          before you register: anyone may read what is open to everyone.
        </p>
      </section>

      <StaticSection title="What the portal offers">
        <p>
          The portal is built for investors and family offices who are actively considering off-plan projects in Iraq,
          the Kurdistan Region, the UAE and Jordan. It keeps the practical side of working with us in one place, so you
          spend less time searching through e-mails and more time on the decisions that matter.
        </p>
        <ul className="grid gap-6 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <ResourceCard key={f.title} icon={f.icon} title={f.title} gap="gap-3">
              {f.text}
            </ResourceCard>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title="How it fits with your adviser">
        <p>
          The portal does not replace your adviser; it supports the conversation. When you book a consultation from our
          website, it appears in your portal straight away with the status pending. Once an adviser has confirmed the
          time, the status changes to confirmed, and after the call it is marked as completed. You can move a
          consultation to another free time or cancel it yourself, from My Bookings or from the link in any e-mail we
          send you about it; we send a reminder the day before and an hour before. If we have to cancel, you will see
          that too, and we will contact you to rearrange.
        </p>
        <p>
          Questions sent through the portal or our enquiry form receive a reply within {REPLY_WITHIN_HOURS} hours, from an adviser who knows your file rather than a general inbox.
        </p>
      </StaticSection>

      <StaticSection title="Who can register">
        <p>
          Anyone may create an account to follow their consultations. Access to project documents is reserved for
          investors who meet our qualification criteria:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            a minimum investment of {formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd)} per opportunity;
          </li>
          <li>accredited or professional investor status in your country of residence;</li>
          <li>an investment horizon of {INVESTOR_QUALIFICATIONS.horizon}, in line with typical construction schedules.</li>
        </ul>
        <p>
          Off-plan investments are illiquid, returns are projected rather than assured, and your capital is at risk.
          Please read our{" "}
          <Link to="/legal/risk-disclosure" className="font-medium text-primary underline underline-offset-4">
            risk disclosure
          </Link>{" "}
          before committing to any project.
        </p>
      </StaticSection>

      <StaticSection title="Security and privacy">
        <p>
          Your session is protected and refreshed automatically while you are signed in, and you can sign out from any
          page of the portal. We use your details only to manage your relationship with {brand.legalName}; we never sell
          them or share them with developers without your consent. Our{" "}
          <Link to="/legal/privacy-policy" className="font-medium text-primary underline underline-offset-4">
            privacy policy
          </Link>{" "}
          explains how we handle personal data in full.
        </p>
        <p>
          Having trouble signing in? Our{" "}
          <Link to="/resources/contact-support" className="font-medium text-primary underline underline-offset-4">
            support team
          </Link>{" "}
          can help.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
