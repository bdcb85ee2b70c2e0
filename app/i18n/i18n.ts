import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { createContext, useCallback, useContext } from "react";
import { useHref } from "react-router";
import type enAdmin from "~/locales/en/admin.json";
import type enAccount from "~/locales/en/account.json";
import type enAuth from "~/locales/en/auth.json";
import type enBooking from "~/locales/en/booking.json";
import type enLegal from "~/locales/en/legal.json";
import type enMail from "~/locales/en/mail.json";
import type enMarkets from "~/locales/en/markets.json";
import type enMemo from "~/locales/en/memo.json";
import type enOnboarding from "~/locales/en/onboarding.json";
import type enOpportunities from "~/locales/en/opportunities.json";
import type enPortal from "~/locales/en/portal.json";
import type enPricing from "~/locales/en/pricing.json";
import type enResources from "~/locales/en/resources.json";
import type enServices from "~/locales/en/services.json";
import type enSite from "~/locales/en/site.json";
import type enGallery from "~/locales/en/gallery.json";
import type enPhotos from "~/locales/en/photos.json";
import type enTeam from "~/locales/en/team.json";
import type enVerification from "~/locales/en/verification.json";
import type enEscrow from "~/locales/en/escrow.json";
import type enNotifications from "~/locales/en/notifications.json";
import { localeOfBasename, type Locale } from "./locales";

/**
 * The message runtime (decision 021): Lingui's core formats ICU messages (plurals, selects,
 * placeholders) that the catalogues under app/locales hold by key. There is one I18n per
 * language; the server fills each with every catalogue at start, the browser with only the
 * catalogues its pages use, compiled at build time.
 */

/** Every message key there is: the English catalogues are the source of truth. */
export type MessageKey =
  | keyof typeof enSite
  | keyof typeof enBooking
  | keyof typeof enOpportunities
  | keyof typeof enPricing
  | keyof typeof enAuth
  | keyof typeof enServices
  | keyof typeof enMarkets
  | keyof typeof enResources
  | keyof typeof enLegal
  | keyof typeof enPortal
  | keyof typeof enAccount
  | keyof typeof enAdmin
  | keyof typeof enOnboarding
  | keyof typeof enMail
  | keyof typeof enMemo
  | keyof typeof enGallery
  | keyof typeof enPhotos
  | keyof typeof enTeam
  | keyof typeof enVerification
  | keyof typeof enEscrow
  | keyof typeof enNotifications;
/** A translating function bound to one language. */
export type Translate = (key: MessageKey, values?: Record<string, string | number | Date | undefined>) => string;

/**
 * The catalogues, one JSON file each per language under app/locales. A page carries "site"
 * and "booking" (the header, the footer, the booking dialog every page can open) and the
 * ones its routes name in their `handle`; "mail" (e-mails, invites, PDFs) never leaves the
 * server. Keys are unique across catalogues; outside "site" each starts with its
 * catalogue's name ("portal.…").
 */
export const CATALOGUES = ["site", "booking", "opportunities", "pricing", "auth", "services", "markets", "resources", "legal", "portal", "account", "admin", "onboarding", "mail", "memo", "gallery", "photos", "team", "verification", "escrow", "notifications"] as const;
export type Catalogue = (typeof CATALOGUES)[number];

const instances = new Map<Locale, I18n>();

/** The one I18n of a language, made on first use and kept. */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    // Numbers in messages ("{count, plural, one {# day} …}") in Latin digits in every
    // language (decision 021): Node's ICU would write Sorani's and Arabic's own, the browser
    // (without Sorani data) Latin ones, and the page would not hydrate.
    i18n = setupI18n({ locale, locales: [`${locale}-u-nu-latn`], messages: { [locale]: {} } });
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

/** Whether the browser has a language's catalogue already. */
export function hasCatalogue(locale: Locale, name: Catalogue): boolean {
  return catalogues.has(`${locale}/${name}`);
}

/** The compiled catalogues a page uses, by name, to be written into the page for the browser. */
export function cataloguesFor(locale: Locale, names: readonly Catalogue[]): Partial<Record<Catalogue, Messages>> {
  return Object.fromEntries(names.flatMap((name) => {
    const messages = catalogues.get(`${locale}/${name}`);
    return messages ? [[name, messages]] : [];
  }));
}

/**
 * A text that may be a message key: translated if the page's catalogues have it, as it is
 * otherwise. For messages that reach a screen from more than one place: a form's check in
 * the browser gives keys, the server's answer is already in the page's language.
 */
export function translateMessage(i18n: I18n, text: string, values?: Record<string, string | number | Date | undefined>): string {
  return Object.prototype.hasOwnProperty.call(i18n.messages, text) ? i18n._(text, values) : text;
}

/** `translateMessage` in the language of the page. */
export function useTranslateMessage(): (text: string) => string {
  const provided = useContext(I18nContext);
  const locale = useLocale();
  const i18n = provided ?? i18nFor(locale);
  return useCallback((text: string) => translateMessage(i18n, text), [i18n]);
}

/** What a route module exports as `handle` to name the catalogues its screens need, and whether they show dates in words. */
export interface I18nHandle {
  catalogues: readonly Catalogue[];
  /** The page formats dates with date-fns's words (date-locales.ts): the browser fetches them first. */
  dates?: boolean;
}

/** The catalogues every page carries: the header, footer and the booking dialog any page opens. */
export const PAGE_CATALOGUES: readonly Catalogue[] = ["site", "booking"];

/** What a page needs of the messages: every page's catalogues and those its matched routes name in `handle`, and whether it shows dates in words. */
export function pageCatalogues(matches: readonly { handle?: unknown }[]): { names: Catalogue[]; dates: boolean } {
  const names = new Set<Catalogue>(PAGE_CATALOGUES);
  let dates = false;
  for (const match of matches) {
    const handle = match.handle as Partial<I18nHandle> | undefined;
    for (const name of handle?.catalogues ?? []) names.add(name);
    dates ||= handle?.dates === true;
  }
  return { names: [...names], dates };
}
