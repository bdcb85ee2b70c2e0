import { randomInt } from "node:crypto";
import { addDays, addMonths, format } from "date-fns";
import type { Locator, Page } from "@playwright/test";
import accountAr from "../../app/locales/ar/account.json" with { type: "json" };
import adminAr from "../../app/locales/ar/admin.json" with { type: "json" };
import bookingAr from "../../app/locales/ar/booking.json" with { type: "json" };
import siteAr from "../../app/locales/ar/site.json" with { type: "json" };
import accountCkb from "../../app/locales/ckb/account.json" with { type: "json" };
import adminCkb from "../../app/locales/ckb/admin.json" with { type: "json" };
import bookingCkb from "../../app/locales/ckb/booking.json" with { type: "json" };
import siteCkb from "../../app/locales/ckb/site.json" with { type: "json" };
import accountEn from "../../app/locales/en/account.json" with { type: "json" };
import adminEn from "../../app/locales/en/admin.json" with { type: "json" };
import bookingEn from "../../app/locales/en/booking.json" with { type: "json" };
import siteEn from "../../app/locales/en/site.json" with { type: "json" };
import { totpCode } from "../support/totp";
import { E2E_ADMIN, signInAsAdmin } from "./e2e-admin";
import { subscribeTo } from "./e2e-stripe";
import { expect, expectAccessible, test, untilHydrated } from "./fixtures";

/**
 * WCAG 2.1 A and AA, checked by axe on every screen behind the sign-in, as a new investor
 * and as the firm's admin see them: each dashboard tab, the document library as a member,
 * the account pages, each admin tab and area, every dialog open, and the two-factor sign-in
 * step; on a desktop and on a 375 px phone, in English, Arabic and Sorani. Then a keyboard
 * walk through the booking dialog, the admin's opportunity dialog and the availability
 * calendar. (accessibility.spec.ts covers the public screens.)
 */

const LANGUAGES = [
  { locale: "en", prefix: "", words: { ...siteEn, ...bookingEn, ...accountEn, ...adminEn } },
  { locale: "ar", prefix: "/ar", words: { ...siteAr, ...bookingAr, ...accountAr, ...adminAr } },
  { locale: "ckb", prefix: "/ckb", words: { ...siteCkb, ...bookingCkb, ...accountCkb, ...adminCkb } },
] as const;
type Language = (typeof LANGUAGES)[number];
type WordKey = keyof Language["words"];

const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 375, height: 812 },
] as const;

/** A demo opportunity (seeded on a fresh install) that no test deletes. */
const DEMO_OPPORTUNITY = "Erbil Citadel Residences";

/** The catalogue's message, with its `{name}` placeholders filled in. */
function say(l: Language, key: WordKey, values: Record<string, string> = {}): string {
  const message: string = l.words[key];
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * One run through a list of views in one language and width: each is opened, checked to be
 * in the page's language, and scanned by axe; a failure names the view.
 */
class Scanner {
  readonly scanned: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly l: Language,
  ) {}

  /** Goes to `path` in the language and waits until the page is there (or at `landsOn`, where it sends the visitor). */
  async visit(path: string, landsOn = path) {
    const response = await this.page.goto(path === "/" && this.l.prefix ? this.l.prefix : `${this.l.prefix}${path}`);
    expect(response?.status(), `${path} answers`).toBe(200);
    const expected = `${this.l.prefix}${landsOn.split("?")[0]}`.replace(/\/$/, "") || "/";
    expect(new URL(this.page.url()).pathname, `${path} is not redirected`).toBe(expected);
    await expect(this.page.locator("html")).toHaveAttribute("lang", this.l.locale);
  }

  /** Scans the view as it stands at each width (the layout follows the window; nothing reloads), ending at the first. */
  async scan(view: string, scope?: string) {
    for (const size of [...WIDTHS.slice(1), WIDTHS[0]]) {
      await this.page.setViewportSize(size);
      await expectAccessible(this.page, `${view}, ${this.l.locale}, ${size.width} px`, scope);
    }
    this.scanned.push(view);
  }

  /** Scans at one width only (what differs by width: the header's menus). */
  async scanAt(size: (typeof WIDTHS)[number], view: string, scope?: string) {
    await this.page.setViewportSize(size);
    await expectAccessible(this.page, `${view}, ${this.l.locale}, ${size.width} px`, scope);
    this.scanned.push(view);
  }
}

