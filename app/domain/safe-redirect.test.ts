import { describe, expect, it } from "vitest";
import { isSameSitePath, safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/pricing")).toBe("/pricing");
    expect(safeRedirect("/dashboard?tab=bookings#top")).toBe("/dashboard?tab=bookings#top");
  });
  it("refuses anything that could leave the site", () => {
    for (const target of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%2F/evil.example",
      "/%5Cevil.example",
      "/ /evil.example",
      "/é",
      "javascript:alert(1)",
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/%2e%2e//evil.example",
      "/%2E%2E//evil.example",
      "/./%2e//evil.example",
      "/a/../..//evil.example",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(target), JSON.stringify(target)).toBe("/");
    }
  });
  it("keeps dot segments that stay on the site, normalised", () => {
    expect(safeRedirect("/a/./b/../pricing")).toBe("/a/pricing");
  });
  it("says whether a value is already a same-site path", () => {
    expect(isSameSitePath("/auth?verified=1")).toBe(true);
    expect(isSameSitePath("/.//evil.example")).toBe(false);
    expect(isSameSitePath("https://evil.example")).toBe(false);
  });
  it("uses the fallback given", () => {
    expect(safeRedirect("//evil.example", "/auth")).toBe("/auth");
  });
});
