import { Clock, Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { ResourceCard } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { Button } from "~/components/ui/button";
import { brand, phoneLink, whatsappLink } from "~/domain/brand";
import { REPLY_WITHIN_HOURS, SUPPORT_HOURS } from "~/domain/constants";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/resources.contact-support";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Contact Support | ${brand.name}`,
    description:
      `Reach the ${brand.name} support team by live chat, telephone or e-mail about your account or bookings. We answer e-mails within ${REPLY_WITHIN_HOURS} hours.`,
    path: "/resources/contact-support",
  });
}

const linkClass = "font-medium text-primary underline underline-offset-4";

export default function ContactSupport() {
  const telHref = phoneLink();
  return (
    <StaticPage
      eyebrow="Resources"
      title="Contact Support"
      lead={`Questions about your account, a booking or a document? The ${brand.name} support team is here to help, by live chat, telephone or e-mail.`}
    >
      <StaticSection title="How to reach us">
        <p>
          Choose whichever channel suits you. All three reach the same team, based across our offices in{" "}
          {brand.offices.map((o) => o.city).join(", ")}, and your enquiry is logged so that nobody has to ask you the
          same question twice.
        </p>
        <ul className="grid gap-6 md:grid-cols-3">
          <ResourceCard
            icon={MessageCircle}
            title="Live chat"
            footer={
              <Button asChild className="w-full">
                <a href={whatsappLink()} target="_blank" rel="noopener noreferrer">
                  <MessageCircle aria-hidden="true" /> Start a WhatsApp chat
                </a>
              </Button>
            }
          >
            Message us on WhatsApp for quick questions. A greeting is filled in for you; just add what you need.
          </ResourceCard>
          <ResourceCard
            icon={Phone}
            title="Call us"
            footer={
              <a href={telHref} className={`${linkClass} text-base`}>
                {brand.phone}
              </a>
            }
          >
            Speak to a member of the team during support hours. Calls are answered from our London office.
          </ResourceCard>
          <ResourceCard
            icon={Mail}
            title="E-mail"
            footer={
              <a href={`mailto:${brand.supportEmail}`} className={`${linkClass} break-all`}>
                {brand.supportEmail}
              </a>
            }
          >
            Best for detailed questions or anything that needs a document. We answer within {REPLY_WITHIN_HOURS} hours.
          </ResourceCard>
        </ul>
      </StaticSection>

      <StaticSection title="Support hours">
        <p className="flex items-center gap-2 text-lg font-semibold text-primary">
          <Clock className="size-5 text-accent" aria-hidden="true" /> {SUPPORT_HOURS}
        </p>
        <p>
          Live chat and telephone are staffed during these hours, and an adviser who can look up your account is always
          on hand. E-mails are answered within {REPLY_WITHIN_HOURS} hours. If you write to us outside support hours, you
          are welcome to leave a WhatsApp message too: it will be waiting for the team when they next come online, and we
          will reply on whichever channel you prefer.
        </p>
      </StaticSection>

      <StaticSection title="What we can help with">
        <ul className="list-disc space-y-2 pl-6">
          <li>signing in, creating an account or resetting your password for the Investor Portal;</li>
          <li>
            confirming a consultation, investment review or site visit discussion (you can move or cancel one yourself from
            My Bookings, or from the link in our e-mails about it);
          </li>
          <li>updating your profile, company details or preferred contact method;</li>
          <li>requesting a market report or a copy of one of our legal documents;</li>
          <li>questions about your personal data and how we handle it.</li>
        </ul>
        <p>
          For questions about a specific opportunity, such as pricing, payment plans or the developer behind a project,
          the quickest route is a consultation with an adviser rather than the support team, because advisers hold the
          project files and the developer correspondence. You can{" "}
          <Link to="/#contact" className={linkClass}>
            book a 30-minute call
          </Link>{" "}
          at a time that suits you.
        </p>
      </StaticSection>

      <StaticSection title="Helping us help you">
        <p>To get you an answer as quickly as possible, please include:</p>
        <ol className="list-decimal space-y-2 pl-6">
          <li>the e-mail address linked to your account, if you have one;</li>
          <li>the date of any booking or the title of any opportunity your question relates to;</li>
          <li>a short description of what you expected to happen and what happened instead.</li>
        </ol>
        <p>
          Please never send passwords, full bank details or copies of identity documents by chat or ordinary e-mail. If
          we need documents for verification, an adviser will explain how to share them securely.
        </p>
      </StaticSection>

      <StaticSection title="Complaints">
        <p>
          If you are unhappy with any part of our service, tell us by e-mail at{" "}
          <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
            {brand.supportEmail}
          </a>{" "}
          with &ldquo;Complaint&rdquo; in the subject line. A senior member of the team will acknowledge it within{" "}
          {REPLY_WITHIN_HOURS} hours and keep you updated until it is resolved. Our{" "}
          <Link to="/legal/terms-of-service" className={linkClass}>
            Terms of Service
          </Link>{" "}
          set out the process in full.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
