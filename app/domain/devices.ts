import type { Translate } from "~/i18n/i18n";

/**
 * A device's name for people ("Chrome on macOS"), from its user agent. The words come
 * from the fixed lists below only, never from the header itself: the label goes into
 * security e-mails and the sessions list, and a user agent is whatever the client sends.
 */

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** The English label's own words (kept English: see `translateDeviceLabel`). */
const UNKNOWN_DEVICE = "An unknown device";
const SOME_BROWSER_ON = "A browser on ";

const match = (ua: string, list: ReadonlyArray<readonly [RegExp, string]>) => list.find(([pattern]) => pattern.test(ua))?.[1];

export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const browser = match(ua, BROWSERS);
  const system = match(ua, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `${SOME_BROWSER_ON}${system}` : UNKNOWN_DEVICE);
}

const BROWSER_NAMES = new Set(BROWSERS.map(([, name]) => name));
const SYSTEM_NAMES = new Set(SYSTEMS.map(([, name]) => name));

/**
 * A label `deviceLabel` wrote, in the reader's language ("Chrome on macOS" is "Chrome على
 * macOS"): the browsers' and systems' names stay as they are, the words around them are
 * the account catalogue's. The label stays English where it is kept or compared (the
 * security e-mails' device fingerprint); anything that is not one of its shapes is shown
 * as it is.
 */
export function translateDeviceLabel(label: string, t: Translate): string {
  if (label === UNKNOWN_DEVICE) return t("account.device.unknown");
  const some = label.startsWith(SOME_BROWSER_ON) ? label.slice(SOME_BROWSER_ON.length) : null;
  if (some !== null && SYSTEM_NAMES.has(some)) return t("account.device.someBrowserOn", { system: some });
  for (const browser of BROWSER_NAMES) {
    const system = label.startsWith(`${browser} on `) ? label.slice(browser.length + 4) : null;
    if (system !== null && SYSTEM_NAMES.has(system)) return t("account.device.browserOn", { browser, system });
  }
  return label;
}
