import { describe, expect, it } from "vitest";
import { localeOfPagePath, localeOfRequest } from "./locale-pages.server";

describe("the language of a request", () => {
  it("reads pages and their data requests under a language's prefix", () => {
    expect(localeOfPagePath("/ar")).toBe("ar");
    expect(localeOfPagePath("/ar/opportunities.data")).toBe("ar");
    expect(localeOfPagePath("/ckb/auth")).toBe("ckb");
    expect(localeOfPagePath("/pricing")).toBe("en");
  });

  it("takes the home page's data request (the basename plus .data) as that language's", () => {
    expect(localeOfPagePath("/ar.data")).toBe("ar");
    expect(localeOfPagePath("/ckb.data")).toBe("ckb");
    expect(localeOfRequest("/ar.data?index")).toBe("ar");
    // Not a language: English, as it stands.
    expect(localeOfPagePath("/en.data")).toBe("en");
    expect(localeOfPagePath("/fr.data")).toBe("en");
    expect(localeOfPagePath("/_root.data")).toBe("en");
  });
});
