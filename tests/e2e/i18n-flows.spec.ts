import { randomInt } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import adminAr from "../../app/locales/ar/admin.json" with { type: "json" };
import authAr from "../../app/locales/ar/auth.json" with { type: "json" };
import bookingAr from "../../app/locales/ar/booking.json" with { type: "json" };
import opportunitiesAr from "../../app/locales/ar/opportunities.json" with { type: "json" };
import portalAr from "../../app/locales/ar/portal.json" with { type: "json" };
import siteAr from "../../app/locales/ar/site.json" with { type: "json" };
import adminCkb from "../../app/locales/ckb/admin.json" with { type: "json" };
import authCkb from "../../app/locales/ckb/auth.json" with { type: "json" };
import bookingCkb from "../../app/locales/ckb/booking.json" with { type: "json" };
import opportunitiesCkb from "../../app/locales/ckb/opportunities.json" with { type: "json" };
import portalCkb from "../../app/locales/ckb/portal.json" with { type: "json" };
import siteCkb from "../../app/locales/ckb/site.json" with { type: "json" };
import { demoOpportunityTranslations } from "../../app/server/seed/demo-content-translations.server";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 17's walk through the product in Arabic and Sorani, in Chromium: the public pages,
 * an opportunity, a booking sent from the dialog, sign-up, the dashboard and the admin area.
 * Every page must say its language and direction, and carry no English in `main` apart from
 * names, numbers and what the firm has not written in that language yet (marked lang="en").
 * English has its own specs for each of these flows.
 */

const LANGUAGES = [
  { locale: "ar", prefix: "/ar", site: siteAr, booking: bookingAr, opportunities: opportunitiesAr, auth: authAr, portal: portalAr, admin: adminAr },
  { locale: "ckb", prefix: "/ckb", site: siteCkb, booking: bookingCkb, opportunities: opportunitiesCkb, auth: authCkb, portal: portalCkb, admin: adminCkb },
] as const;

/**
 * The brand and its plans' names (Explorer, Investor, Elite stay in Latin letters), the
 * people of these tests, addresses, file formats and sizes, and the trade's acronyms a
 * translation keeps beside its own words.
 */
const ALLOWED = /Tigris Advisory( Ltd)?|\b(Explorer|Investor|Elite)\b|Google|LinkedIn|Samira|Haddad|Layla|Al-Rashid|[\w.+-]+@[\w.-]+|https?:\/\/\S*|\b(IRR|RERA|DIFC|LEED|KYC|ICO|GDPR|UK|PECR|USD|PDF|CSV|KB|MB|AM|PM|GMT|BST|UTC)\b/g;

/**
 * The Latin words left in an area (its text, and the labels and placeholders a screen
 * reader says) once names, numbers, addresses, text marked as English
 * (an opportunity the firm has not translated) and names marked translate="no" (a
 * developer, a person's initials) are taken out.
 */
async function latinWordsIn(area: Locator): Promise<string[]> {
  const text = await area.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    // The firm's English text (a document's title) may be named inside a label as well.
    const englishText = [...copy.querySelectorAll('[lang="en"]')].map((node) => node.textContent?.trim() ?? "").filter(Boolean);
    copy.querySelectorAll('[lang="en"], [dir="ltr"], [translate="no"], script, style, noscript, [hidden]').forEach((node) => node.remove());
    // What a screen reader says counts too: labels, and placeholders.
    const spoken = [...copy.querySelectorAll("[aria-label], [placeholder]")].map((node) =>
      englishText.reduce((label, english) => label.split(english).join(" "), `${node.getAttribute("aria-label") ?? ""} ${node.getAttribute("placeholder") ?? ""}`),
    );
    return [copy.textContent ?? "", ...spoken].join(" ");
  });
  return text.replace(ALLOWED, " ").match(/[A-Za-z]{2,}/g) ?? [];
}

async function expectLanguage(page: Page, locale: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
}

const address = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/**
 * Opens, in the booking dialog, the latest open day of the month on show (or, failing
 * that, of the next month) that offers at least `wanted` times.
 */
async function openDayWithTimes(dialog: Locator, times: Locator, wanted: number, nextMonth: string) {
  const openDays = dialog.getByRole("grid").getByRole("button", { disabled: false });
  for (let month = 0; month < 2; month++) {
    for (let day = (await openDays.count()) - 1; day >= 0; day--) {
      await openDays.nth(day).click();
      // The day's times come from /api/booking?date=: counted once they have arrived.
      await dialog.page().waitForLoadState("networkidle");
      await expect(times.first()).toBeVisible();
      if ((await times.count()) >= wanted) return;
    }
    await dialog.getByRole("button", { name: nextMonth }).click();
    await dialog.page().waitForLoadState("networkidle");
  }
  throw new Error(`no open day with ${wanted} times in this month or the next`);
}

