/**
 * A same-site path to go to after sign-in. Anything else (another host, a protocol-
 * relative `//evil.example`, a backslash trick) falls back to "/".
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) {
    return fallback;
  }
  return target;
}
