import { randomInt } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Browser, type Page, type Response } from "@playwright/test";
import { linkFrom } from "../support/mailbox";

export interface Investor {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A client address of its own (the e2e server trusts loopback proxies), so limits are per test. */
const forwardedFor = () => `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/**
 * Signs an investor up and opens the verification link from the dev mailbox, which signs
 * them in (issue 32), all over HTTP (form posts to /auth, as a browser without JavaScript
 * would send them). `request` should be `page.request`, which shares cookies with the
 * page: the page is then signed in without going through the sign-in screen.
 */
export async function signInOverHttp(request: APIRequestContext, baseURL: string, investor: Investor): Promise<void> {
  const headers = { Origin: baseURL, "X-Forwarded-For": forwardedFor() };
  const signUp = await request.post("/auth", {
    headers,
    form: { intent: "sign-up", ...investor },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const link = await linkFrom(process.env.E2E_DATA_DIR!, investor.email, /verify-email/);
  const verify = await request.get(link, { headers, maxRedirects: 0 });
  expect(verify.status()).toBe(302);
  // Signed in by the link: the page it leads to sends the investor on to their dashboard.
  const landing = await request.get(verify.headers().location!, { headers, maxRedirects: 0 });
  expect(landing.status(), await landing.text()).toBe(302);
  expect(landing.headers().location).toBe("/dashboard");
}

/**
 * `page` fails the test on any console error or uncaught page error, so a hydration
 * mismatch or a CSP violation cannot pass unnoticed. The one kind let through is
 * Chromium's network note that a response had a 4xx status: the 404 page, or a form the
 * server refused (400 invalid input, 403 unverified, 429 too many attempts) by design.
 * A 5xx still fails the test.
 *
 * A test that provokes a 5xx on purpose (a payment provider that is not set up) names
 * it in `allowedConsoleErrors`.
 *
 * `investor` is a verified investor whose session the page already holds.
 */
export const test = base.extend<{ investor: Investor; allowedConsoleErrors: RegExp[] }, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
        const context = await newContext(...args);
        context.on("page", waitForHydrationOnNavigation);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = `${message.text()} (${message.location().url})`;
      const expectedRefusal = /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
      if (expectedRefusal || allowedConsoleErrors.some((allowed) => allowed.test(text))) return;
      if (leaving.has(page) && ABORTED.test(message.text())) return;
      errors.push(text);
    });
    page.on("pageerror", (error) => {
      if (leaving.has(page) && (error.name === "AbortError" || ABORTED.test(error.message))) return;
      // Where it came from, for the next reader of a failure.
      errors.push(`${error.name}: ${error.message}${error.stack ? `\n${error.stack.split("\n").slice(1, 4).join("\n")}` : ""}`);
    });
    waitForHydrationOnNavigation(page);
    await use(page);
    expect(errors, "console errors on the page").toEqual([]);
  },
  investor: async ({ page, baseURL }, use) => {
    const investor: Investor = {
      email: `investor.${Date.now()}.${randomInt(1e6)}@example.com`,
      password: "tigris riverside 2031",
      firstName: "Samira",
      lastName: "Haddad",
    };
    await signInOverHttp(page.request, baseURL!, investor);
    await use(investor);
  },
});

/**
 * A page of ours loads its scripts after the first paint (decision 022): `goto` and
 * `reload` on `page` wait, as a visitor's eye would, until it has hydrated, unless the
 * test asked for less (`waitUntil: "commit"` or `"domcontentloaded"`). The `page` fixture
 * and every page of a context a test makes itself (`browser.newContext()`) do this.
 */
function waitForHydrationOnNavigation(page: Page) {
  for (const method of ["goto", "reload"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    page[method] = (async (...args: unknown[]) => {
      leaving.add(page);
      try {
        const response = await navigate(...args);
        const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === "object" && arg !== null);
        if (options?.waitUntil !== "commit" && options?.waitUntil !== "domcontentloaded") await untilHydrated(page);
        return response;
      } finally {
        leaving.delete(page);
      }
    }) as never;
  }
}

/**
 * Pages a test is taking to another document (`goto`, `reload`) until the new one has
 * hydrated. The page being left may still have a data fetch of a client navigation in
 * flight; the browser cancels it, and React Router's promise for it rejects with
 * "signal is aborted without reason". That is the navigation the test asked for, not a
 * fault of the page: only an AbortError in that window is let through.
 */
const leaving = new WeakSet<Page>();
const ABORTED = /\bAbortError\b|signal is aborted without reason/;

/** Until the page has hydrated (its `<html>` says so), when it is a page of ours with scripts running. */
export async function untilHydrated(page: Page) {
  await page.waitForFunction(() => !("__tigrisHydrated" in window) || document.documentElement.hasAttribute("data-hydrated"), undefined, { timeout: 15_000 });
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe (WCAG 2.1 A and AA) on the page, or only on the part matching `scope` (a CSS
 * selector), once every finite animation has ended: a toast caught half-faded-in would
 * otherwise be measured at a contrast no one ever reads it at.
 */
export async function expectAccessible(page: Page, state: string, scope?: string) {
  // Hydrated first: a toast handed over by the server (a flash) only appears once the
  // page's scripts run, and could otherwise start fading in while axe measures it.
  await page.waitForLoadState("networkidle");
  // Toasts held still while axe reads the page: one whose four seconds ran out during the
  // analysis would be measured half-faded-out (sonner pauses its timers while the
  // document is hidden, as it does when the investor switches tabs).
  await holdToasts(page, true);
  try {
    await analyse(page, state, scope);
  } finally {
    await holdToasts(page, false);
  }
}

async function holdToasts(page: Page, hold: boolean) {
  await page.evaluate((hold) => {
    // An own property shadows Document's getter; deleting it gives the real answer back.
    if (hold) Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    else Reflect.deleteProperty(document, "hidden");
    document.dispatchEvent(new Event("visibilitychange"));
  }, hold);
}

async function analyse(page: Page, state: string, scope?: string) {
  await page.evaluate(async () => {
    const finite = () => document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    // A toast is rendered transparent first and only starts its fade-in a frame or two
    // later, when nothing is animating yet: it counts as moving until it is fully shown.
    const arriving = () =>
      [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")].filter(
        (toast) => toast.dataset.mounted !== "true" || (toast.dataset.removed !== "true" && getComputedStyle(toast).opacity !== "1"),
      );
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Until two frames pass with nothing moving (one toast's end can start another's).
    for (let round = 0; round < 40; round++) {
      await Promise.all(finite().map((animation) => animation.finished.catch(() => undefined)));
      await frames();
      if (finite().length === 0 && arriving().length === 0) return;
    }
  });
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (scope) builder.include(scope);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => ({
    rule: v.id,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`.slice(0, 300)),
  }));
  expect(summary, `axe violations (${state})`).toEqual([]);
}

/**
 * A page's server-rendered HTML without the messages it hands the browser
 * (#page-messages, decision 021): what a reader sees before any script runs. Checks that a
 * text is (or is not) on the page read this, or the catalogue would answer for the page.
 */
export async function renderedHtml(response: { text(): Promise<string> }): Promise<string> {
  return (await response.text()).replace(/<script id="page-messages"[^>]*>[^<]*<\/script>/, "");
}

export { expect };
