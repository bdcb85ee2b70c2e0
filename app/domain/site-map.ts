import type { MessageKey } from "~/i18n/i18n";

/**
 * The static pages of SPEC.md's route table, grouped as the footer shows them. Routes,
 * footer, sitemap and tests all read this list, so a page cannot be added to one and
 * forgotten in another.
 */
export interface StaticPageLink {
  path: string;
  /** The page's name in the catalogues (app/locales). */
  label: MessageKey;
}

export const STATIC_PAGE_GROUPS: { title: MessageKey; links: StaticPageLink[] }[] = [
  {
    title: "footer.services",
    links: [
      { path: "/services/investment-advisory", label: "footer.investmentAdvisory" },
      { path: "/services/due-diligence", label: "footer.dueDiligence" },
      { path: "/services/portfolio-management", label: "footer.portfolioManagement" },
      { path: "/services/market-research", label: "footer.marketResearch" },
    ],
  },
  {
    title: "footer.markets",
    links: [
      { path: "/markets/iraq", label: "footer.iraq" },
      { path: "/markets/kurdistan-region", label: "footer.kurdistanRegion" },
      { path: "/markets/uae", label: "footer.uae" },
      { path: "/markets/jordan", label: "footer.jordan" },
    ],
  },
  {
    title: "footer.resources",
    links: [
      { path: "/resources/market-reports", label: "footer.marketReports" },
      { path: "/resources/investor-portal", label: "footer.investorPortal" },
      { path: "/resources/legal-documents", label: "footer.legalDocuments" },
      { path: "/resources/contact-support", label: "footer.contactSupport" },
    ],
  },
  {
    title: "footer.legal",
    links: [
      { path: "/legal/privacy-policy", label: "footer.privacyPolicy" },
      { path: "/legal/terms-of-service", label: "footer.termsOfService" },
      { path: "/legal/risk-disclosure", label: "footer.riskDisclosure" },
      { path: "/legal/cookie-policy", label: "footer.cookiePolicy" },
    ],
  },
];

export const DOWNLOAD_PAGE: StaticPageLink = { path: "/download", label: "footer.mobileApp" };

/** The firm's advisers (issue 33): beside SPEC.md's pages, linked from the footer and the home page, in the sitemap. */
export const TEAM_PAGE: StaticPageLink = { path: "/team", label: "footer.team" };

export const STATIC_PAGES: StaticPageLink[] = [...STATIC_PAGE_GROUPS.flatMap((g) => g.links), DOWNLOAD_PAGE];

/** The address of one opportunity's detail page, by its slug (issue 33: ids answer 301 to it). */
export const opportunityPath = (slug: string) => `/opportunities/${slug}`;

/** Where every projected return's caveat leads (issue 33). */
export const RISK_DISCLOSURE_PATH = "/legal/risk-disclosure";

/** The route module file for a static page path, e.g. /markets/iraq → routes/markets.iraq.tsx. */
export function staticRouteFile(path: string): string {
  return `routes/${path.slice(1).replaceAll("/", ".")}.tsx`;
}
