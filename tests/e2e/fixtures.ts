import { test as base, expect } from "@playwright/test";

/**
 * `page` that fails the test on any console error or uncaught page error, so a
 * hydration mismatch or a CSP violation cannot pass unnoticed. The one message let
 * through is Chromium's note that the document itself answered 404, which is the point
 * of the not-found tests.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const documentStatus = message.text().startsWith("Failed to load resource") && message.location().url === page.url();
      if (!documentStatus) errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(page);
    expect(errors, "console errors on the page").toEqual([]);
  },
});

export { expect };
