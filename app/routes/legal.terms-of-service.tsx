import { Link } from "react-router";
import { LegalIntro, legalLinkClass } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { FREE_TRIAL_DAYS, INVESTOR_QUALIFICATIONS, PLAN_NAMES } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/legal.terms-of-service";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Terms of Service | ${brand.name}`,
    description:
      `The terms governing your use of the ${brand.name} website, investor accounts and subscription plans, under the law of England and Wales.`,
    path: "/legal/terms-of-service",
  });
}

const registeredOffice = brand.offices.find((o) => o.city === "London") ?? brand.offices[0];
const planList = `${PLAN_NAMES.slice(0, -1).join(", ")} and ${PLAN_NAMES[PLAN_NAMES.length - 1]}`;

export default function TermsOfService() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Terms of Service"
      lead={`The terms on which ${brand.legalName} makes this website, investor accounts and subscription plans available to you.`}
      cta={false}
    >
      <LegalIntro>
        These terms form an agreement between you and {brand.legalName}, whose registered office is at{" "}
        {registeredOffice.address}. By using the site or creating an account you accept them, together with our{" "}
        <Link to="/legal/privacy-policy" className={legalLinkClass}>
          Privacy Policy
        </Link>
        ,{" "}
        <Link to="/legal/cookie-policy" className={legalLinkClass}>
          Cookie Policy
        </Link>{" "}
        and{" "}
        <Link to="/legal/risk-disclosure" className={legalLinkClass}>
          Risk Disclosure
        </Link>
        . If you do not agree, please do not use the site.
      </LegalIntro>

      <StaticSection title="Use of the site">
        <p>
          The site is intended for high-net-worth investors, family offices and their advisers aged 18 or over. It is not
          directed at anyone in a country where its content would be unlawful. When using it, you agree not to:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>use it for any unlawful or fraudulent purpose, or submit false information in an enquiry or booking;</li>
          <li>try to gain unauthorised access to the site, other accounts or our systems;</li>
          <li>scrape, copy in bulk or systematically download content, or bypass our submission limits;</li>
          <li>introduce malicious code or do anything that interferes with the site&rsquo;s operation.</li>
        </ul>
      </StaticSection>

      <StaticSection title="Your account">
        <p>
          You must give accurate details, verify your e-mail address and keep your password confidential. You are
          responsible for activity under your account; if you think it has been compromised, tell us at{" "}
          <a href={`mailto:${brand.supportEmail}`} className={legalLinkClass}>
            {brand.supportEmail}
          </a>{" "}
          straight away. We may suspend or close an account that breaches these terms, telling you why where we can.
        </p>
      </StaticSection>

      <StaticSection title="Information, not advice">
        <p>
          Opportunity listings, projected returns, market figures, reports and other content are general information
          about investments and markets. They are not a personal recommendation and not investment, legal or tax advice,
          and they do not take your circumstances into account. Much of the project information comes from developers
          and third parties and may change or become out of date. Any advice we give you is given only under a separate
          written engagement.
        </p>
      </StaticSection>

      <StaticSection title="No offer of securities">
        <p>
          Nothing on the site is an offer to sell, or a solicitation of an offer to buy, any security, property interest
          or unit in a collective investment scheme. Investments are made only under separate transaction documents,
          such as reservation, sale and purchase or subscription agreements, whose terms prevail. Participation is
          limited to investors who meet our qualifications (typically a minimum investment of{" "}
          {formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd)}, accredited status and an investment horizon of{" "}
          {INVESTOR_QUALIFICATIONS.horizon}) and pass identity and anti-money-laundering checks. We may decline any
          request without giving reasons.
        </p>
      </StaticSection>

      <StaticSection title="Subscriptions and billing">
        <p>
          Our {planList} plans are billed monthly or yearly at the prices shown on our{" "}
          <Link to="/pricing" className={legalLinkClass}>
            pricing page
          </Link>{" "}
          when you subscribe.
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Payments are processed by Stripe. Card details are entered directly with Stripe and are never stored by us.
          </li>
          <li>
            Eligible new subscribers receive a {FREE_TRIAL_DAYS}-day free trial. Unless you cancel before it ends, your
            first payment is taken when the trial finishes.
          </li>
          <li>Subscriptions renew automatically at the end of each monthly or yearly period until cancelled.</li>
          <li>
            You can cancel at any time. Cancellation takes effect at the end of the current paid period, after which no
            further charges are made; we do not refund part periods except where the law requires.
          </li>
          <li>We will e-mail you in advance of any price change, which applies from your next renewal.</li>
        </ul>
        <p>Nothing in these terms affects your statutory rights as a consumer.</p>
      </StaticSection>

      <StaticSection title="Intellectual property">
        <p>
          The site, its reports, research, text, images and the {brand.name} name and logo belong to us or our
          licensors. You may view and print content for your own evaluation of an investment. You may not reproduce,
          distribute, sell or publish it, or use it to build a competing service, without our written permission.
          Subscriber reports are confidential and for your own use only.
        </p>
      </StaticSection>

      <StaticSection title="Our liability">
        <p>
          We take reasonable care over the site but do not promise that it will be uninterrupted, error-free or
          complete, and we do not independently verify all third-party information unless we say so. To the extent the
          law allows:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>we are not liable for investment losses arising from reliance on information on the site;</li>
          <li>we are not liable for indirect or consequential loss, or for loss of profit, revenue or opportunity;</li>
          <li>our total liability to you is limited to the subscription fees you paid us in the 12 months before the claim.</li>
        </ul>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for
          anything else that cannot lawfully be limited.
        </p>
      </StaticSection>

      <StaticSection title="Changes to these terms">
        <p>
          We may update these terms from time to time. The new version will appear on this page with a revised
          &ldquo;Last updated&rdquo; date, and we will tell subscribers by e-mail before any significant change affects
          them.
        </p>
      </StaticSection>

      <StaticSection title="Governing law and contact">
        <p>
          These terms and any dispute arising from them are governed by the law of England and Wales, and the courts of
          England and Wales have exclusive jurisdiction. If you are a consumer living in Scotland or Northern Ireland,
          you may also bring proceedings in your local courts. Questions about these terms can be sent to{" "}
          <a href={`mailto:${brand.supportEmail}`} className={legalLinkClass}>
            {brand.supportEmail}
          </a>
          .
        </p>
      </StaticSection>
    </StaticPage>
  );
}
