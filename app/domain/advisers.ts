import type { MessageKey } from "~/i18n/i18n";
import type { AdviserSchedule } from "./adviser-schedule";

/**
 * The firm's advisers (issue 33): who a client will work with, on the "Our team" page and
 * the home page. An admin writes each one's role and short biography in English and,
 * optionally, Arabic and Sorani (a page in a language without them shows the English);
 * the name is the adviser's own and is shown as written. No zod here: the home page loads
 * this module (the admin's form schema is adviser-form.ts).
 */

/** The languages an adviser may be listed as speaking, by code (names: `languageName.*` in the site catalogue). */
export const ADVISER_LANGUAGES = ["en", "ar", "ckb", "kmr", "tr", "fa", "fr", "de"] as const;
export type AdviserLanguage = (typeof ADVISER_LANGUAGES)[number];

export const LANGUAGE_NAME_KEYS = {
  en: "languageName.en",
  ar: "languageName.ar",
  ckb: "languageName.ckb",
  kmr: "languageName.kmr",
  tr: "languageName.tr",
  fa: "languageName.fa",
  fr: "languageName.fr",
  de: "languageName.de",
} as const satisfies Record<AdviserLanguage, MessageKey>;

/** The site's markets (its /markets/* pages), which an adviser covers. */
export const ADVISER_MARKETS = ["iraq", "kurdistan-region", "uae", "jordan"] as const;
export type AdviserMarket = (typeof ADVISER_MARKETS)[number];

export const MARKET_NAME_KEYS = {
  iraq: "footer.iraq",
  "kurdistan-region": "footer.kurdistanRegion",
  uae: "footer.uae",
  jordan: "footer.jordan",
} as const satisfies Record<AdviserMarket, MessageKey>;

export const marketPath = (market: AdviserMarket) => `/markets/${market}`;

/** The languages an adviser's role and biography may be written in besides English. */
export const ADVISER_TEXT_LOCALES = ["ar", "ckb"] as const;
export type AdviserTextLocale = (typeof ADVISER_TEXT_LOCALES)[number];

export const ADVISER_LIMITS = { name: 120, role: 120, bio: 1200 } as const;

/** An adviser as the public pages show one, in the page's language. */
export interface PublicAdviser {
  id: string;
  name: string;
  initials: string;
  role: string;
  bio: string;
  /** The language the role and biography are written in: English when the page's is missing. */
  textLocale: "en" | AdviserTextLocale;
  languages: AdviserLanguage[];
  markets: AdviserMarket[];
  /** /media/<id>.<ext>, or null: the initials are shown instead. */
  photoUrl: string | null;
}

/** An adviser as the admin's Team area lists and edits one. */
export interface AdminAdviser {
  id: string;
  name: string;
  initials: string;
  role: string;
  bio: string;
  translations: Record<AdviserTextLocale, { role: string; bio: string }>;
  languages: AdviserLanguage[];
  markets: AdviserMarket[];
  photoUrl: string | null;
  position: number;
  isPublished: boolean;
  updatedAt: string;
  /** Whether visitors are offered their times, and their working hours (issue 37). */
  schedule: AdviserSchedule & { takesBookings: boolean };
  /** Their own sign-in (issue 37): none, invited (no password set yet) or active. */
  account: AdviserAccount | null;
}

/**
 * An adviser's account as the Team page shows it: the address it signs in with, whether
 * its owner has set a password from the invitation yet, and whether two-factor sign-in is
 * on (their workspace opens only once it is).
 */
export interface AdviserAccount {
  email: string;
  state: "invited" | "active";
  twoFactor: boolean;
}

/** Lowercase words that are not a name's initial: "bin", "de", "van"... and the Arabic "بن", "أبو". */
const PARTICLES = new Set(["al", "el", "bin", "ibn", "bint", "abu", "de", "da", "di", "van", "von", "der", "la", "le", "بن", "بنت", "ابن", "أبو", "ابو"]);
/** The Arabic article written joined to a word ("الحسيني") or the Latin one with a hyphen ("al-Hashimi"). */
const ARTICLE = /^(?:(?:al|el)[-‐]|ال(?=\p{L}{2}))/iu;
const ARABIC_LETTER = /\p{Script=Arabic}/u;
/** "Abd" ("servant of") begins a compound name with the word after it: "عبد الله" is one name. */
const COMPOUND_START = new Set(["عبد", "abd", "abdul", "abdel"]);
/** ZERO WIDTH NON-JOINER: two Arabic initials side by side must not join into one word. */
const ZWNJ = "\u200C";

