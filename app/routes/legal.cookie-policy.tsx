import { Link } from "react-router";
import { LegalIntro, legalLinkClass } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/legal.cookie-policy";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Cookie Policy | ${brand.name}`,
    description:
      `The strictly necessary cookies and browser storage the ${brand.name} website uses, why we use them and how you can control them.`,
    path: "/legal/cookie-policy",
  });
}

const registeredOffice = brand.offices.find((o) => o.city === "London") ?? brand.offices[0];

const cookies = [
  {
    name: "Session cookie",
    when: "Set when you sign in.",
    purpose:
      "Keeps you signed in as you move between pages and lets us show your dashboard. It is signed, marked HttpOnly so that scripts on the page cannot read it, and sent only over encrypted connections.",
    duration: "Up to seven days, renewed while you use the site; removed when you sign out.",
  },
  {
    name: "Sign-in notification cookie",
    when: "Set briefly after you sign in or out.",
    purpose: "Carries a one-off confirmation message, such as “Welcome back!”, to the next page you see.",
    duration: "60 seconds at most; cleared as soon as the message is shown.",
  },
  {
    name: "Sign-in security cookie",
    when: "Set only if you choose to sign in with Google or LinkedIn.",
    purpose: "Links the reply from the sign-in provider to your browser, protecting you against forged sign-in requests.",
    duration: "A few minutes; no longer needed once sign-in is complete.",
  },
];

export default function CookiePolicy() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Cookie Policy"
      lead="This website uses only the few strictly necessary cookies it needs to keep you signed in and working securely, and no advertising or tracking cookies."
      cta={false}
    >
      <LegalIntro>
        This policy is issued by {brand.legalName}, whose registered office is at {registeredOffice.address}. It
        explains how the site uses cookies and similar technologies, in line with the Privacy and Electronic
        Communications Regulations 2003 (PECR) and UK GDPR.
      </LegalIntro>

      <StaticSection title="What cookies are">
        <p>
          Cookies are small text files that a website asks your browser to store and send back on later visits. Similar
          technologies, such as your browser&rsquo;s local storage, keep small pieces of information on your device in
          the same way. Under PECR, a site may use cookies that are strictly necessary to provide a service you ask for
          without asking your consent first, but it must tell you about them. That is the purpose of this page.
        </p>
      </StaticSection>

      <StaticSection title="The cookies we use">
        <p>All the cookies below are first-party and strictly necessary. None of them is used to track or profile you.</p>
        <ul className="space-y-4">
          {cookies.map((c) => (
            <li key={c.name} className="rounded-lg border bg-card p-5">
              <h3 className="font-semibold text-foreground">{c.name}</h3>
              <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-medium text-foreground">When</dt>
                <dd className="text-muted-foreground">{c.when}</dd>
                <dt className="font-medium text-foreground">Purpose</dt>
                <dd className="text-muted-foreground">{c.purpose}</dd>
                <dt className="font-medium text-foreground">Duration</dt>
                <dd className="text-muted-foreground">{c.duration}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <p>If you browse without signing in, the site normally sets no cookies at all.</p>
      </StaticSection>

      <StaticSection title="Browser storage">
        <p>
          When your browser offers to install the site as an app, we show an install banner. If you dismiss it, your
          choice is remembered in your browser&rsquo;s local storage so the banner does not keep reappearing. This
          preference stays on your device and is never sent to us.
        </p>
        <p>
          The site also registers a small offline script that may keep copies of the site&rsquo;s public pages and
          files, such as styles and images, so that pages load quickly on slow connections and pages you have visited
          still open offline. Pages shown while you are signed in are never kept, and these copies contain no personal
          data.
        </p>
      </StaticSection>

      <StaticSection title="No advertising or analytics cookies">
        <p>
          We do not use advertising, retargeting, social-media or third-party analytics cookies, and we do not allow
          advertisers to place cookies through our site. If we ever propose to use cookies that are not strictly
          necessary, we will ask for your consent first and update this policy before doing so.
        </p>
        <p>
          When you choose to sign in with Google or LinkedIn, or pay for a subscription through Stripe&rsquo;s checkout,
          you visit those providers&rsquo; own pages, which set their own cookies under their own policies.
        </p>
      </StaticSection>

      <StaticSection title="How to control cookies">
        <p>You remain in control of what your browser stores:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>most browsers let you view, block and delete cookies in their privacy or security settings;</li>
          <li>clearing &ldquo;site data&rdquo; for this site removes our cookies and the install banner preference;</li>
          <li>signing out removes the session cookie straight away;</li>
          <li>private or incognito windows discard cookies when you close them.</li>
        </ul>
        <p>
          Because our cookies are strictly necessary, blocking them will stop you signing in to your account or using
          your dashboard, although the public pages will still work.
        </p>
      </StaticSection>

      <StaticSection title="Changes and contact">
        <p>
          If the cookies we use change, we will update this page and its &ldquo;Last updated&rdquo; date. For questions
          about cookies or your personal data, e-mail{" "}
          <a href={`mailto:${brand.supportEmail}`} className={legalLinkClass}>
            {brand.supportEmail}
          </a>{" "}
          or read our{" "}
          <Link to="/legal/privacy-policy" className={legalLinkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </StaticSection>
    </StaticPage>
  );
}
