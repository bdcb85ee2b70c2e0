import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

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
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(target), JSON.stringify(target)).toBe("/");
    }
  });
  it("uses the fallback given", () => {
    expect(safeRedirect("//evil.example", "/auth")).toBe("/auth");
  });
});