/**
 * Clicks a control until it took effect: a click that lands before React has hydrated
 * (or before a lazily loaded dialog's code has arrived) does nothing, so it is repeated
 * while the effect is still missing.
 */
async function clickUntil(target: Locator, done: () => Promise<boolean>) {
  await expect(async () => {
    if (!(await done())) await target.click({ timeout: 3_000 });
    await expect.poll(done, { timeout: 3_000 }).toBe(true);
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] });
}

/** Opens a dialog with `opener`, scans it, and closes it with Escape: focus goes back to the opener. */
async function scanDialog(s: Scanner, page: Page, view: string, opener: Locator, role: "dialog" | "alertdialog" = "dialog") {
  const dialog = page.getByRole(role);
  await clickUntil(opener, () => dialog.isVisible());
  await s.scan(view, `[role="${role}"]`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener, `${view}: focus back on its opener`).toBeFocused();
}

/** The header's menus: the profile menu on a desktop, the mobile menu on a phone. */
async function scanHeaderMenus(s: Scanner, page: Page, l: Language) {
  const [desktop, phone] = WIDTHS;
  await page.setViewportSize(desktop);
  const menu = page.getByRole("menu");
  const opener = page.getByRole("button", { name: say(l, "profileMenu.open"), exact: true });
  await clickUntil(opener, () => menu.isVisible());
  await s.scanAt(desktop, "header menu (desktop)", '[role="menu"]');
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(opener).toBeFocused();

  await page.setViewportSize(phone);
  const mobile = page.locator("#mobile-menu");
  await clickUntil(page.getByRole("button", { name: say(l, "header.openMenu"), exact: true }), () => mobile.isVisible());
  await s.scanAt(phone, "header menu (phone)", "header");
  await page.getByRole("button", { name: say(l, "header.closeMenu"), exact: true }).click();
  await page.setViewportSize(desktop);
}

const INVESTOR_VIEWS = [
  "/dashboard (overview)",
  "/dashboard (my bookings)",
  "/dashboard (profile)",
  "header menu (desktop)",
  "header menu (phone)",
  "/dashboard/interests",
  "/account/profile",
  "/account/data",
  "/account/data, delete account dialog",
  "/ booking dialog, signed in",
  "/documents as a member",
  "/documents/:id as a member",
  "/dashboard as a member",
  "/account/security",
  "/account/security, two-factor set-up",
  "/account/security, backup codes",
  "/account/security, turning two-factor off",
];

const ADMIN_VIEWS = [
  "/admin (opportunities)",
  "/admin, opportunity dialog",
  "/admin, opportunity dialog (edit)",
  "/admin, delete opportunity dialog",
  "/admin (bookings)",
  "/admin (messages)",
  "/admin (availability)",
  "/admin, add time slot dialog",
  "/admin (users)",
  "/admin/documents",
  "/admin/documents, document dialog",
  "/admin/documents, document dialog (edit)",
  "/admin/documents, delete document dialog",
  "/admin/interests",
  "/admin/activity",
  "/admin/alerts",
  "/admin/insights",
  "/admin/team",
  "/admin/commitments",
  "/admin/commitments (an opportunity)",
  "/admin/step-up",
  "/auth/two-factor",
];

