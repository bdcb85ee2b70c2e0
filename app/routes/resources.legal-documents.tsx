import { ArrowRight, Cookie, Scale, ShieldAlert, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { ResourceCard } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { LEGAL_LAST_UPDATED } from "~/domain/constants";
import { routeMeta } from "~/domain/seo";
import { DocumentGrid } from "~/components/documents/document-card";
import { settle } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { listLibrary } from "~/server/services/documents.server";
import type { Route } from "./+types/resources.legal-documents";

/** The legal documents of the library (issue 15): the PDFs to keep, beside the pages below. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await actorFor(context);
  const documents = await settle(context, "the legal documents", () => listLibrary(context, actor, { kind: "legal_document" }), []);
  return { documents: documents.value, timeZone: context.config.firmTimeZone };
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Legal Documents | ${brand.name}`,
    description:
      `The terms, privacy policy, risk disclosure and cookie policy that govern your use of ${brand.name} and our investment advisory services.`,
    path: "/resources/legal-documents",
  });
}

const DOCUMENTS = [
  {
    icon: Scale,
    title: "Terms of Service",
    to: "/legal/terms-of-service",
    description:
      "The agreement between you and us when you use this website, create an account or book a consultation. It explains what our advisory service covers, what it does not, and the responsibilities on both sides.",
  },
  {
    icon: ShieldCheck,
    title: "Privacy Policy",
    to: "/legal/privacy-policy",
    description:
      "What personal data we collect, why we collect it, how long we keep it and who we share it with. It also sets out your rights to access, correct or delete your information and how to exercise them.",
  },
  {
    icon: ShieldAlert,
    title: "Risk Disclosure",
    to: "/legal/risk-disclosure",
    description:
      "The main risks of investing in off-plan real estate in Iraq, the Kurdistan Region and the wider MENA region, including construction, developer, currency, political and liquidity risk. Please read it before you invest.",
  },
  {
    icon: Cookie,
    title: "Cookie Policy",
    to: "/legal/cookie-policy",
    description:
      "Which cookies and similar technologies this website uses, what each one does, and how you can control or remove them in your browser without losing access to the site.",
  },
] as const;

const linkClass = "font-medium text-primary underline underline-offset-4";

export default function LegalDocuments({ loaderData }: Route.ComponentProps) {
  return (
    <StaticPage
      eyebrow="Resources"
      title="Legal Documents"
      lead={`The documents that govern how ${brand.legalName} works with you, how we handle your information and the risks you should understand before investing.`}
    >
      <StaticSection title="Our documents">
        <p>
          We keep our legal documents short, plain and in one place. Each was last updated in {LEGAL_LAST_UPDATED}. When we
          make a material change, we update the date on the document and tell registered investors by e-mail.
        </p>
        <ul className="grid gap-6 sm:grid-cols-2">
          {DOCUMENTS.map((d) => (
            <ResourceCard
              key={d.to}
              icon={d.icon}
              title={d.title}
              footer={
                <Link
                  to={d.to}
                  className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
                >
                  Read the {d.title} <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              }
            >
              {d.description}
            </ResourceCard>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title="Documents to download">
        <p>Our terms of business, risk disclosure and the other documents we ask investors to read, as PDFs to keep.</p>
        <DocumentGrid documents={loaderData.documents} timeZone={loaderData.timeZone} empty="No documents are published at the moment: the pages above are current." />
      </StaticSection>

      <StaticSection title="Why these documents matter">
        <p>
          {brand.name} connects high-net-worth investors and family offices with off-plan real-estate projects across
          Iraq, the Kurdistan Region, the UAE and Jordan. These are markets with real opportunity and real risk. Our legal
          documents are there to make the terms of our relationship clear from the first conversation, so that there are
          no surprises later.
        </p>
        <p>
          In particular, the{" "}
          <Link to="/legal/risk-disclosure" className={linkClass}>
            Risk Disclosure
          </Link>{" "}
          explains why any returns we discuss are projected or target figures and never a promise. Off-plan property can
          be delayed, developers can fail, currencies can move against you and it may take time to find a buyer when you
          wish to sell. Your capital is at risk, and you should invest only what you can afford to commit for the full
          construction period.
        </p>
      </StaticSection>

      <StaticSection title="Before you invest">
        <p>We ask every investor to confirm, before we share project documents, that they have:</p>
        <ol className="list-decimal space-y-2 pl-6">
          <li>read and accepted the Terms of Service;</li>
          <li>read the Risk Disclosure and understood the specific risks of off-plan property in the region;</li>
          <li>taken independent legal, tax and financial advice in their country of residence where appropriate;</li>
          <li>reviewed the project-specific documents, including the sale and purchase agreement and payment plan.</li>
        </ol>
        <p>
          Project-specific documents, such as information memoranda and due diligence summaries, are shared privately
          with qualified investors through the{" "}
          <Link to="/resources/investor-portal" className={linkClass}>
            Investor Portal
          </Link>{" "}
          and are not published on this website.
        </p>
      </StaticSection>

      <StaticSection title="Questions about our documents">
        <p>
          If anything in these documents is unclear, or you would like a copy in another format, please e-mail{" "}
          <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
            {brand.supportEmail}
          </a>
          . Requests about your personal data, including access and deletion requests, can be sent to the same address
          and will be handled in line with our Privacy Policy. You can also reach us through our{" "}
          <Link to="/resources/contact-support" className={linkClass}>
            support page
          </Link>
          .
        </p>
        <p className="text-sm text-muted-foreground">
          {brand.legalName}. Offices in {brand.offices.map((o) => o.city).join(", ")}.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
