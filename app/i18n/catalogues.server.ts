import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { ar as arDates } from "date-fns/locale/ar";
import { ckb as ckbDates } from "date-fns/locale/ckb";
import enSite from "~/locales/en/site.json" with { type: "json" };
import enBooking from "~/locales/en/booking.json" with { type: "json" };
import enOpportunities from "~/locales/en/opportunities.json" with { type: "json" };
import enPricing from "~/locales/en/pricing.json" with { type: "json" };
import enAuth from "~/locales/en/auth.json" with { type: "json" };
import enServices from "~/locales/en/services.json" with { type: "json" };
import enMarkets from "~/locales/en/markets.json" with { type: "json" };
import enResources from "~/locales/en/resources.json" with { type: "json" };
import enLegal from "~/locales/en/legal.json" with { type: "json" };
import enPortal from "~/locales/en/portal.json" with { type: "json" };
import enAccount from "~/locales/en/account.json" with { type: "json" };
import enAdmin from "~/locales/en/admin.json" with { type: "json" };
import enOnboarding from "~/locales/en/onboarding.json" with { type: "json" };
import enMail from "~/locales/en/mail.json" with { type: "json" };
import enMemo from "~/locales/en/memo.json" with { type: "json" };
import enTeam from "~/locales/en/team.json" with { type: "json" };
import enVerification from "~/locales/en/verification.json" with { type: "json" };
import enEscrow from "~/locales/en/escrow.json" with { type: "json" };
import arSite from "~/locales/ar/site.json" with { type: "json" };
import arBooking from "~/locales/ar/booking.json" with { type: "json" };
import arOpportunities from "~/locales/ar/opportunities.json" with { type: "json" };
import arPricing from "~/locales/ar/pricing.json" with { type: "json" };
import arAuth from "~/locales/ar/auth.json" with { type: "json" };
import arServices from "~/locales/ar/services.json" with { type: "json" };
import arMarkets from "~/locales/ar/markets.json" with { type: "json" };
import arResources from "~/locales/ar/resources.json" with { type: "json" };
import arLegal from "~/locales/ar/legal.json" with { type: "json" };
import arPortal from "~/locales/ar/portal.json" with { type: "json" };
import arAccount from "~/locales/ar/account.json" with { type: "json" };
import arAdmin from "~/locales/ar/admin.json" with { type: "json" };
import arOnboarding from "~/locales/ar/onboarding.json" with { type: "json" };
import arMail from "~/locales/ar/mail.json" with { type: "json" };
import arMemo from "~/locales/ar/memo.json" with { type: "json" };
import arTeam from "~/locales/ar/team.json" with { type: "json" };
import arVerification from "~/locales/ar/verification.json" with { type: "json" };
import arEscrow from "~/locales/ar/escrow.json" with { type: "json" };
import ckbSite from "~/locales/ckb/site.json" with { type: "json" };
import ckbBooking from "~/locales/ckb/booking.json" with { type: "json" };
import ckbOpportunities from "~/locales/ckb/opportunities.json" with { type: "json" };
import ckbPricing from "~/locales/ckb/pricing.json" with { type: "json" };
import ckbAuth from "~/locales/ckb/auth.json" with { type: "json" };
import ckbServices from "~/locales/ckb/services.json" with { type: "json" };
import ckbMarkets from "~/locales/ckb/markets.json" with { type: "json" };
import ckbResources from "~/locales/ckb/resources.json" with { type: "json" };
import ckbLegal from "~/locales/ckb/legal.json" with { type: "json" };
import ckbPortal from "~/locales/ckb/portal.json" with { type: "json" };
import ckbAccount from "~/locales/ckb/account.json" with { type: "json" };
import ckbAdmin from "~/locales/ckb/admin.json" with { type: "json" };
import ckbOnboarding from "~/locales/ckb/onboarding.json" with { type: "json" };
import ckbMail from "~/locales/ckb/mail.json" with { type: "json" };
import ckbMemo from "~/locales/ckb/memo.json" with { type: "json" };
import enGallery from "~/locales/en/gallery.json" with { type: "json" };
import enPhotos from "~/locales/en/photos.json" with { type: "json" };
import arGallery from "~/locales/ar/gallery.json" with { type: "json" };
import arPhotos from "~/locales/ar/photos.json" with { type: "json" };
import ckbGallery from "~/locales/ckb/gallery.json" with { type: "json" };
import ckbPhotos from "~/locales/ckb/photos.json" with { type: "json" };
import ckbTeam from "~/locales/ckb/team.json" with { type: "json" };
import ckbVerification from "~/locales/ckb/verification.json" with { type: "json" };
import ckbEscrow from "~/locales/ckb/escrow.json" with { type: "json" };
import enNotifications from "~/locales/en/notifications.json" with { type: "json" };
import arNotifications from "~/locales/ar/notifications.json" with { type: "json" };
import ckbNotifications from "~/locales/ckb/notifications.json" with { type: "json" };
import { registerDateLocale } from "./date-locales";
import { type Catalogue, registerCatalogue } from "./i18n";
import type { Locale } from "./locales";

/**
 * On the server every language's every catalogue is loaded once, compiled, at start: pages
 * render in any language without waiting, and mails, invites and PDFs are written in the
 * recipient's. (Imported one by one rather than globbed: scripts run outside Vite load this too.)
 */
export const SERVER_CATALOGUES: Record<Locale, Record<Catalogue, Record<string, string>>> = {
  en: { site: enSite, booking: enBooking, opportunities: enOpportunities, pricing: enPricing, auth: enAuth, services: enServices, markets: enMarkets, resources: enResources, legal: enLegal, portal: enPortal, account: enAccount, admin: enAdmin, onboarding: enOnboarding, mail: enMail, memo: enMemo, gallery: enGallery, photos: enPhotos, team: enTeam, verification: enVerification, escrow: enEscrow, notifications: enNotifications },
  ar: { site: arSite, booking: arBooking, opportunities: arOpportunities, pricing: arPricing, auth: arAuth, services: arServices, markets: arMarkets, resources: arResources, legal: arLegal, portal: arPortal, account: arAccount, admin: arAdmin, onboarding: arOnboarding, mail: arMail, memo: arMemo, gallery: arGallery, photos: arPhotos, team: arTeam, verification: arVerification, escrow: arEscrow, notifications: arNotifications },
  ckb: { site: ckbSite, booking: ckbBooking, opportunities: ckbOpportunities, pricing: ckbPricing, auth: ckbAuth, services: ckbServices, markets: ckbMarkets, resources: ckbResources, legal: ckbLegal, portal: ckbPortal, account: ckbAccount, admin: ckbAdmin, onboarding: ckbOnboarding, mail: ckbMail, memo: ckbMemo, gallery: ckbGallery, photos: ckbPhotos, team: ckbTeam, verification: ckbVerification, escrow: ckbEscrow, notifications: ckbNotifications },
};

function compile(messages: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
}

for (const [locale, catalogues] of Object.entries(SERVER_CATALOGUES) as [Locale, Record<Catalogue, Record<string, string>>][]) {
  for (const [name, messages] of Object.entries(catalogues) as [Catalogue, Record<string, string>][]) registerCatalogue(locale, name, compile(messages));
}

registerDateLocale("ar", arDates);
registerDateLocale("ckb", ckbDates);
