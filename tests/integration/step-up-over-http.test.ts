import { createHash } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyHeldEscrowChange, requeueHeldEscrowChanges, workEscrowChanges } from "~/server/services/escrow-changes.server";
import {
  auditLog,
  commitments,
  constructionMilestones,
  emailOutbox,
  escrowAccountChanges,
  identityChecks,
  notifications,
  paymentPlans,
  payments,
  planInstalments,
  session,
  signingRequests,
  user,
  usedSecondFactorCodes,
  userRoles,
  verification,
} from "~/server/db/schema.server";
import { createOpportunity, createUser } from "~/server/seed/factories.server";
import { totpCode } from "../support/totp";
import { createAdminTestbed, enrolTwoFactor, markSecondFactor, sessionTokenOf, signInCookie, totpKeyOf, type AdminTestbed } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { testDriver } from "./test-database";

/**
 * Issue 52, item 3 (decision 058), over real HTTP against the built app: the firm's staff
 * act on money, identity, agreements, roles and investors' data only with a second factor
 * proved in the last five minutes; they never get "trust this device"; an escrow account
 * changes only with a second admin's approval, or after a 24-hour hold every committed
 * investor is told of; nobody decides their own identity check or transfer. Every request
 * is a browser's without scripts: a document GET or a form POST, its cookies kept.
 */

let app: RealApp;
let bed: AdminTestbed;
/** A second admin (two-factor on), for the approvals; their role is taken away while a test needs the firm to have one admin. */
let second: { id: string; email: string; cookie: string };

beforeAll(async () => {
  app = await listenForApp();
  bed = await createAdminTestbed("stepup-", { SITE_URL: app.base, TRUST_PROXY: "loopback" });
  await app.mount({ parts: bed.context, database: bed.t });
  const email = "stepup-second-admin@example.com";
  const { id } = await createUser(bed.t.db, { email, password: bed.password, role: "admin" });
  second = { id, email, cookie: (await enrolTwoFactor(bed.context, email, bed.password, await signInCookie(bed.context, email, bed.password))).cookie };
}, 180_000);
afterAll(async () => {
  await app?.close();
  await bed?.destroy();
});

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const db = () => bed.t.db;
let address = 0;

/** A browser: its cookies (as Set-Cookie left them) and an address of its own (the app trusts its loopback proxy). */
class Browser {
  readonly cookies = new Map<string, string>();
  private readonly ip = `198.51.100.${(++address % 250) + 1}`;

  constructor(cookie = "") {
    for (const pair of cookie.split(/;\s*/).filter(Boolean)) {
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }

  /** A browser holding only the cookie whose name ends with `suffix` (what a new visit to the site sends). */
  only(suffix: string): Browser {
    const copy = new Browser();
    for (const [name, value] of this.cookies) if (name.endsWith(suffix)) copy.cookies.set(name, value);
    return copy;
  }

  has(suffix: string): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith(suffix));
  }

  async send(method: "GET" | "POST", path: string, fields?: Record<string, string>): Promise<Response> {
    const headers = new Headers({ "X-Forwarded-For": this.ip });
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; "));
    if (method === "POST") {
      headers.set("Origin", app.base);
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    }
    const answer = await fetch(`${app.base}${path}`, { method, headers, body: fields ? new URLSearchParams(fields) : undefined, redirect: "manual" });
    for (const line of answer.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(/;\s*/);
      const eq = pair!.indexOf("=");
      const [name, value] = [pair!.slice(0, eq), pair!.slice(eq + 1)];
      const gone = !value || attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now()));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }

  get = (path: string) => this.send("GET", path);
  post = (path: string, fields: Record<string, string>) => this.send("POST", path, fields);
}

/**
 * A code the authenticator app shows for the account that nobody has used in its window (the
 * app refuses a used one, and the sign-ins of app-context.ts use this half-minute's): the next
 * half-minute's or this one's (both accepted), else the next period's, waited for.
 */
