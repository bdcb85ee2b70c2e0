/**
 * A same-site path to go to after sign-in, sign-out or a link. Anything that could leave
 * the site (another host, a scheme such as `javascript:`, a protocol-relative
 * `//evil.example`, a backslash, control characters browsers strip such as
 * `/\t/evil.example`, encoded slashes, non-ASCII) falls back to `fallback`. The target is
 * normalised the way a browser would (dot segments, `%2e` for a dot) and checked again
 * afterwards, so `/.//evil.example` cannot come out as `//evil.example`; the result is
 * re-serialised from the parsed URL, so what is checked is what is used.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  return sameSitePath(target) ?? fallback;
}

/** Whether `target` is already a same-site path exactly as `safeRedirect` would give it back. */
export function isSameSitePath(target: string): boolean {
  return sameSitePath(target) === target;
}

function sameSitePath(target: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof target !== "string" || target.length > 2048) return null;
  if (!startsLikeAPath(target)) return null;
  if (/[^\x21-\x7e]/.test(target) || target.includes("\\") || /%(2f|5c|09|0a|0d|00)/i.test(target)) return null;
  const base = "https://same-site.invalid";
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse `/.//host` or `/%2e%2e//host` into `//host`: check the result too.
  return startsLikeAPath(path) ? path : null;
}

/** One slash, then anything but a second slash or a backslash. */
function startsLikeAPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
}
