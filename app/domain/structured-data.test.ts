import { describe, expect, it } from "vitest";
import { brand } from "./brand";
import { organizationJsonLd, opportunityJsonLd, opportunityListJsonLd, type ListedOpportunity } from "./structured-data";

const SITE = "https://www.tigris.example";

const opportunity = (over: Partial<ListedOpportunity> = {}): ListedOpportunity => ({
  id: "7d1b3a55-0000-4000-8000-000000000001",
  slug: "erbil-citadel-residences",
  title: "Erbil Citadel Residences",
  description: "Apartments below the citadel.",
  location: "Erbil, Kurdistan Region",
  minimumInvestment: 150000,
  imageUrl: "/images/opportunities/erbil.svg",
  ...over,
});

describe("organizationJsonLd", () => {
  const org = organizationJsonLd(SITE);

  it("describes the firm as a FinancialService on SITE_URL", () => {
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      "@type": "FinancialService",
      name: brand.name,
      url: `${SITE}/`,
      logo: `${SITE}/images/logo.png`,
      email: brand.email,
      telephone: brand.phone,
    });
  });

  it("lists the three offices as postal addresses and the markets served", () => {
    expect(org.address).toEqual([
      { "@type": "PostalAddress", name: "Tigris Advisory London", streetAddress: "30 St Mary Axe", addressLocality: "London", postalCode: "EC3A 8BF", addressCountry: "GB" },
      { "@type": "PostalAddress", name: "Tigris Advisory Dubai", streetAddress: "Gate Village 4, DIFC", addressLocality: "Dubai", addressCountry: "AE" },
      { "@type": "PostalAddress", name: "Tigris Advisory Baghdad", streetAddress: "Al-Mansour District, Street 14", addressLocality: "Baghdad", addressCountry: "IQ" },
    ]);
    expect((org.areaServed as { name: string }[]).map((a) => a.name)).toEqual([
      "Iraq",
      "Kurdistan Region",
      "United Arab Emirates",
      "Jordan",
    ]);
  });

  it("offers advice from SPEC.md's structured-data minimum price of 100000 GBP", () => {
    expect(org.makesOffer).toMatchObject({
      "@type": "Offer",
      priceSpecification: { "@type": "PriceSpecification", minPrice: 100000, priceCurrency: "GBP" },
    });
  });
});

describe("opportunityJsonLd", () => {
  it("lists the opportunity with its URL, image and location, priced at its minimum investment in USD", () => {
    expect(opportunityJsonLd(SITE, opportunity())).toEqual({
      "@context": "https://schema.org",
      "@type": "RealEstateListing",
      "@id": `${SITE}/opportunities/erbil-citadel-residences`,
      name: "Erbil Citadel Residences",
      description: "Apartments below the citadel.",
      url: `${SITE}/opportunities/erbil-citadel-residences`,
      image: `${SITE}/images/opportunities/erbil.svg`,
      contentLocation: { "@type": "Place", name: "Erbil, Kurdistan Region", address: "Erbil, Kurdistan Region" },
      offers: {
        "@type": "Offer",
        price: 150000,
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: `${SITE}/opportunities/erbil-citadel-residences`,
      },
    });
  });

  it("falls back to the default share image, and keeps an absolute image URL as it is", () => {
    expect(opportunityJsonLd(SITE, opportunity({ imageUrl: null })).image).toBe(`${SITE}/images/share-default.png`);
    expect(opportunityJsonLd(SITE, opportunity({ imageUrl: "https://cdn.example/a.jpg" })).image).toBe("https://cdn.example/a.jpg");
  });
});

describe("opportunityListJsonLd", () => {
  it("is an ItemList with one listing per opportunity, in order", () => {
    const list = opportunityListJsonLd(SITE, [opportunity(), opportunity({ id: "7d1b3a55-0000-4000-8000-000000000002", title: "B" })]);
    expect(list).toMatchObject({ "@type": "ItemList", numberOfItems: 2, url: `${SITE}/opportunities` });
    const items = list.itemListElement as { position: number; item: { "@type": string; name: string } }[];
    expect(items.map((i) => [i.position, i.item["@type"], i.item.name])).toEqual([
      [1, "RealEstateListing", "Erbil Citadel Residences"],
      [2, "RealEstateListing", "B"],
    ]);
  });

  it("is an empty list when there is nothing active", () => {
    expect(opportunityListJsonLd(SITE, [])).toMatchObject({ numberOfItems: 0, itemListElement: [] });
  });
});