// Each view is scanned at both widths where it stands (Scanner.scan), so a language's
// screens are reached once: signing up, subscribing and two-factor set-up happen once each.
for (const l of LANGUAGES) {
  const where = `${l.prefix || "/"} ${l.locale}, ${WIDTHS.map((w) => `${w.width}`).join(" and ")} px`;

  test.describe(`signed-in screens (axe, WCAG 2.1 AA), ${where}`, () => {
    test(`every investor screen and dialog, ${where}`, async ({ page, baseURL, investor }) => {
      test.setTimeout(360_000);
      await page.setViewportSize(WIDTHS[0]);
      const s = new Scanner(page, l);

      // The dashboard as a new investor sees it, tab by tab.
      await s.visit("/dashboard");
      const tabs = page.getByRole("tablist").getByRole("tab");
      for (const [index, view] of ["/dashboard (overview)", "/dashboard (my bookings)", "/dashboard (profile)"].entries()) {
        await clickUntil(tabs.nth(index), async () => (await tabs.nth(index).getAttribute("aria-selected")) === "true");
        await expect(page.getByRole("tabpanel")).toBeVisible();
        await s.scan(view);
      }
      await scanHeaderMenus(s, page, l);

      await s.visit("/dashboard/interests");
      await s.scan("/dashboard/interests");
      // /account opens on its profile page.
      await s.visit("/account", "/account/profile");
      await s.scan("/account/profile");
      await s.visit("/account/data");
      await s.scan("/account/data");
      await scanDialog(s, page, "/account/data, delete account dialog", page.getByRole("button", { name: say(l, "account.data.delete.open"), exact: true }), "alertdialog");

      // The booking dialog, its details filled in from the account.
      await s.visit("/");
      const booking = page.getByRole("dialog", { name: say(l, "booking.dialog.title"), exact: true });
      const schedule = page.getByRole("button", { name: say(l, "home.hero.schedule"), exact: true }).first();
      await clickUntil(schedule, () => booking.isVisible());
      await expect(booking.getByText(say(l, "booking.dialog.autoSelected"))).toBeVisible();
      await expect(booking.locator('input[type="email"]')).toHaveValue(investor.email);
      await s.scan("/ booking dialog, signed in", '[role="dialog"]');
      await page.keyboard.press("Escape");
      await expect(booking).toBeHidden();
      await expect(schedule).toBeFocused();

      // A member's library, one of its documents, and the dashboard with the plan on it.
      await subscribeTo(page, baseURL!, investor, "Investor");
      await s.visit("/documents");
      await s.scan("/documents as a member");
      const documentLink = await page.locator('main a[href*="/documents/"]:not([href$="/download"])').first().getAttribute("href");
      expect(documentLink).toMatch(/\/documents\/[0-9a-f-]{36}$/);
      await s.visit(documentLink!.slice(l.prefix.length));
      await s.scan("/documents/:id as a member");
      await s.visit("/dashboard");
      await s.scan("/dashboard as a member");

      // Two-factor sign-in: set up (the key and its QR code), the backup codes, turning it off.
      await s.visit("/account/security");
      await s.scan("/account/security");
      const twoFactor = page.locator("#two-factor");
      await twoFactor.getByLabel(say(l, "account.twoFactor.password"), { exact: true }).fill(investor.password);
      await twoFactor.getByRole("button", { name: say(l, "account.twoFactor.setUp"), exact: true }).click();
      const key = (await page.getByTestId("two-factor-key").textContent())!.trim();
      await s.scan("/account/security, two-factor set-up");
      await twoFactor.getByLabel(say(l, "account.twoFactor.codeLabel"), { exact: true }).fill(totpCode(key));
      await twoFactor.getByRole("button", { name: say(l, "account.twoFactor.turnOn"), exact: true }).click();
      await expect(page.getByTestId("backup-code")).toHaveCount(10);
      await s.scan("/account/security, backup codes");
      await twoFactor.getByRole("button", { name: say(l, "account.twoFactor.savedCodes"), exact: true }).click();
      await twoFactor.getByRole("button", { name: say(l, "account.twoFactor.turnOffOpen"), exact: true }).click();
      await expect(twoFactor.getByLabel(say(l, "account.twoFactor.password"), { exact: true })).toBeVisible();
      await s.scan("/account/security, turning two-factor off");

      expect(s.scanned).toEqual(INVESTOR_VIEWS);
    });

    test(`every admin tab, area and dialog, and the two-factor step, ${where}`, async ({ page, baseURL }) => {
      test.setTimeout(360_000);
      await page.setViewportSize(WIDTHS[0]);
      await signInAsAdmin(page.request, baseURL!);
      const s = new Scanner(page, l);

      await s.visit("/admin");
      await s.scan("/admin (opportunities)");
      await scanDialog(s, page, "/admin, opportunity dialog", page.getByRole("button", { name: say(l, "admin.opportunities.add"), exact: true }));
      // Editing a demo opportunity: its Arabic and Sorani fields are written, so they show.
      await scanDialog(
        s,
        page,
        "/admin, opportunity dialog (edit)",
        page.getByRole("button", { name: say(l, "admin.opportunities.editNamed", { title: DEMO_OPPORTUNITY }), exact: true }),
      );
      await scanDialog(
        s,
        page,
        "/admin, delete opportunity dialog",
        page.getByRole("button", { name: say(l, "admin.opportunities.deleteNamed", { title: DEMO_OPPORTUNITY }), exact: true }),
        "alertdialog",
      );
      for (const tab of ["bookings", "messages", "availability", "users"]) {
        await s.visit(`/admin?tab=${tab}`);
        await expect(page.getByRole("navigation", { name: say(l, "admin.areas.label") }).locator('[aria-current="page"]')).toHaveCount(1);
        await s.scan(`/admin (${tab})`);
        if (tab === "availability") {
          await scanDialog(s, page, "/admin, add time slot dialog", page.getByRole("button", { name: say(l, "admin.availability.add"), exact: true }));
        }
      }

      await s.visit("/admin/documents");
      await s.scan("/admin/documents");
      await scanDialog(s, page, "/admin/documents, document dialog", page.getByRole("button", { name: say(l, "admin.documents.uploadDocument"), exact: true }));
      // The library's first row (its first table); the title is the first link of its first cell.
      const firstDocument = page.locator("main table").first().locator("tbody tr").first();
      const documentTitle = (await firstDocument.locator("td:first-child a").first().textContent())!;
      await scanDialog(
        s,
        page,
        "/admin/documents, document dialog (edit)",
        firstDocument.getByRole("button", { name: say(l, "admin.opportunities.editNamed", { title: documentTitle }), exact: true }),
      );
      await scanDialog(
        s,
        page,
        "/admin/documents, delete document dialog",
        firstDocument.getByRole("button", { name: say(l, "admin.opportunities.deleteNamed", { title: documentTitle }), exact: true }),
        "alertdialog",
      );
      for (const path of ["/admin/interests", "/admin/activity", "/admin/alerts", "/admin/insights", "/admin/team"]) {
        await s.visit(path);
        await s.scan(path);
      }
      // Issue 36: the commitments page, with an opportunity chosen (its plan, milestones and update forms).
      await s.visit("/admin/commitments");
      await s.scan("/admin/commitments");
      await page.locator('select[name="opportunity"]').selectOption({ index: 1 });
      await page.locator('main form[method="get"] button[type="submit"]').click();
      await page.waitForURL(/opportunity=/);
      await expect(page.locator("#plan-heading")).toBeVisible();
      await s.scan("/admin/commitments (an opportunity)");
      // Issue 52: the step-up page before a CSV of investors' data (the code typed at sign-in is fresh: it offers the file).
      await s.visit(`/admin/step-up?redirectTo=${encodeURIComponent("/admin/export/bookings.csv")}`);
      await s.scan("/admin/step-up");

      // The second step of an admin's sign-in (a fresh sign-in: the password only).
      await page.context().clearCookies();
      const signIn = await page.request.post("/auth", {
        headers: { Origin: baseURL!, "X-Forwarded-For": `203.2.${randomInt(0, 255)}.${randomInt(1, 254)}` },
        form: { intent: "sign-in", email: E2E_ADMIN.email, password: E2E_ADMIN.password, redirectTo: "/" },
        maxRedirects: 0,
      });
      expect(signIn.headers().location).toMatch(/^\/auth\/two-factor/);
      await s.visit("/auth/two-factor");
      await s.scan("/auth/two-factor");

      expect(s.scanned).toEqual(ADMIN_VIEWS);
    });
  });
}

