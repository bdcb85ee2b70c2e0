import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "@pdf-lib/fontkit";
import type { Font } from "@pdf-lib/fontkit";
import { describe, expect, it } from "vitest";
import { brand } from "~/domain/brand";
import { LOCALES, type Locale } from "~/i18n/locales";

/**
 * The brand's type (decision 037), checked against the font files themselves rather than
 * assumed: app.css serves only the subsets the catalogues need, and those subsets have a
 * glyph for every letter the site writes in each language, Sorani's own letters included.
 */

const appDir = path.dirname(new URL(import.meta.url).pathname);
const css = readFileSync(path.join(appDir, "app.css"), "utf8");
const require = createRequire(import.meta.url);

interface Face {
  family: string;
  file: string;
  display: string | undefined;
  ranges: [number, number][];
  block: string;
}

/** Every @font-face of app.css that names a file (the fallbacks name local faces only). */
function servedFaces(): Face[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
    .map((m) => m[1]!)
    .filter((block) => block.includes("url("))
    .map((block) => ({
      block,
      family: /font-family:\s*"([^"]+)"/.exec(block)![1]!,
      file: /url\("([^"]+)"\)/.exec(block)![1]!,
      display: /font-display:\s*([a-z]+)/.exec(block)?.[1],
      ranges: (/unicode-range:\s*([^;]+);/.exec(block)?.[1] ?? "")
        .split(",")
        .map((r) => r.trim().replace(/^U\+/i, "").split("-"))
        .map(([from, to]) => [parseInt(from!, 16), parseInt(to ?? from!, 16)] as [number, number]),
    }));
}

const fonts = new Map<string, Font>();
function fontOf(file: string): Font {
  let font = fonts.get(file);
  if (!font) fonts.set(file, (font = fontkit.create(readFileSync(require.resolve(file)))));
  return font;
}

/** The families each language's pages are set in (app.css's --font-sans and --font-serif). */
const FAMILIES: Record<Locale, string[]> = {
  en: ["Inter Variable", "Playfair Display"],
  ar: ["Vazirmatn Variable"],
  ckb: ["Vazirmatn Variable"],
};

/** Every character a language's pages can show from the catalogues, and the brand's name. */
function charactersOf(locale: Locale): Set<number> {
  const chars = new Set<number>();
  const dir = path.join(appDir, "locales", locale);
  for (const file of readdirSync(dir)) {
    const messages = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, string>;
    // Only the words: ICU syntax ({name}, plural braces) is not shown as such.
    for (const text of [...Object.values(messages), brand.name]) for (const ch of text) chars.add(ch.codePointAt(0)!);
  }
  return chars;
}

/** Characters no font draws: controls, and format marks (bidi isolates and marks, joiners). */
const invisible = (c: number) => c < 0x20 || /\p{Cf}/u.test(String.fromCodePoint(c));

describe("the brand's type", () => {
  const faces = servedFaces();

  it("serves only woff2 files of the Fontsource packages, each shown at once in a fallback (font-display: swap)", () => {
    expect(faces.map((f) => f.family).sort()).toEqual(["Inter Variable", "Playfair Display", "Vazirmatn Variable", "Vazirmatn Variable"]);
    for (const face of faces) {
      expect(face.file).toMatch(/^@fontsource(-variable)?\/[a-z-]+\/files\/[a-z0-9-]+\.woff2$/);
      expect(face.block).not.toMatch(/\.woff"|\.ttf"/);
      expect(face.display).toBe("swap");
      expect(face.ranges.length).toBeGreaterThan(0);
    }
  });

  for (const locale of LOCALES) {
    it(`has a glyph, in a subset the page asks for, for every character the ${locale} pages write`, () => {
      const own = faces.filter((f) => FAMILIES[locale].includes(f.family));
      const missing = [...charactersOf(locale)]
        .filter((c) => !invisible(c))
        .filter((c) => !own.some((f) => f.ranges.some(([a, b]) => c >= a && c <= b) && fontOf(f.file).hasGlyphForCodePoint(c)));
      expect(missing.map((c) => `${String.fromCodePoint(c)} U+${c.toString(16).toUpperCase()}`)).toEqual([]);
    });
  }

  it("sets Sorani's own letters from Vazirmatn's Arabic subset (ڕ ڵ ۆ ێ ە ڤ)", () => {
    const arabic = faces.find((f) => f.file.includes("vazirmatn-arabic"))!;
    for (const letter of "ڕڵۆێەڤ") {
      const c = letter.codePointAt(0)!;
      expect(fontOf(arabic.file).hasGlyphForCodePoint(c), letter).toBe(true);
      expect(arabic.ranges.some(([a, b]) => c >= a && c <= b), letter).toBe(true);
    }
  });

  it("gives each fallback the line metrics of its brand face, so the swap moves no line", () => {
    const fallbacks: [string, string][] = [
      ["Inter Fallback", "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"],
      ["Playfair Display Fallback", "@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2"],
      ["Vazirmatn Fallback", "@fontsource-variable/vazirmatn/files/vazirmatn-latin-wght-normal.woff2"],
    ];
    for (const [family, file] of fallbacks) {
      const block = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]!).find((b) => b.includes(`"${family}"`))!;
      const percent = (name: string) => Number(new RegExp(`${name}:\\s*([\\d.]+)%`).exec(block)![1]) / 100;
      const font = fontOf(file);
      // The override is of the scaled face: override x size-adjust = the brand face's own metric.
      expect(percent("ascent-override") * percent("size-adjust"), family).toBeCloseTo(font.ascent / font.unitsPerEm, 3);
      expect(percent("descent-override") * percent("size-adjust"), family).toBeCloseTo(-font.descent / font.unitsPerEm, 3);
      expect(percent("line-gap-override"), family).toBeCloseTo(font.lineGap / font.unitsPerEm, 3);
      expect(css, `${family} follows its brand face in the stack`).toMatch(new RegExp(`"[^"]+", "${family}"`));
    }
  });
});
