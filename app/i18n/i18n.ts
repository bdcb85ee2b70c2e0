import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { createContext, useCallback, useContext } from "react";
import { useHref } from "react-router";
import type en from "~/locales/en/site.json";
import { localeOfBasename, type Locale } from "./locales";

/**
 * The message runtime (decision 021): Lingui's core formats ICU messages (plurals, selects,
 * placeholders) that the catalogues under app/locales hold by key. There is one I18n per
 * language; the server fills each with every catalogue at start, the browser with only the
 * catalogues its pages use, compiled at build time.
 */

/** Every message key there is: the English catalogues are the source of truth. */
export type MessageKey = keyof typeof en;
/** A translating function bound to one language. */
export type Translate = (key: MessageKey, values?: Record<string, string | number | Date | undefined>) => string;

/** The catalogues a page can load on its own: what public pages use, the portal's, the admin area's. */
export const CATALOGUES = ["site"] as const;
export type Catalogue = (typeof CATALOGUES)[number];

const instances = new Map<Locale, I18n>();

/** The one I18n of a language, made on first use and kept. */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: {} } });
    instances.set(locale, i18n);
  }
  return i18n;
}

function addMessages(locale: Locale, messages: Messages): void {
  i18nFor(locale).load(locale, messages);
}

/** A translating function for code outside React (the server's mails, loaders and actions). */
export function translator(locale: Locale): Translate {
  const i18n = i18nFor(locale);
  return (key, values) => i18n._(key, values);
}

/** The language of the page being rendered, from the router's basename ("/ar" is Arabic). */
export function useLocale(): Locale {
  return localeOfBasename(useHref("/"));
}

/**
 * The page's I18n, provided by the root layout. Our own context rather than
 * @lingui/react's provider: a catalogue is always loaded before the screen that needs it
 * renders (the first page's arrive inside it), so nothing has to re-render when
 * one arrives, and the provider's store and its shim stay off the first load.
 */
export const I18nContext = createContext<I18n | null>(null);

/** `t(key, values)` in the language of the page. */
export function useT(): Translate {
  const provided = useContext(I18nContext);
  const locale = useLocale();
  const i18n = provided ?? i18nFor(locale);
  return useCallback<Translate>((key, values) => i18n._(key, values), [i18n]);
}

/** Each catalogue of each language, compiled, by "locale/name": what a page hands the browser. */
const catalogues = new Map<string, Messages>();

/** Adds a compiled catalogue to its language (the server at start; the browser from the page). */
export function registerCatalogue(locale: Locale, name: Catalogue, messages: Messages): void {
  catalogues.set(`${locale}/${name}`, messages);
  addMessages(locale, messages);
}

/** The compiled catalogues a page uses, by name, to be written into the page for the browser. */
export function cataloguesFor(locale: Locale, names: readonly Catalogue[]): Partial<Record<Catalogue, Messages>> {
  return Object.fromEntries(names.flatMap((name) => {
    const messages = catalogues.get(`${locale}/${name}`);
    return messages ? [[name, messages]] : [];
  }));
}
