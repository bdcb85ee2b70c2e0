import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/pricing")).toBe("/pricing");
    expect(safeRedirect("/dashboard?tab=bookings")).toBe("/dashboard?tab=bookings");
  });
  it("refuses anything that could leave the site", () => {
    for (const target of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, undefined]) {
      expect(safeRedirect(target)).toBe("/");
    }
  });
});
