import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LocatorMap } from "./locator-map";

describe("LocatorMap", () => {
  it("frames the server's SVG as it is, with its caption", () => {
    // A map as the server draws it (app/server/maps, tested there), its label escaped.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 450" role="img"><title>Erbil &lt;b&gt;</title><path d="M0 0L10 10"/></svg>';
    const html = renderToStaticMarkup(<LocatorMap svg={svg} caption="Ankawa, Erbil" />);
    expect(html.startsWith("<figure")).toBe(true);
    expect(html).toContain(svg);
    expect(html).toContain("<figcaption");
    expect(html).toContain(">Ankawa, Erbil</figcaption>");
    expect(html).not.toContain("<b>");
  });
});
