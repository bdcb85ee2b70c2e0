import { Link } from "react-router";
import { LegalIntro, legalLinkClass } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/legal.privacy-policy";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Privacy Policy | ${brand.name}`,
    description:
      `How ${brand.legalName} collects, uses, shares and protects your personal data under UK GDPR and the Data Protection Act 2018.`,
    path: "/legal/privacy-policy",
  });
}

const registeredOffice = brand.offices.find((o) => o.city === "London") ?? brand.offices[0];
const otherOffices = brand.offices.filter((o) => o.city !== registeredOffice.city).map((o) => o.city);

const dataWeCollect = [
  {
    title: "Account data",
    text: "Your name, e-mail address and password (stored only as a one-way hash). If you sign in with Google or LinkedIn, we receive the identifier, name and e-mail address that the provider shares. Optional profile details such as company, phone number, investor type and preferred contact method.",
  },
  {
    title: "Enquiry and booking data",
    text: "Your name, e-mail, phone number, indicative investment amount, booking type, chosen time slot and message, plus our notes of the conversation that follows.",
  },
  {
    title: "Subscription data",
    text: "Your chosen plan, billing interval and payment status. Card details are entered directly with Stripe and never reach our servers.",
  },
  {
    title: "Technical data",
    text: "IP address, browser and device type, pages requested, times and security logs, needed to run the site and keep accounts safe.",
  },
];

const purposes = [
  {
    purpose: "Creating and running your account, dashboard and subscription",
    basis: "Performance of a contract with you.",
  },
  {
    purpose: "Answering enquiries, arranging consultations and following up on opportunities you ask about",
    basis: "Steps at your request before a contract, and our legitimate interest in serving prospective clients.",
  },
  {
    purpose: "Keeping the site secure, preventing fraud and limiting repeated submissions",
    basis: "Our legitimate interest in protecting our clients, our systems and our business.",
  },
  {
    purpose: "Identity, anti-money-laundering and sanctions checks before an investment proceeds, and keeping financial records",
    basis: "Compliance with our legal obligations.",
  },
  {
    purpose: "Sending news of new opportunities and market reports",
    basis: "Your consent, or the soft opt-in under PECR for existing clients. You can unsubscribe at any time.",
  },
];

export default function PrivacyPolicy() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Privacy Policy"
      lead={`How ${brand.legalName} collects, uses, shares and protects the personal data of investors, enquirers and visitors to this website.`}
      cta={false}
    >
      <LegalIntro>
        This policy explains what we do with your personal data and the rights you have under the UK General Data
        Protection Regulation (UK GDPR) and the Data Protection Act 2018. Please read it alongside our{" "}
        <Link to="/legal/cookie-policy" className={legalLinkClass}>
          Cookie Policy
        </Link>
        .
      </LegalIntro>

      <StaticSection title="Who we are">
        <p>
          {brand.legalName} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) is the controller of the personal data described in
          this policy. Our registered office is at {registeredOffice.address}, and our team also works from our offices
          in {otherOffices.join(" and ")}. For any question about this policy or your data, e-mail{" "}
          <a href={`mailto:${brand.supportEmail}`} className={legalLinkClass}>
            {brand.supportEmail}
          </a>
          .
        </p>
      </StaticSection>

      <StaticSection title="The data we collect">
        <ul className="space-y-4">
          {dataWeCollect.map((item) => (
            <li key={item.title}>
              <h3 className="font-semibold text-foreground">{item.title}</h3>
              <p className="mt-1">{item.text}</p>
            </li>
          ))}
        </ul>
        <p>
          We do not ask for special category data, such as health information; please do not include it in messages.
        </p>
      </StaticSection>

      <StaticSection title="Why we use it and our lawful bases">
        <ul className="space-y-3">
          {purposes.map((p) => (
            <li key={p.purpose} className="rounded-lg border bg-card p-4">
              <h3 className="font-semibold text-foreground">{p.purpose}</h3>
              <p className="mt-1 text-sm text-muted-foreground">Lawful basis: {p.basis}</p>
            </li>
          ))}
        </ul>
        <p>We do not make decisions that have legal or similarly significant effects on you by automated means alone.</p>
      </StaticSection>

      <StaticSection title="Who we share it with">
        <p>We do not sell your personal data. We share it only where needed, with:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            service providers acting as our processors under written contracts, including our hosting and database
            providers and our e-mail delivery provider, which sends verification, password-reset and booking e-mails;
          </li>
          <li>
            Stripe, our payment provider, which processes subscription payments and acts as an independent controller
            for some payment data under its own privacy policy;
          </li>
          <li>Google or LinkedIn, when you choose to sign in with them;</li>
          <li>
            developers, lawyers and escrow or payment agents connected with a specific opportunity, only when you ask us
            to progress that investment;
          </li>
          <li>our professional advisers and auditors, and regulators, courts or law enforcement where the law requires.</li>
        </ul>
      </StaticSection>

      <StaticSection title="International transfers">
        <p>
          Our team works across London, Dubai and Baghdad and some providers operate globally, so your data may be
          accessed outside the UK. Where the destination is not covered by UK adequacy regulations, we protect the
          transfer with the UK International Data Transfer Agreement or the UK Addendum to the EU standard contractual
          clauses, and limit access to the staff handling your enquiry.
        </p>
      </StaticSection>

      <StaticSection title="How long we keep it">
        <ul className="list-disc space-y-2 pl-6">
          <li>Account and profile data: while your account is open, and deleted within 90 days of closure.</li>
          <li>Enquiries that do not lead to an engagement: up to 24 months from our last contact.</li>
          <li>Client, transaction and billing records: six years after the end of the relationship, for tax and legal purposes.</li>
          <li>Identity and anti-money-laundering records: five years after the relationship ends, as the law requires.</li>
          <li>Security and server logs: normally no longer than 90 days.</li>
        </ul>
      </StaticSection>

      <StaticSection title="Security">
        <p>
          All traffic to the site is encrypted, passwords are stored only as salted hashes, sessions use signed cookies
          and staff access is limited by role. If a breach puts your rights at risk, we will notify the Information
          Commissioner&rsquo;s Office within 72 hours and tell you where the law requires.
        </p>
      </StaticSection>

      <StaticSection title="Your rights">
        <p>Subject to some legal exceptions, you have the right to:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>access the personal data we hold about you and receive a copy;</li>
          <li>have inaccurate data corrected and incomplete data completed;</li>
          <li>have your data erased, or its use restricted;</li>
          <li>object to processing based on legitimate interests, and to direct marketing at any time;</li>
          <li>receive data you gave us in a portable format;</li>
          <li>withdraw consent at any time, without affecting earlier processing.</li>
        </ul>
        <p>
          To exercise any of these rights, e-mail{" "}
          <a href={`mailto:${brand.supportEmail}`} className={legalLinkClass}>
            {brand.supportEmail}
          </a>
          . We may ask you to confirm your identity, and we will normally reply within one month, free of charge.
        </p>
      </StaticSection>

      <StaticSection title="Complaints">
        <p>
          If you are unhappy with how we have handled your data, please contact us first. You also have the right to
          complain to the Information Commissioner&rsquo;s Office, the UK supervisory
          authority, at{" "}
          <a href="https://ico.org.uk" className={legalLinkClass} target="_blank" rel="noopener noreferrer">
            ico.org.uk (opens in a new tab)
          </a>{" "}
          or on 0303 123 1113.
        </p>
      </StaticSection>

      <StaticSection title="Changes to this policy">
        <p>
          We will publish any update on this page with a revised &ldquo;Last updated&rdquo; date, and e-mail account
          holders about significant changes.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
