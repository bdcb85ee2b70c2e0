import { randomInt } from "node:crypto";
import { linkFrom } from "../support/mailbox";
import { expect, renderedHtml, test } from "./fixtures";
import { OIDC_PROVIDERS } from "./oidc-provider";

const dataDir = () => process.env.E2E_DATA_DIR!;

test.describe("/auth", () => {
  test("sign up, check the inbox, and the e-mailed link signs in to the dashboard; sign out, sign in", async ({ page }) => {
    const email = `layla.${Date.now()}@example.com`;
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started" }).click();
    await expect(page.getByRole("heading", { name: "Join Tigris Advisory" })).toBeVisible();
    // Google and LinkedIn are set up on this server (stand-ins): both are offered, then e-mail.
    await expect(page.getByRole("button", { name: /^Continue with/ })).toHaveText(["Continue with Google", "Continue with LinkedIn"]);
    await expect(page.getByText("Or continue with email")).toBeVisible();

    // Client-side validation with the shared schema, before anything is sent.
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();

    await page.getByLabel("First name").fill("Layla");
    await page.getByLabel("Last name").fill("Hassan");
    await page.getByLabel("Email").fill(email);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("tigris riverside 2031");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");

    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Account created successfully")).toBeVisible();
    await expect(page.getByText("Please check your email to verify your account.")).toBeVisible();
    // Not back to "Welcome Back": the page says where the link went and what to do.
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toHaveCount(0);
    await expect(page.locator("main").getByText(email)).toBeVisible();
    await page.getByRole("button", { name: "Send a new link" }).click();
    await expect(page.getByText("Verification email sent")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

    // Signing in before verifying is refused, with a way to get a new link.
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("tigris riverside 2031");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Authentication failed").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend verification email" })).toBeVisible();

    // The link confirms the address and signs in: straight to the dashboard.
    const link = await linkFrom(dataDir(), email, /verify-email/);
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Email verified")).toBeVisible();
    await expect(page.getByText("Layla Hassan").first()).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByText("No consultations booked yet.").first()).toBeVisible();
    await page.getByRole("button", { name: "Open account menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();

    // The password signs in as before, back where the visitor was heading.
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("tigris riverside 2031");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page.getByText("You have been successfully logged in.")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    // An address of its own, so the per-address limits are this test's alone.
    test.use({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` } });

    test("every form on the sign-in screens answers a plain POST in the page (issue 32)", async ({ page }) => {
      const email = `plain.${Date.now()}@example.com`;
      await page.goto("/auth?mode=sign-up");
      await page.getByLabel("First name").fill("Karim");
      await page.getByLabel("Last name").fill("Nouri");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("tigris riverside 2031");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
      await expect(page.locator("main").getByText(email)).toBeVisible();

      await page.getByRole("button", { name: "Send a new link" }).click();
      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: `We have sent a new link to ${email}.` })).toBeVisible();

      await page.getByRole("link", { name: "Back to sign in" }).click();
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("a wrong password 2031");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." })).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(email);

      await page.getByLabel("Password", { exact: true }).fill("tigris riverside 2031");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Please verify your email address before signing in." })).toBeVisible();
      await page.getByRole("button", { name: "Resend verification email" }).click();
      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

      await page.goto(await linkFrom(dataDir(), email, /verify-email/));
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText("Karim Nouri").first()).toBeVisible();
    });

    test("a wrong or expired link says so in the page", async ({ page }) => {
      await page.goto("/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth%3Fverified%3D1");
      await expect(page).toHaveURL(/\/auth\?verified=1&error=/);
      await expect(page.getByRole("alert").filter({ hasText: "This link is invalid or has expired." })).toBeVisible();
    });
  });

  test("a signed-in investor's header is right in the server-rendered HTML", async ({ page, investor }) => {
    const html = await renderedHtml(await page.request.get("/opportunities"));
    expect(html).toContain("Open account menu");
    expect(html).not.toContain("Get Started");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: `${investor.firstName} ${investor.lastName}` })).toBeVisible();
    await page.getByRole("tab", { name: "Profile" }).click();
    await expect(page.getByText("Email", { exact: true }).first()).toBeVisible();
  });

  test("the first paint already shows the signed-out header", async ({ request }) => {
    const html = await renderedHtml(await request.get("/opportunities"));
    expect(html).toContain("Sign In");
    expect(html).toContain("Get Started");
    expect(html).not.toContain("Open account menu");
  });

  for (const [provider, label] of [
    ["google", "Google"],
    ["linkedin", "LinkedIn"],
  ] as const) {
    test(`${label} sign-in runs the whole OpenID Connect redirect and creates the profile`, async ({ page }) => {
      const identity = OIDC_PROVIDERS[provider].identity;
      await page.goto("/auth");
      await page.getByRole("button", { name: `Continue with ${label}` }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText("Welcome back!")).toBeVisible();
      await page.getByRole("button", { name: "Open account menu" }).click();
      await expect(page.getByText(identity.email)).toBeVisible();
      await page.getByRole("menuitem", { name: "Dashboard" }).click();
      await page.getByRole("tab", { name: "Profile" }).click();
      await expect(page.getByText(identity.given_name, { exact: true })).toBeVisible();
      await expect(page.getByText(identity.family_name, { exact: true })).toBeVisible();
    });
  }

  test("a signed-in visitor is sent from /auth to the home page", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);
  });
});
