import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import arSite from "~/locales/ar/site.json" with { type: "json" };
import ckbSite from "~/locales/ckb/site.json" with { type: "json" };
import enSite from "~/locales/en/site.json" with { type: "json" };
import { type Catalogue, registerCatalogue } from "./i18n";
import type { Locale } from "./locales";

/**
 * On the server every language's every catalogue is loaded once, compiled, at start: pages
 * render in any language without waiting, and mails, invites and PDFs are written in the
 * recipient's.
 */
export const SERVER_CATALOGUES: Record<Locale, Record<Catalogue, Record<string, string>>> = {
  en: { site: enSite },
  ar: { site: arSite },
  ckb: { site: ckbSite },
};

function compile(messages: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
}

for (const [locale, catalogues] of Object.entries(SERVER_CATALOGUES) as [Locale, Record<Catalogue, Record<string, string>>][]) {
  for (const [name, messages] of Object.entries(catalogues) as [Catalogue, Record<string, string>][]) registerCatalogue(locale, name, compile(messages));
}
