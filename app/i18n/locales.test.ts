import { describe, expect, it } from "vitest";
import { directionOf, localeOfBasename, localizePath, splitLocalePath, typedTextProps } from "./locales";

describe("locales in the URL", () => {
  it("reads the language from the first segment, only when it is one of ours", () => {
    expect(splitLocalePath("/ar/opportunities/abc")).toEqual({ locale: "ar", path: "/opportunities/abc" });
    expect(splitLocalePath("/ckb")).toEqual({ locale: "ckb", path: "/" });
    expect(splitLocalePath("/ar/")).toEqual({ locale: "ar", path: "/" });
    expect(splitLocalePath("/arabic")).toEqual({ locale: "en", path: "/arabic" });
    expect(splitLocalePath("/en/about")).toEqual({ locale: "en", path: "/en/about" });
    expect(splitLocalePath("/")).toEqual({ locale: "en", path: "/" });
    expect(splitLocalePath("/opportunities")).toEqual({ locale: "en", path: "/opportunities" });
  });

  it("puts a path under its language's prefix and back", () => {
    expect(localizePath("en", "/pricing")).toBe("/pricing");
    expect(localizePath("ar", "/")).toBe("/ar");
    expect(localizePath("ar", "/?x=1")).toBe("/ar?x=1");
    expect(localizePath("ckb", "/opportunities?page=2#list")).toBe("/ckb/opportunities?page=2#list");
    for (const path of ["/", "/pricing", "/opportunities/x"]) {
      for (const locale of ["en", "ar", "ckb"] as const) {
        const split = splitLocalePath(localizePath(locale, path));
        expect(split).toEqual({ locale, path });
      }
    }
  });

  it("knows a router's language from its basename, and which languages run right to left", () => {
    expect(localeOfBasename("/")).toBe("en");
    expect(localeOfBasename("/ar")).toBe("ar");
    expect(localeOfBasename("/ckb/")).toBe("ckb");
    expect([directionOf("en"), directionOf("ar"), directionOf("ckb")]).toEqual(["ltr", "rtl", "rtl"]);
  });
});

describe("typedTextProps", () => {
  it("marks Latin text as English on a right-to-left page only", () => {
    expect(typedTextProps("Investor Due Diligence Pack", "ar")).toEqual({ lang: "en", dir: "ltr" });
    expect(typedTextProps("Investor Due Diligence Pack", "ckb")).toEqual({ lang: "en", dir: "ltr" });
    expect(typedTextProps("Investor Due Diligence Pack", "en")).toEqual({});
    expect(typedTextProps("حزمة العناية الواجبة (PDF)", "ar")).toEqual({});
    expect(typedTextProps("2027", "ar")).toEqual({});
  });
});
