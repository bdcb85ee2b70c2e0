import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, renderedHtml, test } from "./fixtures";

interface Offer {
  outcome?: "accepted" | "dismissed";
  /** The browser refuses to show its dialog. */
  failing?: boolean;
}

/**
 * Plays the browser offering installation: a `beforeinstallprompt` event carrying
 * `prompt()` and `userChoice`, repeated until the page handles it (the banner's listener
 * calls preventDefault once the page has hydrated). Calls to prompt() are counted in
 * window.installPrompts.
 */
async function offerInstallation(page: Page, offer: Offer = {}) {
  await expect
    .poll(
      () =>
        page.evaluate(({ outcome = "accepted", failing = false }) => {
          const win = window as Window & { installPrompts?: number };
          win.installPrompts ??= 0;
          const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
            prompt: () => {
              win.installPrompts! += 1;
              return failing ? Promise.reject(new Error("prompt refused")) : Promise.resolve();
            },
            userChoice: Promise.resolve({ outcome, platform: "web" }),
          });
          window.dispatchEvent(event);
          return event.defaultPrevented;
        }, offer),
      { message: "the page handles beforeinstallprompt" },
    )
    .toBe(true);
}

/** Lets React commit whatever an event just caused (two frames and a task). */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));

const banner = (page: Page) => page.getByRole("region", { name: "Install Tigris Advisory" });
const installPrompts = (page: Page) => page.evaluate(() => (window as Window & { installPrompts?: number }).installPrompts);

test.describe("install banner", () => {
  test("never shows unless the browser offers installation", async ({ page, request }) => {
    expect(await renderedHtml(await request.get("/"))).not.toContain("Install Tigris Advisory");
    await page.goto("/");
    // Registered from an effect after load: the page has hydrated and its effects have run.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await settle(page);
    await expect(banner(page)).toHaveCount(0);
  });

  test("Install shows the browser's dialog, then the banner goes", async ({ page }) => {
    await page.goto("/");
    await offerInstallation(page);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText(
      "Add the app to your home screen for quick access to opportunities and your dashboard.",
    );
    const axe = await new AxeBuilder({ page }).include("section[aria-labelledby='install-banner-title']").analyze();
    expect(axe.violations).toEqual([]);

    await banner(page).getByRole("button", { name: "Install" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await installPrompts(page)).toBe(1);
  });

  test("a failing install is logged as a warning and the banner goes", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.goto("/");
    await offerInstallation(page, { failing: true });
    await banner(page).getByRole("button", { name: "Install" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await installPrompts(page)).toBe(1);
    expect(warnings).toContainEqual(expect.stringMatching(/^Install prompt failed/));
  });

  for (const control of ["Later", "Close"]) {
    test(`${control} hides it, and it stays hidden on later visits`, async ({ page }) => {
      await page.goto("/");
      await offerInstallation(page);
      await banner(page).getByRole("button", { name: control, exact: true }).click();
      await expect(banner(page)).toHaveCount(0);

      for (const path of ["/", "/pricing"]) {
        await page.goto(path);
        await offerInstallation(page);
        await settle(page);
        await expect(banner(page), path).toHaveCount(0);
      }
    });
  }

  test("the controls work from the keyboard, with a visible focus", async ({ page }) => {
    await page.goto("/");
    await offerInstallation(page);
    await banner(page).getByRole("button", { name: "Install" }).focus();
    for (const name of ["Later", "Close"]) {
      await page.keyboard.press("Tab");
      const control = banner(page).getByRole("button", { name, exact: true });
      await expect(control).toBeFocused();
      const focusStyle = await control.evaluate((element) => {
        const style = getComputedStyle(element);
        return { outline: style.outlineStyle, ring: style.boxShadow };
      });
      expect(focusStyle.outline !== "none" || focusStyle.ring !== "none", `${name}: ${JSON.stringify(focusStyle)}`).toBe(true);
    }
    await page.keyboard.press("Enter");
    await expect(banner(page)).toHaveCount(0);
  });

  test("slides in, unless the visitor prefers reduced motion", async ({ page }) => {
    await page.goto("/");
    await offerInstallation(page);
    expect(await banner(page).evaluate((element) => getComputedStyle(element).animationName)).toBe("install-banner-in");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await offerInstallation(page);
    expect(await banner(page).evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
  });

  test.describe("on a small screen", () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test("fits the screen with every control in reach", async ({ page }) => {
      await page.goto("/");
      await offerInstallation(page);
      // Measure where the banner comes to rest, not a frame of its slide-in.
      await banner(page).evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
      const box = await banner(page).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBe(0);
      expect(box!.width).toBe(360);
      expect(box!.y + box!.height).toBeCloseTo(740, 0);
      for (const name of ["Install", "Later", "Close"]) {
        const control = await banner(page).getByRole("button", { name, exact: true }).boundingBox();
        expect(control, name).not.toBeNull();
        expect(control!.x + control!.width, name).toBeLessThanOrEqual(360);
        expect(control!.height, name).toBeGreaterThanOrEqual(40);
      }
    });
  });
});
