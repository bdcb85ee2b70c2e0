/**
 * DESIGN.md's budgets for the public pages, shared by the size checks of `npm test`
 * (tests/e2e/performance-budgets.spec.ts) and the Lighthouse run of `npm run bench:web`.
 */

/** The pages measured: the three public screens with data, one static page, and the home page in Arabic and Sorani. */
export const MEASURED_PAGES = ["/", "/opportunities", "/pricing", "/services/investment-advisory", "/ar", "/ckb"];

/** JavaScript `/` may load, gzip, in KiB (1,024 bytes): DESIGN.md's "under 150 KiB". */
export const FIRST_LOAD_JS_BUDGET_KIB = 150;

/**
 * Web fonts a measured page may transfer, in KiB (issue 33): the brand's faces for its
 * language (English: Inter and Playfair Display SemiBold, 70 KiB; Arabic and Sorani:
 * Vazirmatn's Arabic and Latin subsets, 79 KiB), all from the site's own origin.
 */
export const FONT_BUDGET_KIB = 100;

/** Pages whose LCP issue 18 compares with the same HTML without scripts. */
export const LCP_COMPARED_PAGES = ["/", "/opportunities", "/pricing"];

/** Issue 18: LCP at most this many times the LCP of the page without its scripts. */
export const LCP_NO_SCRIPT_RATIO = 1.2;

/** Code of the signed-in and admin areas, which no public page may load. */
export const PRIVATE_CODE = /\/assets\/(dashboard|admin|profile-menu)[.-]/;

/** Lighthouse category scores (mobile). */
export const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 } as const;
