import ar from "../../app/locales/ar/admin.json" with { type: "json" };
import { E2E_ADMIN, signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 34, item 1: the admin workspace's own frame (decision 040). No marketing header or
 * footer; a side navigation on a desktop listing every area once with the current one
 * marked; the admin, the public site and sign-out at its foot; a breadcrumb and the page's
 * title; on a phone the same list behind a menu button, and no page wider than the screen.
 */

const AREAS = ["Opportunities", "Bookings", "Messages", "Availability", "Users", "Documents", "Interests", "Investor activity", "Alerts", "Insights", "Team", "Qualification", "Identity checks", "Pipeline", "Agreements to sign", "Commitments and escrow", "Audit log", "Notifications"];
/** On the dashboard the Messages link also says how many are unread: "Messages (3 new)". */
const AREA_LINKS = AREAS.map((area) => (area === "Messages" ? /^Messages( \(\d+\+? new\))?$/ : area));

test.describe("the admin workspace's frame", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL!);
  });

  test("on a desktop: its own navigation listing every area once, the current one marked, and no marketing header or footer", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin?tab=bookings");
    const nav = page.getByRole("navigation", { name: "Admin areas" });
    await expect(nav.getByRole("link")).toHaveText(AREA_LINKS);
    await expect(nav.getByRole("link", { name: "Bookings" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    // Not the marketing site's frame.
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByText("Mobile App: coming soon")).toHaveCount(0);
    // Where you are.
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
    // The tab's own name is the page's title: the navigation is the only list of areas.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bookings");
    await expect(page.getByRole("tablist")).toHaveCount(0);
    // The public site one link away; the admin and sign-out at the foot.
    await expect(page.getByRole("link", { name: "View the public site" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("complementary").getByText(E2E_ADMIN.email)).toBeVisible();
    await expectAccessible(page, "the admin frame on a desktop");

    // An area by its path: the link is current there, and the tab's is not.
    await nav.getByRole("link", { name: "Insights" }).click();
    await page.waitForURL(/\/admin\/insights$/);
    await expect(nav.getByRole("link", { name: "Insights" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Insights");

    // Sign out from the frame.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("on a phone: the list behind a menu button, and no page wider than the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/admin?tab=bookings", "/admin?tab=users", "/admin/interests", "/admin/insights"]) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Admin areas" })).toHaveCount(0);
      const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(width.page, path).toBeLessThanOrEqual(width.screen);
    }
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Admin areas" });
    await expect(menu.getByRole("navigation", { name: "Admin areas" }).getByRole("link")).toHaveText(AREA_LINKS);
    await expect(menu.getByRole("link", { name: "Insights" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page, "the admin menu on a phone");
    await menu.getByRole("link", { name: /^Messages/ }).click();
    await page.waitForURL(/\/admin\?tab=messages$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Messages");
  });

  test("in Arabic: right to left, the areas in Arabic, the prefix kept", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/ar/admin/alerts");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const nav = page.getByRole("navigation", { name: ar["admin.areas.label"] });
    await expect(nav.getByRole("link", { name: ar["admin.areas.alerts"] })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: ar["admin.tabs.bookings"] })).toHaveAttribute("href", "/ar/admin?tab=bookings");
    await expect(page.getByRole("navigation", { name: ar["admin.shell.breadcrumb"] }).getByRole("link", { name: ar["admin.shell.home"] })).toHaveAttribute("href", "/ar/admin");
    await expectAccessible(page, "the admin frame in Arabic");
  });
});