/**
 * Tabs through `container` (a dialog, or a part of the page) from where focus is, until
 * focus comes round to the first control it reached again (or, when the container does not
 * hold focus in, leaves it). Returns where focus went outside a `trapped` container and the
 * controls there that can take focus but that Tab never reached.
 */
async function tabWalk(page: Page, container: Locator, { trapped, presses = 150 }: { trapped: boolean; presses?: number }) {
  // One handle for the whole walk: a locator by role and name is found afresh (the whole
  // page's accessible names worked out) at every use, hundreds of times over a long form.
  const box = await container.elementHandle();
  await box.evaluate((root) => root.querySelectorAll("[data-tab-reached]").forEach((el) => el.removeAttribute("data-tab-reached")));
  const escaped: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    const where = await box.evaluate((root) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || !root.contains(el)) return { inside: false, round: false, name: el?.outerHTML.slice(0, 120) ?? "nothing" };
      const previous = root.querySelector("[data-tab-last]");
      previous?.removeAttribute("data-tab-last");
      el.setAttribute("data-tab-last", "");
      // Round again: back on the first control, coming from another one (a date field's parts keep focus on it).
      const round = el.getAttribute("data-tab-reached") === "first" && previous !== el;
      if (!el.hasAttribute("data-tab-reached")) el.setAttribute("data-tab-reached", root.querySelector("[data-tab-reached]") ? "" : "first");
      return { inside: true, round, name: "" };
    });
    if (!where.inside) {
      if (!trapped) break;
      escaped.push(where.name);
    } else if (where.round) break;
  }
  const unreached = await box.evaluate((root) => {
    const focusable = root.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])',
    );
    return [...focusable]
      .filter((el) => el.tabIndex >= 0 && !el.matches(":disabled") && el.checkVisibility() && !el.hasAttribute("data-tab-reached"))
      .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "").trim().slice(0, 50)}"`);
  });
  await box.dispose();
  return { escaped, unreached };
}

