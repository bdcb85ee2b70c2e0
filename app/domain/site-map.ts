/**
 * The static pages of SPEC.md's route table, grouped as the footer shows them. Routes,
 * footer, sitemap and tests all read this list, so a page cannot be added to one and
 * forgotten in another.
 */
export interface StaticPageLink {
  path: string;
  label: string;
}

export const STATIC_PAGE_GROUPS: { title: string; links: StaticPageLink[] }[] = [
  {
    title: "Services",
    links: [
      { path: "/services/investment-advisory", label: "Investment Advisory" },
      { path: "/services/due-diligence", label: "Due Diligence" },
      { path: "/services/portfolio-management", label: "Portfolio Management" },
      { path: "/services/market-research", label: "Market Research" },
    ],
  },
  {
    title: "Markets",
    links: [
      { path: "/markets/iraq", label: "Iraq" },
      { path: "/markets/kurdistan-region", label: "Kurdistan Region" },
      { path: "/markets/uae", label: "UAE" },
      { path: "/markets/jordan", label: "Jordan" },
    ],
  },
  {
    title: "Resources",
    links: [
      { path: "/resources/market-reports", label: "Market Reports" },
      { path: "/resources/investor-portal", label: "Investor Portal" },
      { path: "/resources/legal-documents", label: "Legal Documents" },
      { path: "/resources/contact-support", label: "Contact Support" },
    ],
  },
  {
    title: "Legal",
    links: [
      { path: "/legal/privacy-policy", label: "Privacy Policy" },
      { path: "/legal/terms-of-service", label: "Terms of Service" },
      { path: "/legal/risk-disclosure", label: "Risk Disclosure" },
      { path: "/legal/cookie-policy", label: "Cookie Policy" },
    ],
  },
];

export const DOWNLOAD_PAGE: StaticPageLink = { path: "/download", label: "Mobile App" };

export const STATIC_PAGES: StaticPageLink[] = [...STATIC_PAGE_GROUPS.flatMap((g) => g.links), DOWNLOAD_PAGE];

/** The address of one opportunity's detail page. */
export const opportunityPath = (id: string) => `/opportunities/${id}`;

/** The route module file for a static page path, e.g. /markets/iraq → routes/markets.iraq.tsx. */
export function staticRouteFile(path: string): string {
  return `routes/${path.slice(1).replaceAll("/", ".")}.tsx`;
}
