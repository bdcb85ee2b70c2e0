import { brand } from "./brand";
import { STRUCTURED_DATA_MIN_PRICE } from "./constants";
import { absoluteUrl, DEFAULT_SHARE_IMAGE, LOGO_PATH, type JsonLd } from "./seo";
import { opportunityPath } from "./site-map";

/**
 * schema.org JSON-LD for the pages search engines read: the firm on the home page, each
 * active opportunity on its detail page, and the list of them on /opportunities. Pure
 * data; the route's `meta` hands it to React Router, whose <Meta> writes it into a
 * `<script type="application/ld+json">` with `<`, `>`, `&` escaped as \u003c, \u003e, \u0026.
 */

const CONTEXT = "https://schema.org" as const;

/** The fields of an opportunity the structured data uses (a public, active one). */
export interface ListedOpportunity {
  id: string;
  /** Its page's address (issue 33). */
  slug: string;
  title: string;
  description: string;
  location: string;
  minimumInvestment: number;
  imageUrl: string | null;
}

/** The firm as a FinancialService, with its offices, markets and SPEC.md's minimum price. */
export function organizationJsonLd(siteUrl: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "FinancialService",
    "@id": `${absoluteUrl(siteUrl, "/")}#organization`,
    name: brand.name,
    legalName: brand.legalName,
    description: brand.tagline,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, LOGO_PATH),
    image: absoluteUrl(siteUrl, DEFAULT_SHARE_IMAGE.path),
    email: brand.email,
    telephone: brand.phone,
    address: brand.offices.map((office) => ({
      "@type": "PostalAddress",
      name: `${brand.name} ${office.city}`,
      streetAddress: office.streetAddress,
      addressLocality: office.locality,
      ...(office.postalCode ? { postalCode: office.postalCode } : {}),
      addressCountry: office.country,
    })),
    areaServed: brand.areaServed.map((area) => ({ "@type": area.type, name: area.name })),
    makesOffer: {
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: "Off-plan real-estate investment advisory" },
      priceSpecification: {
        "@type": "PriceSpecification",
        minPrice: STRUCTURED_DATA_MIN_PRICE.amount,
        priceCurrency: STRUCTURED_DATA_MIN_PRICE.currency,
      },
    },
  };
}

/** One opportunity as a RealEstateListing, offered from its minimum investment in USD. */
function listing(siteUrl: string, o: ListedOpportunity) {
  const url = absoluteUrl(siteUrl, opportunityPath(o.slug));
  return {
    "@type": "RealEstateListing",
    "@id": url,
    name: o.title,
    description: o.description,
    url,
    image: absoluteUrl(siteUrl, o.imageUrl ?? DEFAULT_SHARE_IMAGE.path),
    contentLocation: { "@type": "Place", name: o.location, address: o.location },
    offers: {
      "@type": "Offer",
      price: o.minimumInvestment,
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url,
    },
  };
}

/** The JSON-LD of one opportunity's detail page. */
export function opportunityJsonLd(siteUrl: string, o: ListedOpportunity): JsonLd {
  return { "@context": CONTEXT, ...listing(siteUrl, o) };
}

/** The /opportunities page: an ItemList with one listing per active opportunity, in page order. */
export function opportunityListJsonLd(siteUrl: string, opportunities: readonly ListedOpportunity[]): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "ItemList",
    name: "Investment Opportunities",
    url: absoluteUrl(siteUrl, "/opportunities"),
    numberOfItems: opportunities.length,
    itemListElement: opportunities.map((o, i) => ({
      "@type": "ListItem",
      position: i + 1,
      item: listing(siteUrl, o),
    })),
  };
}
