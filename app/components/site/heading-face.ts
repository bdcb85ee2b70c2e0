import { preload } from "react-dom";
import playfairDisplay600 from "@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2?url";
import vazirmatnArabic from "@fontsource-variable/vazirmatn/files/vazirmatn-arabic-wght-normal.woff2?url";
import type { Locale } from "~/i18n/locales";

/**
 * The file of the face the headings are set in, per language (decision 037): Playfair
 * Display SemiBold for English, Vazirmatn's Arabic letters for Arabic and Sorani. The same
 * hashed files app.css's @font-face rules name (Vite emits each file once).
 */
export const HEADING_FACE: Record<Locale, string> = { en: playfairDisplay600, ar: vazirmatnArabic, ckb: vazirmatnArabic };

/**
 * Asks the browser for the heading face before it has read the style sheet: React writes the
 * hint near the top of the server-rendered head. Only the page whose first view is a large
 * heading calls this (the home page's hero); a preload nobody uses costs bytes and a warning.
 * `crossOrigin`: fonts are always fetched in CORS mode, and a preload fetched otherwise
 * would be fetched twice.
 */
export function preloadHeadingFace(locale: Locale) {
  // Only the server's render needs the hint (the browser has it from the HTML by then, and a
  // client navigation finds the face cached): in the browser's build this is empty, and the
  // file names stay out of the home page's JavaScript (DESIGN.md's 150 KiB).
  if (import.meta.env.SSR) preload(HEADING_FACE[locale], { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
}
