import type { MessageKey } from "~/i18n/i18n";

/**
 * Readable opportunity addresses (issue 33): `/opportunities/erbil-citadel-residences`.
 * A slug is lowercase a-z, 0-9 and single hyphens between them, made from the English
 * title when an opportunity is created, and editable by an admin afterwards.
 */
export const SLUG_MAX_LENGTH = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** What a title with no Latin letters or digits becomes (an Arabic-only title). */
export const FALLBACK_SLUG = "opportunity";

export const SLUG_MESSAGES = {
  format: "memo.form.error.slugFormat",
  tooLong: "memo.form.error.slugTooLong",
  taken: "memo.form.error.slugTaken",
} as const satisfies Record<string, MessageKey>;

/** Letters NFKD does not take apart into a base letter and its accents. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i", ħ: "h",
};

/** Whether `text` has the form of an opportunity's id: such an address is the id's, never a slug. */
export const looksLikeId = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

/** Whether `slug` is a well-formed slug an admin may choose. */
export function isValidSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug) && !looksLikeId(slug);
}

/**
 * A title as a slug: accents taken off ("Café" → "cafe"), a few letters spelled out
 * ("ß" → "ss"), everything else that is not a-z or 0-9 a hyphen, runs of hyphens one,
 * none at either end, at most SLUG_MAX_LENGTH characters (cut at a hyphen where one is near).
 */
export function slugify(title: string): string {
  const latin = title
    .toLowerCase()
    .replace(/[ßæœøłđðþıħ]/g, (letter) => SPECIAL_LETTERS[letter] ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  let slug = latin.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (slug.length > SLUG_MAX_LENGTH) {
    const cut = slug.slice(0, SLUG_MAX_LENGTH);
    const lastHyphen = cut.lastIndexOf("-");
    slug = (lastHyphen > SLUG_MAX_LENGTH / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
  }
  return slug || FALLBACK_SLUG;
}

/**
 * `base`, or `base-2`, `base-3`, ... : the first that `isTaken` says is free. The suffix
 * keeps the whole within SLUG_MAX_LENGTH.
 */
export function firstFreeSlug(base: string, isTaken: (slug: string) => boolean): string {
  if (!isTaken(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