/** The first letter of a word as one user-perceived character (a letter with its marks). */
function firstLetter(word: string): string {
  const letters = word.replace(ARTICLE, "");
  const match = /\p{L}\p{M}*/u.exec(letters);
  return match ? match[0] : "";
}

/**
 * The initials shown while an adviser has no photo: the first letters of the first and
 * last names, skipping particles ("bin", "al-", "de") and the Arabic article ("الحسيني" → ح);
 * "Abd" and the word after it are one name ("عبد الله الجبوري" → ع‌ج).
 * Latin initials are capitals ("Layla Al-Hashimi" → "LH"); two Arabic-script letters are
 * kept apart by a non-joiner so they read as initials, not as a word.
 */
export function initialsOf(name: string): string {
  const words = name
    .normalize("NFC")
    .split(/\s+/)
    .filter((word) => word !== "" && /\p{L}/u.test(word));
  if (words.length === 0) return "?";
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    joined.push(COMPOUND_START.has(word.toLocaleLowerCase("en")) && i + 1 < words.length ? `${word} ${words[++i]}` : word);
  }
  const named = joined.filter((word, index) => index === 0 || !PARTICLES.has(word.toLocaleLowerCase("en")));
  const first = firstLetter(named[0]!);
  const last = named.length > 1 ? firstLetter(named[named.length - 1]!) : "";
  const letters = [first, last].filter((letter) => letter !== "").map((letter) => letter.toLocaleUpperCase("en"));
  if (letters.length === 0) return "?";
  return letters.every((letter) => ARABIC_LETTER.test(letter)) ? letters.join(ZWNJ) : letters.join("");
}

/**
 * An adviser's role and biography in the page's language: the admin's translation of
 * each where there is one, the English otherwise (with the language it is in, so the page
 * can mark English text on a right-to-left page).
 */
export function adviserText(
  english: { role: string; bio: string },
  translations: Partial<Record<AdviserTextLocale, { role: string | null; bio: string | null }>>,
  locale: string,
): { role: string; bio: string; textLocale: PublicAdviser["textLocale"] } {
  const own = (ADVISER_TEXT_LOCALES as readonly string[]).includes(locale) ? translations[locale as AdviserTextLocale] : undefined;
  if (own?.role && own.bio) return { role: own.role, bio: own.bio, textLocale: locale as AdviserTextLocale };
  return { role: english.role, bio: english.bio, textLocale: "en" };
}

/** Props marking English text shown on an Arabic or Sorani page (as opportunities do). */
export function adviserTextProps(adviser: Pick<PublicAdviser, "textLocale">, pageLocale: string): { lang?: string; dir?: "ltr" } {
  return adviser.textLocale === "en" && pageLocale !== "en" ? { lang: "en", dir: "ltr" } : {};
}

/**
 * The order after moving one adviser a place up or down: the ids in their new order
 * (unchanged at either end, or for an id not in the list).
 */
export function moveInOrder(ids: readonly string[], id: string, direction: "up" | "down"): string[] {
  const order = [...ids];
  const at = order.indexOf(id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= order.length) return order;
  [order[at], order[to]] = [order[to]!, order[at]!];
  return order;
}

/** Sorts codes into the order of their list (the form's order, not the order they were ticked). */
export function inListOrder<T extends string>(values: readonly T[], list: readonly T[]): T[] {
  return list.filter((item) => values.includes(item));
}

/** What the admin is told after each write (team catalogue keys). */
export const ADVISER_TOASTS = {
  fetchFailed: "team.admin.toast.fetchFailed",
  saved: "team.admin.toast.saved",
  saveFailed: "team.admin.toast.saveFailed",
  deleted: "team.admin.toast.deleted",
  deleteFailed: "team.admin.toast.deleteFailed",
  moved: "team.admin.toast.moved",
  published: "team.admin.toast.published",
  unpublished: "team.admin.toast.unpublished",
  changeFailed: "team.admin.toast.changeFailed",
  photoRemoved: "team.admin.toast.photoRemoved",
  notFound: "team.admin.toast.notFound",
} as const satisfies Record<string, MessageKey>;
