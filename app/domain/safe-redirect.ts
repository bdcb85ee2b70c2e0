/**
 * A same-site path to go to after sign-in. Anything that could leave the site (another
 * host, a protocol-relative `//evil.example`, a backslash, control characters browsers
 * strip such as `/\t/evil.example`, encoded slashes, non-ASCII) falls back to `fallback`.
 * The result is re-serialised from the parsed URL, so what is checked is what is used.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || target.length > 2048) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  if (/[^\x21-\x7e]/.test(target) || target.includes("\\") || /%(2f|5c|09|0a|0d|00)/i.test(target)) return fallback;
  const base = "https://same-site.invalid";
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
