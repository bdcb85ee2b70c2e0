import { test as base, expect } from "@playwright/test";

/**
 * `page` that fails the test on any console error or uncaught page error, so a
 * hydration mismatch or a CSP violation cannot pass unnoticed. The one kind let through
 * is Chromium's network note that a response had a 4xx status: the 404 page, or a form
 * the server refused (400 invalid input, 403 unverified, 429 too many attempts) by design.
 * A 5xx still fails the test.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const expectedRefusal = /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
      if (!expectedRefusal) errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(page);
    expect(errors, "console errors on the page").toEqual([]);
  },
});

export { expect };