/** The focused element's accessible-ish name, for messages. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()} ${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 60) ?? ""}` : "nothing";
  });

/** Focuses `target` by Tab from wherever focus is (so it is reachable), within `presses`. */
async function tabTo(page: Page, target: Locator, presses = 60) {
  const control = await target.elementHandle();
  try {
    for (let i = 0; i < presses; i++) {
      if (await control.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press("Tab");
    }
  } finally {
    await control.dispose();
  }
  throw new Error(`Tab never reached the control (last focus: ${await focusedName(page)})`);
}

/** Presses `key` until `done`: the first presses may land before the page has hydrated. */
async function pressUntil(page: Page, key: string, done: () => Promise<boolean>) {
  await expect(async () => {
    if (!(await done())) await page.keyboard.press(key);
    await expect.poll(done, { timeout: 3_000 }).toBe(true);
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] });
}

test.describe("keyboard walk-through", () => {
  test("the booking dialog, signed in: every control by Tab, a date, a time and the form by keyboard, Escape back to the opener", async ({ page, investor }) => {
    await page.goto("/");
    const opener = page.getByRole("button", { name: "Schedule a Call" }).first();
    await opener.focus();
    const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
    await pressUntil(page, "Enter", () => dialog.isVisible());
    await expect(dialog.getByText("Auto-selected next available slot")).toBeVisible();
    await expect(dialog.getByLabel("Email", { exact: true })).toHaveValue(investor.email);
    // The chosen day's times come by a request of their own, after the slots: the walk waits
    // for them (in CI they once came while it was already past the calendar).
    await expect(dialog.getByRole("list", { name: /^Times on / })).toBeVisible();

    // Every control can be reached by Tab, and focus stays in the dialog.
    const walk = await tabWalk(page, dialog, { trapped: true });
    expect(walk.escaped, "focus left the dialog").toEqual([]);
    expect(walk.unreached, "controls Tab never reached").toEqual([]);

    // A date by the arrow keys and Enter, then a time by Tab and Space.
    const grid = dialog.getByRole("grid");
    await tabTo(page, grid.locator('button[tabindex="0"]'));
    // The arrows skip days without times.
    await page.keyboard.press("ArrowRight");
    await expect(grid.locator("button:focus")).toBeEnabled();
    const day = await focusedName(page);
    await page.keyboard.press("Enter");
    const times = dialog.getByRole("list", { name: /^Times on / });
    await expect(times, `times after choosing ${day}`).toBeVisible();
    const firstTime = times.getByRole("button").first();
    await tabTo(page, firstTime);
    await page.keyboard.press("Space");
    await expect(firstTime).toHaveAttribute("aria-pressed", "true");
    await expect(dialog.getByText("Your chosen time")).toBeVisible();

    // The form: a booking type from the keyboard, typed text, and Enter sends it to its checks.
    const bookingType = dialog.getByLabel(/^Booking Type/);
    await tabTo(page, bookingType);
    await page.keyboard.press("ArrowDown");
    await expect(bookingType).not.toHaveValue("");
    const message = dialog.getByLabel(/^Message/);
    await tabTo(page, message);
    await page.keyboard.type("Short");
    await expect(message).toHaveValue("Short");

    // Escape closes it from anywhere inside, and focus goes back to the button that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the admin's opportunity dialog: every control by Tab, sections opened and the form checked by keyboard, Escape back to the opener", async ({ page, baseURL }) => {
    // Every control of a long form, one key at a time: 30 s to 90 s on a busy 2-core machine.
    test.setTimeout(180_000);
    await signInAsAdmin(page.request, baseURL!);
    await page.goto("/admin");
    const opener = page.getByRole("button", { name: "Add Opportunity" });
    await opener.focus();
    const dialog = page.getByRole("dialog", { name: "Create New Opportunity" });
    await pressUntil(page, "Enter", () => dialog.isVisible());
    await expect(dialog.getByLabel("Title *")).toBeFocused();

    // Tab reaches every control, focus stays in the dialog, then the Arabic and Sorani
    // sections open from the keyboard and their fields are reached too.
    let walk = await tabWalk(page, dialog, { trapped: true });
    expect(walk.escaped, "focus left the dialog").toEqual([]);
    expect(walk.unreached, "controls Tab never reached").toEqual([]);
    // The investment memo (issue 33), then the Arabic and Sorani texts.
    const sections = dialog.locator("summary");
    await expect(sections).toHaveCount(3);
    for (const summary of await sections.all()) {
      await tabTo(page, summary);
      await page.keyboard.press("Enter");
      await expect(summary.locator("xpath=..")).toHaveAttribute("open", "");
    }
    walk = await tabWalk(page, dialog, { trapped: true, presses: 300 });
    expect(walk.escaped, "focus left the dialog").toEqual([]);
    expect(walk.unreached, "controls Tab never reached with the memo and the translations open").toEqual([]);
    // The memo's lists grow and shrink from the keyboard (Conform's insert and remove).
    await tabTo(page, dialog.getByRole("button", { name: "Add an instalment" }));
    await page.keyboard.press("Enter");
    const instalment = dialog.getByRole("group", { name: "Instalment 1" });
    await expect(instalment.getByLabel("Instalment", { exact: true })).toBeVisible();
    // Back round the trapped dialog: the row sits above the button that added it.
    await tabTo(page, dialog.getByRole("button", { name: "Remove instalment 1" }), 200);
    await page.keyboard.press("Enter");
    await expect(instalment).toHaveCount(0);

    // The status from the keyboard; the empty form sent with Enter is stopped by its checks,
    // with focus on the first field to fix (nothing is saved).
    const status = dialog.getByLabel("Status");
    await tabTo(page, status);
    await expect(status).toHaveValue("draft");
    await page.keyboard.press("ArrowUp");
    await expect(status).toHaveValue("active");
    await tabTo(page, dialog.getByRole("button", { name: "Create Opportunity" }));
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByLabel("Title *")).toBeFocused();
    await page.keyboard.type("Keyboard only");
    await expect(dialog.getByLabel("Title *")).toHaveValue("Keyboard only");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the availability calendar: months and days chosen by keyboard, the Add Time Slot dialog by keyboard, Escape back to the opener", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL!);
    // A far-off day no other test writes to: this test only reads.
    const year = 2190 + randomInt(0, 10);
    await page.goto(`/admin?tab=availability&date=${year}-03-10`);
    const section = page.getByRole("region", { name: "Availability" });
    await expect(section).toBeVisible();
    await untilHydrated(page);
    await page.waitForLoadState("networkidle");

    // Every control of the tab is reached by Tab from its heading.
    await page.locator("#admin-availability-heading").focus();
    const walk = await tabWalk(page, section, { trapped: false });
    expect(walk.unreached, "controls Tab never reached").toEqual([]);

    // The chosen day is where Tab enters the calendar; the arrows move between days, Enter chooses.
    const longDay = (day: Date) => new RegExp(`^${format(day, "EEEE, MMMM d, yyyy")}`);
    const grid = section.getByRole("grid");
    const focusedDay = grid.locator("button:focus");
    const first = new Date(year, 2, 10);
    await page.locator("#admin-availability-heading").focus();
    await tabTo(page, grid.locator('button[tabindex="0"]'));
    await expect(focusedDay).toHaveAccessibleName(longDay(first));
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    const chosen = addDays(first, 8);
    await expect(focusedDay).toHaveAccessibleName(longDay(chosen));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`date=${format(chosen, "yyyy-MM-dd")}`));
    await expect(section.getByRole("heading", { name: `Slots for ${format(chosen, "EEE, MMM d, yyyy")}` })).toBeVisible();
    await expect(focusedDay, "focus stays on the chosen day").toHaveAccessibleName(longDay(chosen));

    // PageDown shows the next month; the Next month button works from the keyboard too.
    await page.keyboard.press("PageDown");
    await expect(page).toHaveURL(new RegExp(`month=${year}-04`));
    await expect(focusedDay).toHaveAccessibleName(longDay(addMonths(chosen, 1)));
    const next = section.getByRole("button", { name: "Go to the Next Month" });
    await page.locator("#admin-availability-heading").focus();
    await tabTo(page, next);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`month=${year}-05`));
    await expect(grid).toHaveAccessibleName(new RegExp(`May ${year}`));

    // Add Time Slot opens by keyboard; its controls are all reached, its switch turns by Space.
    const opener = section.getByRole("button", { name: "Add Time Slot" });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add Time Slot" });
    await expect(dialog).toBeVisible();
    const dialogWalk = await tabWalk(page, dialog, { trapped: true, presses: 40 });
    expect(dialogWalk.escaped, "focus left the dialog").toEqual([]);
    expect(dialogWalk.unreached, "controls Tab never reached").toEqual([]);
    const available = dialog.getByRole("switch", { name: "Available for booking" });
    await tabTo(page, available);
    await page.keyboard.press("Space");
    await expect(available).not.toBeChecked();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
