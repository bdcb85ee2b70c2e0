import { describe, expect, it } from "vitest";
import { STATIC_PAGES, staticRouteFile } from "./site-map";

describe("site map", () => {
  it("lists the 17 static pages of SPEC.md's route table", () => {
    expect(STATIC_PAGES).toHaveLength(17);
    expect(new Set(STATIC_PAGES.map((p) => p.path)).size).toBe(17);
    expect(STATIC_PAGES.map((p) => p.path)).toContain("/markets/kurdistan-region");
    expect(STATIC_PAGES.map((p) => p.path)).not.toContain("/markets/baghdad");
  });
  it("maps a path to its route module", () => {
    expect(staticRouteFile("/markets/iraq")).toBe("routes/markets.iraq.tsx");
    expect(staticRouteFile("/download")).toBe("routes/download.tsx");
  });
});