async function freshCode(who: { id: string; email: string }): Promise<string> {
  const key = totpKeyOf(who.email);
  for (;;) {
    for (const offset of [1, 0]) {
      const code = totpCode(key, offset);
      const hash = createHash("sha256").update(`${who.id}\n${code}`).digest("hex");
      const [used] = await db().select().from(usedSecondFactorCodes).where(and(eq(usedSecondFactorCodes.userId, who.id), eq(usedSecondFactorCodes.codeHash, hash)));
      if (!used) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

const asAdmin = () => new Browser(bed.admin.cookie);
const asSecond = () => new Browser(second.cookie);
const REQUIRED = "Enter a code from your authenticator app to confirm this.";
const STALE = () => ago(6 * MINUTE);

/** Bank details as an admin types them, and as they are kept (electronic form). */
const IN_FORCE = { bank: "Emirates NBD", accountName: "Harbour Towers Escrow", iban: "AE07 0331 2345 6789 0123 456", bic: "EBILAEAD" };
const NEW_ACCOUNT = { bank: "Mashreq Bank", accountName: "Harbour Towers Escrow II", iban: "AE29 0330 0000 1234 5678 901", bic: "BOMLAEAD" };
const electronic = (iban: string) => iban.replace(/\s+/g, "");

/** An opportunity with a plan in force (one instalment, on booking) and `investors` committed to it. */
async function planWithCommitments(title: string, investors: Array<{ id: string; email: string; name: string }>) {
  const opportunity = await createOpportunity(db(), { title, status: "active" });
  await db().insert(paymentPlans).values({ opportunityId: opportunity.id, escrowBank: IN_FORCE.bank, escrowAccountName: IN_FORCE.accountName, escrowIban: electronic(IN_FORCE.iban), escrowBic: IN_FORCE.bic });
  const [booking] = await db().insert(constructionMilestones).values({ opportunityId: opportunity.id, kind: "booking" }).returning();
  await db().insert(planInstalments).values({ opportunityId: opportunity.id, position: 1, label: "Booking", sharePoints: 10_000, dueKind: "milestone", milestoneId: booking!.id });
  for (const who of investors) {
    await db().insert(commitments).values({ userId: who.id, investorName: who.name, investorEmail: who.email, opportunityId: opportunity.id, opportunityTitle: title, unit: "A-1", amountMinor: 25_000_000n, currency: "USD", source: "manual" });
  }
  return opportunity;
}

/** The plan form as the page posts it (the plan is in force: its one instalment posted as it stands). */
function planForm(opportunityId: string, escrow: typeof IN_FORCE, extra: Record<string, string> = {}): Record<string, string> {
  return { formKey: "plan-save", intent: "plan-save", opportunityId, ...escrow, label: "Booking", share: "100", dueKind: "milestone", dueDate: "", milestone: "booking", level: "", ...extra };
}

async function investor(label: string, locale: "en" | "ar" = "en") {
  const email = `stepup-${label}-${Date.now()}@example.com`;
  const { id } = await createUser(db(), { email, password: bed.password, firstName: label, lastName: "Investor" });
  if (locale !== "en") await db().update(user).set({ locale }).where(eq(user.id, id));
  return { id, email, name: `${label} Investor` };
}

const planEscrow = async (opportunityId: string) => (await db().select().from(paymentPlans).where(eq(paymentPlans.opportunityId, opportunityId)))[0]!;

describe(`staff step-up over real HTTP (${testDriver})`, () => {
  it("never lets staff skip the code: a browser trusted before the account became an admin is forgotten, and an admin's 'trust this device' is ignored", { timeout: 90_000 }, async () => {
    const email = `stepup-trusted-${Date.now()}@example.com`;
    const { id } = await createUser(db(), { email, password: bed.password });
    const { key } = await enrolTwoFactor(bed.context, email, bed.password, await signInCookie(bed.context, email, bed.password));
    const signIn = { intent: "sign-in", email, password: bed.password, redirectTo: "/" };

    // As an investor, the browser is trusted for 30 days (decision 012) and then skips the code.
    const browser = new Browser();
    expect((await browser.post("/auth", signIn)).headers.get("location")).toMatch(/^\/auth\/two-factor/);
    expect(await (await browser.get("/auth/two-factor")).text()).toContain('name="trustDevice"');
    expect((await browser.post("/auth/two-factor", { code: totpCode(key), trustDevice: "on", redirectTo: "/" })).headers.get("location")).toBe("/");
    expect(browser.has("trust_device")).toBe(true);
    const trusted = browser.only("trust_device");
    expect((await trusted.post("/auth", signIn)).headers.get("location")).toBe("/");

    // The same account made an admin: the browser it trusted skips nothing any more.
    await db().insert(userRoles).values({ userId: id, role: "admin" });
    const again = trusted.only("trust_device");
    expect((await again.post("/auth", signIn)).headers.get("location")).toMatch(/^\/auth\/two-factor/);
    expect(await db().select().from(verification).where(and(eq(verification.value, id), like(verification.identifier, "trust-device-%")))).toHaveLength(0);
    // Its second step offers no "trust this device", and ignores the box when a request ticks it.
    const page = await (await again.get("/auth/two-factor")).text();
    expect(page).toContain("Authentication code");
    expect(page).not.toContain('name="trustDevice"');
    const signedIn = await again.post("/auth/two-factor", { code: totpCode(key), trustDevice: "on", redirectTo: "/" });
    expect(signedIn.headers.get("location")).toBe("/");
    expect(again.has("trust_device")).toBe(false);
    expect(await db().select().from(verification).where(and(eq(verification.value, id), like(verification.identifier, "trust-device-%")))).toHaveLength(0);
    expect((await again.only("trust_device").post("/auth", signIn)).headers.get("location")).toMatch(/^\/auth\/two-factor/);
    // The code typed at sign-in opens guarded actions for the next few minutes.
    const [row] = await db().select().from(session).where(eq(session.token, sessionTokenOf([...again.cookies].map(([n, v]) => `${n}=${v}`).join("; "))));
    expect(Date.now() - row!.secondFactorAt!.getTime()).toBeLessThan(MINUTE);
    await db().delete(userRoles).where(eq(userRoles.userId, id));
  });

  it("asks an admin whose second factor is stale for a code with the form, keeps what was typed, refuses a wrong or used code, and goes through with a fresh one", { timeout: 90_000 }, async () => {
    const payer = await investor("payer");
    const opportunity = await planWithCommitments("Step-up Towers", [payer]);
    const [commitment] = await db().select().from(commitments).where(eq(commitments.opportunityId, opportunity.id));
    const [first, other] = await db()
      .insert(payments)
      .values([1, 2].map((n) => ({ commitmentId: commitment!.id, recordedBy: payer.id, transferredOn: "2026-12-01", amountMinor: 10_000_000n, currency: "USD" as const, reference: `TT-STEP-${n}` })))
      .returning();
    const page = `/admin/commitments?opportunity=${opportunity.id}`;
    const confirm = (id: string, extra: Record<string, string> = {}) => ({ formKey: "payment-confirm", intent: "payment-confirm", paymentId: id, received: "99,999.00", note: "Seen on the escrow statement", ...extra });
    const statusOf = async (id: string) => (await db().select({ status: payments.status }).from(payments).where(eq(payments.id, id)))[0]!.status;
    const admin = asAdmin();

    // Fresh (the code typed at sign-in, a minute ago): the page has no code field.
    await markSecondFactor(db(), bed.admin.cookie, ago(MINUTE));
    expect(await (await admin.get(page)).text()).not.toContain('data-testid="step-up-field"');
    // Stale: the confirmation form carries a code field, and without a code nothing is confirmed.
    await markSecondFactor(db(), bed.admin.cookie, STALE());
    expect(await (await admin.get(page)).text()).toContain('data-testid="step-up-field"');
    const bare = await admin.post(page, confirm(first!.id));
    expect(bare.status).toBe(403);
    const bareHtml = await bare.text();
    expect(bareHtml).toContain(REQUIRED);
    // What was typed is kept for the next try.
    expect(bareHtml).toContain('value="99,999.00"');
    expect(bareHtml).toContain('value="Seen on the escrow statement"');
    expect(await statusOf(first!.id)).toBe("recorded");

    const wrong = await admin.post(page, confirm(first!.id, { stepUpCode: totpCode(totpKeyOf(bed.admin.email), 10) }));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That code is not valid.");
    expect(await statusOf(first!.id)).toBe("recorded");

    const code = await freshCode(bed.admin);
    const right = await admin.post(page, confirm(first!.id, { stepUpCode: code }));
    expect(right.status).toBe(200);
    expect(await statusOf(first!.id)).toBe("confirmed");
    // Proved now: the next guarded write needs no code for five minutes...
    expect((await admin.post(page, confirm(other!.id, { received: "100,000" }))).status).toBe(200);
    expect(await statusOf(other!.id)).toBe("confirmed");
    // ...and the code typed is not accepted a second time within its window.
    await markSecondFactor(db(), bed.admin.cookie, STALE());
    const replayed = await admin.post("/admin/step-up", { intent: "step-up", stepUpCode: code });
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain("That code has just been used.");
  });

  it("refuses every guarded write to a stale admin and changes nothing; a fresh one goes through until five minutes have passed", { timeout: 120_000 }, async () => {
    const who = await investor("guarded");
    await db().insert(identityChecks).values({ userId: who.id, status: "submitted", documentType: "passport", submittedAt: new Date() });
    const [check] = await db().select().from(identityChecks).where(eq(identityChecks.userId, who.id));
    const target = await investor("role");
    const opportunity = await createOpportunity(db(), { title: "Guarded Towers", status: "active" });
    const agreements = async () => (await db().select().from(signingRequests).where(eq(signingRequests.investorEmail, who.email))).length;
    const writes = [
      {
        what: "an escrow account (a plan's first)",
        path: `/admin/commitments?opportunity=${opportunity.id}`,
        fields: planForm(opportunity.id, IN_FORCE),
        done: async () => (await db().select().from(paymentPlans).where(eq(paymentPlans.opportunityId, opportunity.id))).length === 1,
      },
      {
        what: "an identity decision",
        path: "/admin/identity",
        fields: { formKey: "identity-review", intent: "identity-review", id: check!.id, decision: "reject", reason: "The scan is unreadable." },
        done: async () => (await db().select().from(identityChecks).where(eq(identityChecks.id, check!.id)))[0]!.status === "rejected",
      },
      {
        what: "a role change",
        path: "/admin?tab=users",
        fields: { intent: "user-role", userId: target.id, role: "admin" },
        done: async () => (await db().select().from(userRoles).where(eq(userRoles.userId, target.id))).length === 1,
      },
      {
        what: "an agreement's preparation",
        path: "/admin/signing",
        fields: { formKey: "signing-prepare", intent: "signing-prepare", investorEmail: who.email, opportunityId: opportunity.id, kind: "expression_of_interest", unit: "B-2", amount: "50,000", currency: "USD", paymentPlan: "On signature." },
        done: async () => (await agreements()) === 1,
      },
    ];
    const admin = asAdmin();
    for (const write of writes) {
      await markSecondFactor(db(), bed.admin.cookie, STALE());
      const refused = await admin.post(write.path, write.fields);
      expect(refused.status, write.what).toBe(403);
      expect(await refused.text(), write.what).toContain(REQUIRED);
      expect(await write.done(), write.what).toBe(false);
    }
    // The identity decision needs an approved check for the agreement, so decide it (reject, then approve) in order.
    await markSecondFactor(db(), bed.admin.cookie, ago(4 * MINUTE + 50_000));
    for (const write of writes.slice(0, 3)) {
      expect((await admin.post(write.path, write.fields)).status, write.what).toBe(200);
      expect(await write.done(), write.what).toBe(true);
    }
    await db().update(identityChecks).set({ status: "approved" }).where(eq(identityChecks.id, check!.id));
    // Five minutes after the code: stale again.
    await markSecondFactor(db(), bed.admin.cookie, ago(5 * MINUTE + 10_000));
    const late = await admin.post(writes[3]!.path, writes[3]!.fields);
    expect(late.status).toBe(403);
    expect(await agreements()).toBe(0);
    await markSecondFactor(db(), bed.admin.cookie);
    expect((await admin.post(writes[3]!.path, writes[3]!.fields)).status).toBe(200);
    expect(await agreements()).toBe(1);
    await db().delete(userRoles).where(eq(userRoles.userId, target.id));
  });

  it("sends a stale admin to prove a code before a CSV of investors' data, then offers the download", { timeout: 60_000 }, async () => {
    const admin = asAdmin();
    await markSecondFactor(db(), bed.admin.cookie, STALE());
    const asked = await admin.get("/admin/export/bookings.csv?status=pending");
    expect(asked.status).toBe(302);
    const stepUp = asked.headers.get("location")!;
    expect(stepUp).toBe(`/admin/step-up?redirectTo=${encodeURIComponent("/admin/export/bookings.csv?status=pending")}`);
    expect(asked.headers.get("content-disposition")).toBeNull();
    const form = await (await admin.get(stepUp)).text();
    expect(form).toContain("This file holds investors’ personal data.");
    // Without a code the page asks again; with one it says so and links the file.
    expect(await (await admin.post(stepUp, { intent: "step-up" })).text()).toContain(REQUIRED);
    const confirmed = await admin.post(stepUp, { intent: "step-up", stepUpCode: await freshCode(bed.admin) });
    expect(confirmed.status).toBe(200);
    const html = await confirmed.text();
    expect(html).toContain("Your code is confirmed.");
    expect(html).toContain('href="/admin/export/bookings.csv?status=pending"');
    const file = await admin.get("/admin/export/bookings.csv?status=pending");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // The step-up page leads on only to the admin's own pages.
    await markSecondFactor(db(), bed.admin.cookie);
    expect(await (await admin.get(`/admin/step-up?redirectTo=${encodeURIComponent("https://evil.example/admin")}`)).text()).toContain('href="/admin"');
  });

  it("lets nobody decide their own identity check or confirm their own transfer; another admin does", { timeout: 90_000 }, async () => {
    const admin = asAdmin();
    await markSecondFactor(db(), bed.admin.cookie);
    await markSecondFactor(db(), second.cookie);
    await db().insert(identityChecks).values({ userId: bed.admin.id, status: "submitted", documentType: "passport", submittedAt: new Date() });
    const [own] = await db().select().from(identityChecks).where(eq(identityChecks.userId, bed.admin.id));
    const queue = await (await admin.get("/admin/identity")).text();
    expect(queue).toContain("This is your own identity check: another admin decides it.");
    const refused = await admin.post("/admin/identity", { formKey: "identity-review", intent: "identity-review", id: own!.id, decision: "approve" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You cannot decide your own identity check.");
    expect((await db().select().from(identityChecks).where(eq(identityChecks.id, own!.id)))[0]!.status).toBe("submitted");
    expect((await asSecond().post("/admin/identity", { formKey: "identity-review", intent: "identity-review", id: own!.id, decision: "approve" })).status).toBe(200);
    expect((await db().select().from(identityChecks).where(eq(identityChecks.id, own!.id)))[0]!.status).toBe("approved");

    // The admin's own commitment: their transfer is another admin's to confirm.
    const me = { id: bed.admin.id, email: bed.admin.email, name: "The Admin" };
    const opportunity = await planWithCommitments("Own Towers", [me]);
    const [commitment] = await db().select().from(commitments).where(eq(commitments.opportunityId, opportunity.id));
    const [payment] = await db().insert(payments).values({ commitmentId: commitment!.id, recordedBy: bed.admin.id, transferredOn: "2026-12-01", amountMinor: 25_000_000n, currency: "USD", reference: "TT-OWN-1" }).returning();
    const page = `/admin/commitments?opportunity=${opportunity.id}`;
    expect(await (await admin.get(page)).text()).toContain("This transfer is yours");
    const confirm = { formKey: "payment-confirm", intent: "payment-confirm", paymentId: payment!.id, received: "250,000" };
    const own2 = await admin.post(page, confirm);
    expect(own2.status).toBe(403);
    expect(await own2.text()).toContain("You cannot decide on your own transfer.");
    expect((await db().select().from(payments).where(eq(payments.id, payment!.id)))[0]!.status).toBe("recorded");
    expect((await asSecond().post(page, confirm)).status).toBe(200);
    expect((await db().select().from(payments).where(eq(payments.id, payment!.id)))[0]!.status).toBe("confirmed");
  });

  it("changes an escrow account only when a second admin approves it: the account in force stays, its requester cannot approve, the investors hear once it is in force", { timeout: 90_000 }, async () => {
    const holder = await investor("dual");
    const opportunity = await planWithCommitments("Dual Towers", [holder]);
    const page = `/admin/commitments?opportunity=${opportunity.id}`;
    await markSecondFactor(db(), bed.admin.cookie);
    await markSecondFactor(db(), second.cookie);

    const asked = await asAdmin().post(page, planForm(opportunity.id, NEW_ACCOUNT));
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("The new escrow account takes effect when another admin approves it.");
    expect((await planEscrow(opportunity.id)).escrowIban).toBe(electronic(IN_FORCE.iban));
    const [change] = await db().select().from(escrowAccountChanges).where(eq(escrowAccountChanges.opportunityId, opportunity.id));
    expect(change).toMatchObject({ status: "pending", takesEffectAt: null, requestedBy: bed.admin.id, escrowIban: electronic(NEW_ACCOUNT.iban) });
    // The other admin is asked to approve it (the mail names no account); the investor hears nothing yet.
    const [approval] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, second.email), eq(emailOutbox.kind, "escrow-change-approval")));
    expect(approval!.textBody).not.toContain("AE29");
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, holder.email))).toHaveLength(0);
    // Another account while one waits is refused.
    const another = await asAdmin().post(page, planForm(opportunity.id, { ...NEW_ACCOUNT, bank: "Another Bank" }));
    expect(another.status).toBe(409);

    // Its requester cannot approve it, even stepped up.
    const mine = await asAdmin().post(page, { formKey: "escrow-change-approve", intent: "escrow-change-approve", changeId: change!.id });
    expect(mine.status).toBe(403);
    expect(await mine.text()).toContain("You asked for this change: another admin must approve it.");
    // The second admin needs a fresh code too; with it, the new account is in force.
    await markSecondFactor(db(), second.cookie, STALE());
    const stale = await asSecond().post(page, { formKey: "escrow-change-approve", intent: "escrow-change-approve", changeId: change!.id });
    expect(stale.status).toBe(403);
    const approved = await asSecond().post(page, { formKey: "escrow-change-approve", intent: "escrow-change-approve", changeId: change!.id, stepUpCode: await freshCode(second) });
    expect(approved.status).toBe(200);
    expect((await planEscrow(opportunity.id)).escrowIban).toBe(electronic(NEW_ACCOUNT.iban));
    expect((await db().select().from(escrowAccountChanges).where(eq(escrowAccountChanges.id, change!.id)))[0]).toMatchObject({ status: "applied", decidedBy: second.id });
    const [mail] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, holder.email), eq(emailOutbox.kind, "escrow-changed")));
    expect(mail!.textBody).toContain(NEW_ACCOUNT.iban);
    const audited = await db().select({ action: auditLog.action, actorId: auditLog.actorId }).from(auditLog).where(eq(auditLog.entityId, opportunity.id));
    expect(audited).toEqual(expect.arrayContaining([{ action: "plan.escrow-change-request", actorId: bed.admin.id }, { action: "plan.escrow-change", actorId: second.id }]));
  });

  it("with one admin, holds an escrow change 24 hours: every committed investor is told at once in their language and never shown the new account as the one to pay; the job applies it once", { timeout: 120_000 }, async () => {
    const english = await investor("held-en");
    const arabic = await investor("held-ar", "ar");
    const opportunity = await planWithCommitments("Held Towers", [english, arabic]);
    const page = `/admin/commitments?opportunity=${opportunity.id}`;
    // The firm has one admin while this runs.
    await db().delete(userRoles).where(eq(userRoles.userId, second.id));
    try {
      await markSecondFactor(db(), bed.admin.cookie);
      const asked = await asAdmin().post(page, planForm(opportunity.id, NEW_ACCOUNT));
      expect(asked.status).toBe(200);
      expect(await asked.text()).toContain("committed investors have been told");
      const [change] = await db().select().from(escrowAccountChanges).where(eq(escrowAccountChanges.opportunityId, opportunity.id));
      const hold = change!.takesEffectAt!.getTime() - change!.requestedAt.getTime();
      expect(hold).toBe(24 * 60 * MINUTE);
      expect((await planEscrow(opportunity.id)).escrowIban).toBe(electronic(IN_FORCE.iban));
      // Its job waits for the end of the hold.
      const [job] = await bed.t.jobs.waiting("escrow-changes", change!.id);
      expect(job!.startAfter.getTime()).toBe(change!.takesEffectAt!.getTime());

      // Told at once: the bell and the mail, in each investor's language, the new account named by its last four only.
      for (const [who, subject] of [[english, "A change of the escrow account of Held Towers has been asked for"], [arabic, "طُلب تغيير حساب الضمان الخاص بـ Held Towers"]] as const) {
        expect(await db().select().from(notifications).where(and(eq(notifications.userId, who.id), eq(notifications.kind, "escrow-change-held")))).toHaveLength(1);
        const [mail] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, who.email), eq(emailOutbox.kind, "escrow-change-held")));
        expect(mail!.subject).toBe(subject);
        expect(mail!.textBody).toContain(IN_FORCE.iban);
        expect(mail!.textBody).toContain("8901");
        expect(mail!.textBody).not.toContain(NEW_ACCOUNT.iban);
      }
      // The portfolio shows the account in force as the one to pay, and the change beside it.
      const investorBrowser = new Browser(await signInCookie(bed.context, arabic.email, bed.password));
      const portfolio = await (await investorBrowser.get("/ar/portfolio")).text();
      expect(portfolio).toContain(IN_FORCE.iban);
      expect(portfolio).toContain("طُلب تغيير حساب الضمان هذا");
      expect(portfolio).toContain("8901");
      expect(portfolio).not.toContain(NEW_ACCOUNT.iban);
      expect(portfolio).not.toContain(electronic(NEW_ACCOUNT.iban));
      // The admin who asked cannot approve it; nobody else can: the page says it waits for its hold.
      expect(await (await asAdmin().get(page)).text()).toContain("it takes effect when its hold ends");

      // Before the hold ends the job does nothing; after it, two instances at once apply it once.
      expect(await applyHeldEscrowChange(bed.context, { changeId: change!.id })).toBe(false);
      await db().update(escrowAccountChanges).set({ takesEffectAt: ago(MINUTE) }).where(eq(escrowAccountChanges.id, change!.id));
      await bed.t.jobs.drop(db(), "escrow-changes", change!.id);
      expect(await requeueHeldEscrowChanges(db(), bed.t.jobs)).toBeGreaterThanOrEqual(1);
      await workEscrowChanges({ ...bed.context, log: bed.context.log, jobs: bed.t.jobs });
      const [one, two] = await Promise.all([applyHeldEscrowChange(bed.context, { changeId: change!.id }), applyHeldEscrowChange(bed.context, { changeId: change!.id })]);
      await expect.poll(async () => (await db().select().from(escrowAccountChanges).where(eq(escrowAccountChanges.id, change!.id)))[0]!.status, { timeout: 20_000 }).toBe("applied");
      expect([one, two].filter(Boolean).length).toBeLessThanOrEqual(1);
      expect((await planEscrow(opportunity.id)).escrowIban).toBe(electronic(NEW_ACCOUNT.iban));
      expect(await db().select().from(auditLog).where(and(eq(auditLog.entityId, opportunity.id), eq(auditLog.action, "plan.escrow-change")))).toHaveLength(1);
      for (const who of [english, arabic]) expect(await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, who.email), eq(emailOutbox.kind, "escrow-changed")))).toHaveLength(1);
    } finally {
      await db().insert(userRoles).values({ userId: second.id, role: "admin" }).onConflictDoNothing();
    }
  });

  it("takes a backup code once, and after five wrong codes refuses even a right one for a while", { timeout: 90_000 }, async () => {
    // An admin of its own: the refusals below last 15 minutes.
    const email = `stepup-locked-${Date.now()}@example.com`;
    const { id } = await createUser(db(), { email, password: bed.password, role: "admin" });
    const { cookie } = await enrolTwoFactor(bed.context, email, bed.password, await signInCookie(bed.context, email, bed.password));
    try {
      const admin = new Browser(cookie);
      const { backupCodes } = await bed.context.auth.api.viewBackupCodes({ body: { userId: id } });
      await markSecondFactor(db(), cookie, STALE());
      expect((await admin.post("/admin/step-up", { intent: "step-up", stepUpCode: backupCodes[0]! })).status).toBe(200);
      await markSecondFactor(db(), cookie, STALE());
      const again = await admin.post("/admin/step-up", { intent: "step-up", stepUpCode: backupCodes[0]! });
      expect(again.status).toBe(400);
      expect(await again.text()).toContain("That code is not valid.");
      // Four more wrong codes make five: then the right code is refused too, and nothing is recorded.
      for (let n = 0; n < 4; n++) expect((await admin.post("/admin/step-up", { intent: "step-up", stepUpCode: totpCode(totpKeyOf(email), 10 + n) })).status).toBe(400);
      const locked = await admin.post("/admin/step-up", { intent: "step-up", stepUpCode: await freshCode({ id, email }) });
      expect(locked.status).toBe(429);
      expect(await locked.text()).toContain("Too many wrong codes.");
      const [row] = await db().select().from(session).where(eq(session.token, sessionTokenOf(cookie)));
      expect(row!.secondFactorAt!.getTime()).toBeLessThan(Date.now() - 5 * MINUTE);
    } finally {
      await db().delete(userRoles).where(eq(userRoles.userId, id));
    }
  });

  it("stops a change on its hold: the account in force stays, the job is dropped and the investors are told", { timeout: 90_000 }, async () => {
    const holder = await investor("stopped");
    const opportunity = await planWithCommitments("Stopped Towers", [holder]);
    const page = `/admin/commitments?opportunity=${opportunity.id}`;
    await db().delete(userRoles).where(eq(userRoles.userId, second.id));
    try {
      await markSecondFactor(db(), bed.admin.cookie);
      expect((await asAdmin().post(page, planForm(opportunity.id, NEW_ACCOUNT))).status).toBe(200);
      const [change] = await db().select().from(escrowAccountChanges).where(eq(escrowAccountChanges.opportunityId, opportunity.id));
      // Stopping is the safe way: any admin, no code needed.
      await markSecondFactor(db(), bed.admin.cookie, STALE());
      expect((await asAdmin().post(page, { formKey: "escrow-change-stop", intent: "escrow-change-stop", changeId: change!.id })).status).toBe(200);
      expect((await db().select().from(escrowAccountChanges).where(eq(escrowAccountChanges.id, change!.id)))[0]).toMatchObject({ status: "stopped", decidedBy: bed.admin.id });
      expect(await bed.t.jobs.waiting("escrow-changes", change!.id)).toHaveLength(0);
      expect(await applyHeldEscrowChange(bed.context, { changeId: change!.id })).toBe(false);
      expect((await planEscrow(opportunity.id)).escrowIban).toBe(electronic(IN_FORCE.iban));
      expect(await db().select().from(notifications).where(and(eq(notifications.userId, holder.id), eq(notifications.kind, "escrow-change-stopped")))).toHaveLength(1);
      expect(await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, holder.email), eq(emailOutbox.kind, "escrow-change-stopped")))).toHaveLength(1);
      expect(await db().select().from(auditLog).where(and(eq(auditLog.entityId, opportunity.id), eq(auditLog.action, "plan.escrow-change-stop")))).toHaveLength(1);
    } finally {
      await db().insert(userRoles).values({ userId: second.id, role: "admin" }).onConflictDoNothing();
    }
  });
});
