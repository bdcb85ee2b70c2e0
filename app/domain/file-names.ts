/**
 * Names of files people upload (issue 52, item 4; decision 059). A file is served under a
 * name the product builds from what it is, the day it came and the type its content was
 * found to be ("identity-passport-2026-12-07.pdf"), never under the name it arrived with.
 * The name it arrived with may still be shown beside it, as a reminder of what was sent:
 * cleaned here first, and isolated where it is shown (`<bdi>`), so that it cannot turn the
 * text around it ("scan\u202Efdp.html" read as "scanlmth.pdf").
 */

/** The types an uploaded file may turn out to be, and the extension each is served with. */
export const FILE_EXTENSIONS = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
} as const;
export type CheckedContentType = keyof typeof FILE_EXTENSIONS;

/** How long a shown name may be, in characters; a longer one is cut with an ellipsis. */
export const SHOWN_NAME_MAX = 120;

/**
 * Every character of Unicode's "other" categories: controls (Cc), format characters (Cf:
 * the bidi embeddings, overrides, isolates and marks, zero-width spaces and joiners, the
 * soft hyphen, the byte-order mark), surrogates (Cs), private use (Co) and unassigned code
 * points (Cn, which a later Unicode may make format characters).
 */
const OTHER = /\p{C}/gu;
/** Tabs and line breaks, line and paragraph separators and every other kind of space: one plain space. */
const SPACES = /[\t\n\v\f\r\p{Zl}\p{Zp}\p{Zs}]+/gu;

/**
 * A name as it may be shown: the last part of a path only, no invisible or direction-
 * changing character, spaces made plain, at most SHOWN_NAME_MAX characters; "file" when
 * nothing is left. Applied when a name is stored and again when it is shown (rows stored
 * before this rule keep their raw name).
 */
export function shownFileName(name: string): string {
  const base = name.normalize("NFC").replace(/^.*[\\/]/s, "");
  const clean = base.replace(SPACES, " ").replace(OTHER, "").replace(/ {2,}/g, " ").trim();
  const characters = [...clean];
  const cut = characters.length > SHOWN_NAME_MAX ? `${characters.slice(0, SHOWN_NAME_MAX - 1).join("").trimEnd()}…` : clean;
  return cut || "file";
}

/** What a served name may be made of: lower-case ASCII words joined by hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The name a file is served under and the type it is served as: what it is (a
 * product-chosen slug such as "identity-passport"), the day it came ("2026-12-07", on the
 * firm's calendar) and the extension of the type its content was found to be. ASCII only,
 * so every browser saves it as it is. A stored type that is none of the checked ones (it
 * cannot be, but a row is not a promise) is served as bytes, ".bin". Throws for a slug or
 * a day of any other shape: both come from the product, never from a request.
 */
export function servedFile(what: string, day: string, storedType: string): { fileName: string; contentType: string } {
  if (!SLUG.test(what)) throw new Error(`not a file kind: ${JSON.stringify(what)}`);
  if (!DAY.test(day)) throw new Error(`not a day: ${JSON.stringify(day)}`);
  const checked = Object.hasOwn(FILE_EXTENSIONS, storedType) ? (storedType as CheckedContentType) : undefined;
  return { fileName: `${what}-${day}.${checked ? FILE_EXTENSIONS[checked] : "bin"}`, contentType: checked ?? "application/octet-stream" };
}

/** RFC 5987's attr-char leaves these out too; encodeURIComponent keeps them. */
const NOT_ATTR_CHAR = /['()*]/g;

/**
 * Content-Disposition for a download (RFC 6266): `filename` in ASCII for every browser
 * (anything else, quotes and backslashes replaced), and the name itself in UTF-8 as
 * `filename*` (RFC 5987), which browsers prefer. The names we serve are ASCII already:
 * both then say the same.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const utf8 = encodeURIComponent(name).replace(NOT_ATTR_CHAR, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
