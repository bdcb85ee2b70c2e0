import { preload } from "react-dom";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import playfairDisplay600 from "@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2?url";
import vazirmatnArabic from "@fontsource-variable/vazirmatn/files/vazirmatn-arabic-wght-normal.woff2?url";
import vazirmatnLatin from "@fontsource-variable/vazirmatn/files/vazirmatn-latin-wght-normal.woff2?url";
import type { Locale } from "~/i18n/locales";

/**
 * The files of the faces every page of a language draws with (decision 037): Playfair
 * Display SemiBold (headings) and Inter (text) in English; Vazirmatn's Arabic letters and
 * its Latin (the brand's name, figures) in Arabic and Sorani. The same hashed files
 * app.css's @font-face rules name (Vite emits each file once).
 */
export const BRAND_FACES: Record<Locale, readonly string[]> = {
  en: [playfairDisplay600, interLatin],
  ar: [vazirmatnArabic, vazirmatnLatin],
  ckb: [vazirmatnArabic, vazirmatnLatin],
};

/**
 * Asks the browser for the language's faces before it has read the style sheet: React writes
 * the hints near the top of the server-rendered head. Every page uses both faces of its
 * language, and asking for them at once makes their arrival the same on every visit, with or
 * without scripts, rather than depending on whether the first layout happened to need them
 * before or after the page's largest picture painted (which made Lighthouse's simulated LCP
 * jump by 0.6 s from one run to the next). `crossOrigin`: fonts are always fetched in CORS
 * mode, and a preload fetched otherwise would be fetched twice.
 */
export function preloadBrandFaces(locale: Locale) {
  // Only the server's render needs the hints (the browser has them from the HTML by then, and
  // a client navigation finds the faces cached): in the browser's build this is empty, and
  // the file names stay out of every page's JavaScript (DESIGN.md's 150 KiB).
  if (!import.meta.env.SSR) return;
  for (const href of BRAND_FACES[locale]) preload(href, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
}
