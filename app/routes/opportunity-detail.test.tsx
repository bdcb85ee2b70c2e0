import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { meta } from "./opportunity-detail";

const SITE = "https://www.tigris.example";
const ID = "7d1b3a55-0000-4000-8000-000000000001";
const SLUG = "erbil-riverside-towers";
const HOSTILE_TITLE = `Towers</script><script>alert("x")</script><!--`;

/**
 * The detail route's real `meta` rendered by React Router's real <Meta>, as on the
 * server: text from the database (an admin-entered title) must stay inside the JSON-LD.
 */
function renderHead(title: string): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <>
          <Meta />
          <Outlet />
        </>
      ),
      children: [{ id: "routes/opportunity-detail", path: "opportunities/:slug", meta: meta as never, Component: () => null }],
    },
  ]);
  const opportunity = {
    id: ID,
    slug: SLUG,
    title,
    description: "Riverside apartments & offices <b>near</b> the citadel.",
    location: "Erbil",
    minimumInvestment: 250000,
    imageUrl: null,
  };
  return renderToString(
    <Stub
      initialEntries={[`/opportunities/${SLUG}`]}
      hydrationData={{ loaderData: { root: { siteUrl: SITE }, "routes/opportunity-detail": { opportunity } } }}
    />,
  );
}

const jsonLdScripts = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

describe("opportunity detail meta", () => {
  it("keeps a title containing </script> inside the JSON-LD script, escaped as \\u003c", () => {
    const html = renderHead(HOSTILE_TITLE);
    // Exactly one script element: the title's own </script><script> did not open another.
    expect(html.match(/<script/g)).toHaveLength(1);
    const [json] = jsonLdScripts(html);
    expect(json).toContain("\\u003c/script\\u003e");
    expect(json).not.toContain("<");
    const data = JSON.parse(json!) as { "@type": string; name: string; description: string; offers: { price: number } };
    expect(data["@type"]).toBe("RealEstateListing");
    expect(data.name).toBe(HOSTILE_TITLE);
    expect(data.description).toBe("Riverside apartments & offices <b>near</b> the citadel.");
    expect(data.offers.price).toBe(250000);
  });

  it("puts the canonical URL and share tags on SITE_URL, at the slug address (issue 33), with the title escaped in attributes", () => {
    const html = renderHead(HOSTILE_TITLE);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/opportunities/${SLUG}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${SITE}/opportunities/${SLUG}"/>`);
    expect(html).not.toContain(ID);
    expect(html).toContain(`<meta property="og:image" content="${SITE}/images/share-default.png"/>`);
    expect(html).toContain(`<meta property="og:title" content="Towers&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)`);
  });
});
