import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { locatorMapSvg } from "~/server/maps/locator-map.server";
import { LocatorMap } from "./locator-map";

describe("LocatorMap", () => {
  it("frames the server's SVG as it is, with its caption", () => {
    const svg = locatorMapSvg({ latitude: 36.19, longitude: 44.01, label: "Erbil <b>", dir: "ltr" });
    const html = renderToStaticMarkup(<LocatorMap svg={svg} caption="Ankawa, Erbil" />);
    expect(html.startsWith("<figure")).toBe(true);
    expect(html).toContain(svg);
    expect(html).toContain("<figcaption");
    expect(html).toContain(">Ankawa, Erbil</figcaption>");
    expect(html).not.toContain("<b>");
  });
});