for (const l of LANGUAGES) {
  test.describe(`${l.prefix}`, () => {
    test(`opportunities, one opportunity and a booking sent from its dialog, in ${l.locale}`, async ({ page }) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": address() });
      await page.goto(`${l.prefix}/opportunities`);
      await expectLanguage(page, l.locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.opportunities["opportunities.list.title"]);
      const erbil = demoOpportunityTranslations["Erbil Citadel Residences"][l.locale];
      await expect(page.locator("main").getByRole("heading", { name: erbil.title! })).toBeVisible();
      expect(await latinWordsIn(page.locator("main"))).toEqual([]);
      await expectAccessible(page, `${l.prefix}/opportunities`);

      // A client navigation to the opportunity: its screen's words arrive with it.
      await page.locator("main").getByRole("link", { name: l.opportunities["opportunities.card.detailsLabel"].replace("{title}", erbil.title!) }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(erbil.title!);
      await expectLanguage(page, l.locale);
      await expect(page.locator("main")).toContainText(erbil.description!);
      expect(await latinWordsIn(page.locator("main"))).toEqual([]);

      // The booking dialog, about this opportunity, in the language, and a booking sent.
      await page.locator("main").getByRole("button", { name: l.opportunities["opportunities.schedule"] }).click();
      const dialog = page.getByRole("dialog", { name: l.booking["booking.dialog.title"] });
      await expect(dialog.getByText(l.booking["booking.dialog.autoSelected"])).toBeVisible();
      await expect(dialog).toContainText(erbil.title!);
      expect(await latinWordsIn(dialog)).toEqual([]);
      await expectAccessible(page, `${l.prefix} booking dialog`, '[role="dialog"]');
      // A time no other test books (they race for the next one available, or the last of the
      // last open day): the third or fourth time from the end of the latest open day that
      // still has four, chosen in the right-to-left picker. Late in a month, or after runs
      // that booked times before, the last days may have fewer left: an earlier day then, or
      // the next month's.
      const timesOn = new RegExp(`^${l.booking["booking.dialog.timesOn"].replace("{day}", "")}`);
      const times = dialog.getByRole("list", { name: timesOn }).getByRole("button");
      await openDayWithTimes(dialog, times, 4, l.booking["booking.calendar.next"]);
      await times.nth(l.locale === "ar" ? -3 : -4).click();
      await expect(dialog.getByText(l.booking["booking.dialog.chosen"])).toBeVisible();
      await dialog.getByLabel(l.booking["booking.form.firstName"]).fill("Layla");
      await dialog.getByLabel(l.booking["booking.form.lastName"]).fill("Al-Rashid");
      await dialog.getByLabel(l.booking["booking.form.email"], { exact: true }).fill(`rtl.${l.locale}.${Date.now()}.${randomInt(1e6)}@example.com`);
      await dialog.getByLabel(l.booking["booking.form.investmentAmount"]).fill("$750,000");
      await dialog.getByLabel(l.booking["booking.form.bookingType"]).selectOption({ label: l.booking["booking.type.investmentReview"] });
      // Too short a message is refused in the language, and nothing typed is lost.
      await dialog.getByLabel(l.booking["booking.form.message"]).fill("قصير");
      await dialog.getByRole("button", { name: l.booking["booking.form.submit"] }).click();
      await expect(dialog.getByText(l.booking["booking.enquiry.error.messageMin"])).toBeVisible();
      await expect(dialog.getByLabel(l.booking["booking.form.firstName"])).toHaveValue("Layla");
      await dialog.getByLabel(l.booking["booking.form.message"]).fill("أرغب في مناقشة خطة السداد لهذا المشروع في أربيل.");
      await dialog.getByRole("button", { name: l.booking["booking.form.submit"] }).click();
      await expect(page.getByText(l.booking["booking.toast.successTitle"])).toBeVisible();
    });

    test(`sign-up and the dashboard in ${l.locale}`, async ({ page, investor }) => {
      expect(investor.email).toBeTruthy();
      await page.goto(`${l.prefix}/dashboard`);
      await expectLanguage(page, l.locale);
      await expect(page.getByRole("tab", { name: l.portal["portal.dashboard.tab.overview"] })).toBeVisible();
      await expect(page.getByRole("tab", { name: l.portal["portal.dashboard.tab.bookings"] })).toBeVisible();
      expect(await latinWordsIn(page.locator("main"))).toEqual([]);
      await expectAccessible(page, `${l.prefix}/dashboard`);
      for (const key of ["portal.dashboard.tab.bookings", "portal.dashboard.tab.profile"] as const) {
        await page.getByRole("tab", { name: l.portal[key] }).click();
        await expect(page.getByRole("tab", { name: l.portal[key] })).toHaveAttribute("aria-selected", "true");
        expect.soft(await latinWordsIn(page.locator("main")), key).toEqual([]);
      }
      await expectAccessible(page, `${l.prefix}/dashboard profile`);

      // Signed out, the sign-up screen is in the language too.
      await page.context().clearCookies();
      await page.goto(`${l.prefix}/auth?mode=sign-up`);
      await expectLanguage(page, l.locale);
      await expect(page.getByRole("button", { name: l.auth["auth.signUp.submit"] })).toBeVisible();
      expect(await latinWordsIn(page.locator("main"))).toEqual([]);
      await page.getByLabel(l.auth["auth.field.firstName"]).fill("Samira");
      await page.getByLabel(l.auth["auth.field.lastName"]).fill("Haddad");
      await page.getByLabel(l.auth["auth.field.email"]).fill(`rtl.signup.${l.locale}.${Date.now()}.${randomInt(1e6)}@example.com`);
      await page.getByLabel(l.auth["auth.field.password"], { exact: true }).fill("short");
      await page.getByRole("button", { name: l.auth["auth.signUp.submit"] }).click();
      await expect(page.getByText(l.auth["auth.validation.passwordTooShort"])).toBeVisible();
      await page.getByLabel(l.auth["auth.field.password"], { exact: true }).fill("tigris riverside 2031");
      await page.getByRole("button", { name: l.auth["auth.signUp.submit"] }).click();
      await expect(page.getByText(l.auth["auth.toast.signedUpTitle"])).toBeVisible();
      await expect(page.getByRole("heading", { name: l.auth["auth.checkInbox.title"] })).toBeVisible();
      await expectAccessible(page, `${l.prefix}/auth after sign-up`);
    });

    test(`the admin area in ${l.locale}: every tab and area`, async ({ page, baseURL }) => {
      // Eleven pages, each read word by word: more than one page's time.
      test.slow();
      await signInAsAdmin(page.request, baseURL!);
      await page.goto(`${l.prefix}/admin`);
      await expectLanguage(page, l.locale);
      // The workspace's own navigation lists the tabs with the other areas (decision 040).
      const areas = page.getByRole("navigation", { name: l.admin["admin.areas.label"] });
      for (const key of ["admin.tabs.opportunities", "admin.tabs.bookings", "admin.tabs.availability", "admin.tabs.users"] as const) {
        await expect(areas.getByRole("link", { name: l.admin[key] })).toBeVisible();
      }
      expect(await latinWordsIn(page.getByRole("heading", { level: 1 }))).toEqual([]);
      // Each tab's panel, reached by its tab (a client navigation): the words are the
      // language's; what people typed (names, messages) is marked as their own text.
      for (const key of ["admin.tabs.opportunities", "admin.tabs.bookings", "admin.tabs.messages", "admin.tabs.availability", "admin.tabs.users"] as const) {
        await areas.getByRole("link", { name: new RegExp(`^${l.admin[key]}`) }).click();
        await expect(areas.getByRole("link", { name: new RegExp(`^${l.admin[key]}`) })).toHaveAttribute("aria-current", "page");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.admin[key]);
        expect.soft(await latinWordsIn(page.locator("main")), key).toEqual([]);
      }
      await expectAccessible(page, `${l.prefix}/admin users`);
      // The areas beside the tabs.
      for (const [path, key] of [
        ["/admin/documents", "admin.areas.documents"],
        ["/admin/interests", "admin.areas.interests"],
        ["/admin/activity", "admin.areas.activity"],
        ["/admin/alerts", "admin.areas.alerts"],
        ["/admin/insights", "admin.areas.insights"],
        ["/admin/audit", "admin.areas.audit"],
      ] as const) {
        await page.goto(`${l.prefix}${path}`);
        await expectLanguage(page, l.locale);
        await expect(page.getByRole("navigation", { name: l.admin["admin.areas.label"] }).getByRole("link", { name: l.admin[key] })).toHaveAttribute("aria-current", "page");
        expect.soft(await latinWordsIn(page.locator("main")), path).toEqual([]);
      }
    });
  });
}
