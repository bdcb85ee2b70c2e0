import type { Page } from "@playwright/test";
import { STATIC_PAGES, TEAM_PAGE } from "../../app/domain/site-map";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * WCAG 2.1 A and AA, checked by axe on every public screen: on a desktop, on a 375 px
 * phone, and on the phone with the mobile menu open. Each page must also have exactly one
 * h1 and the banner, main and contentinfo landmarks.
 */
interface Screen {
  name: string;
  /** Opens the screen on `page` (after which it is checked as it stands). */
  open: (page: Page) => Promise<unknown>;
}

const visit = (path: string): Screen => ({ name: path, open: (page) => page.goto(path) });

/**
 * Clicks a control until it took effect: a click that lands before React has hydrated
 * does nothing, so it is repeated (only while the effect is still missing).
 */
async function clickUntil(click: () => Promise<void>, done: () => Promise<boolean>) {
  await expect(async () => {
    if (!(await done())) await click();
    // What the click starts may take a moment (the dialog's code loads on first use):
    // wait for it before clicking again, or the next click lands on what it opened.
    await expect.poll(done, { timeout: 3_000 }).toBe(true);
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] });
}

const SCREENS: Screen[] = [
  visit("/"),
  visit("/opportunities"),
  {
    name: "/opportunities/:slug",
    open: async (page) => {
      await page.goto("/opportunities");
      const href = await page.getByRole("link", { name: /^View details of / }).first().getAttribute("href");
      expect(href).toMatch(/^\/opportunities\/[a-z0-9-]+$/);
      await page.goto(href!);
    },
  },
  visit("/pricing"),
  {
    name: "/pricing (yearly)",
    open: async (page) => {
      await page.goto("/pricing");
      const toggle = page.getByRole("switch", { name: "Bill yearly" });
      await clickUntil(
        () => toggle.click(),
        async () => (await toggle.getAttribute("aria-checked")) === "true",
      );
      await expect(page.getByTestId("plan-saving").first()).toBeVisible();
    },
  },
  ...STATIC_PAGES.map((p) => visit(p.path)),
  visit(TEAM_PAGE.path),
  visit("/auth"),
  visit("/auth?mode=sign-up"),
  visit("/auth/forgot-password"),
  visit("/no/such/page"),
  visit("/opportunities/00000000-0000-4000-8000-000000000000"),
];

async function expectStructure(page: Page) {
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
}

test.describe("accessibility (axe, WCAG 2.1 AA)", () => {
  for (const screen of SCREENS) {
    test(`${screen.name} on a desktop`, async ({ page }) => {
      await screen.open(page);
      await expectStructure(page);
      await expectAccessible(page, `${screen.name}, desktop`);
    });

    test(`${screen.name} on a phone, with the menu closed and open`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await screen.open(page);
      await expectStructure(page);
      await expectAccessible(page, `${screen.name}, phone`);

      const menu = page.getByRole("navigation", { name: "Mobile" });
      await clickUntil(
        () => page.getByRole("button", { name: "Open menu" }).click(),
        () => menu.isVisible(),
      );
      // Only the header changed since the whole page was checked above.
      await expectAccessible(page, `${screen.name}, phone, menu open`, "header");
    });
  }
});

test.describe("the booking dialog (axe, WCAG 2.1 AA)", () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`is accessible open, with a date chosen and its messages showing (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
      await clickUntil(
        () => page.getByRole("button", { name: "Schedule a Call" }).click({ timeout: 3_000 }),
        () => dialog.isVisible(),
      );
      await expect(dialog.getByText("Auto-selected next available slot")).toBeVisible();
      await dialog.getByRole("grid").getByRole("button", { disabled: false }).first().click();
      await expect(dialog.getByRole("list", { name: /^Times on / })).toBeVisible();
      await dialog.getByRole("button", { name: "Submit Request" }).click();
      await expect(dialog.getByText("Please select a booking type")).toBeVisible();
      await expectAccessible(page, `booking dialog, ${viewport.width} px`, '[role="dialog"]');
      // Keyboard users can leave it, and focus returns to the button that opened it.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("button", { name: "Schedule a Call" })).toBeFocused();
    });
  }
});

/**
 * Tabs through the page and returns every focused element that shows no focus indicator:
 * neither an outline nor a Tailwind focus ring. Stops when focus comes round again.
 */
async function elementsWithoutVisibleFocus(page: Page): Promise<{ visited: number; invisible: string[] }> {
  const invisible: string[] = [];
  let visited = 0;
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      if (el.dataset.tabVisited) return "again";
      el.dataset.tabVisited = "1";
      const style = getComputedStyle(el);
      const transparent = (color: string) => color === "transparent" || /rgba\(.*,\s*0\)$|\/ 0\)$/.test(color);
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor);
      const ring = style.getPropertyValue("--tw-ring-shadow").trim();
      const hasRing = ring !== "" && ring !== "0 0 #0000" && !/^0 0 0 0px/.test(ring);
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
      return { name, visible: outline || hasRing };
    });
    if (focused === null || focused === "again") break;
    visited++;
    if (!focused.visible) invisible.push(focused.name);
  }
  return { visited, invisible };
}

test.describe("keyboard focus and motion", () => {
  for (const path of ["/", "/opportunities", "/pricing", "/auth?mode=sign-up", "/auth/forgot-password", "/resources/contact-support"]) {
    test(`every control on ${path} shows where the keyboard focus is`, async ({ page }) => {
      await page.goto(path);
      const { visited, invisible } = await elementsWithoutVisibleFocus(page);
      expect(visited, "focusable elements reached by Tab").toBeGreaterThan(5);
      expect(invisible).toEqual([]);
    });
  }

  test("the mobile menu's links show the keyboard focus too", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/pricing");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await clickUntil(
      () => page.getByRole("button", { name: "Open menu" }).click(),
      () => menu.isVisible(),
    );
    await page.getByRole("button", { name: "Close menu" }).focus();
    const { visited, invisible } = await elementsWithoutVisibleFocus(page);
    expect(visited).toBeGreaterThan(5);
    expect(invisible).toEqual([]);
  });

  test("scrolling is smooth only for visitors who have not asked for reduced motion", async ({ page }) => {
    const scrollBehavior = () => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    expect(await scrollBehavior()).toBe("auto");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    expect(await scrollBehavior()).toBe("smooth");
  });

  test("nothing moves on the page for visitors who asked for reduced motion", async ({ page }) => {
    /** Toggles the billing switch and returns the properties that started a transition or animation. */
    const movementWhenToggling = async () => {
      await page.goto("/pricing");
      await page.evaluate(() => {
        const runs: string[] = [];
        (window as unknown as { runs: string[] }).runs = runs;
        document.addEventListener("transitionrun", (e) => runs.push(e.propertyName));
        document.addEventListener("animationstart", (e) => runs.push(`animation ${e.animationName}`));
      });
      const toggle = page.getByRole("switch", { name: "Bill yearly" });
      await clickUntil(
        () => toggle.click(),
        async () => (await toggle.getAttribute("aria-checked")) === "true",
      );
      await page.waitForTimeout(300);
      const runs = await page.evaluate(() => (window as unknown as { runs: string[] }).runs);
      return runs.filter((p) => !/color|^fill$|^stroke$|shadow/.test(p));
    };
    await page.emulateMedia({ reducedMotion: "no-preference" });
    expect(await movementWhenToggling(), "the switch's thumb slides when motion is fine").not.toEqual([]);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await movementWhenToggling()).toEqual([]);
  });
});
