import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, emailChanges, emailOutbox, identityChecks, session, signingEvents, signingRequests, user } from "~/server/db/schema.server";
import { createOpportunity, createUser } from "~/server/seed/factories.server";
import { exportOwnData } from "~/server/services/account-data.server";
import { prepareAgreement } from "~/server/services/signing.server";
import { totpCode } from "../support/totp";
import { createAdminTestbed, enrolTwoFactor, signInCookie, type AdminTestbed } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { testDriver } from "./test-database";

/**
 * Issue 52, item 1, over real HTTP against the built server: with only a session cookie,
 * `POST /account/security intent=change-email` moved the account to another address, whose
 * signing code then signed an agreement whose sealed PDF named the old address. Now the
 * change needs the password (and a second-factor code where it is on; a mailed code on an
 * account without a password); a confirmed change voids the waiting signing codes; the code
 * goes to, and the event and the PDF name, the address it was sent to; the old address can
 * undo the change for 72 hours, once, ending every session.
 */

let app: RealApp;
let bed: AdminTestbed;
beforeAll(async () => {
  app = await listenForApp();
  bed = await createAdminTestbed("email-http-", { SITE_URL: app.base });
  await app.mount({ parts: bed.context, database: bed.t });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await bed?.destroy();
});

const db = () => bed.t.db;
const unique = (label: string) => `${label}-${randomBytes(4).toString("hex")}@example.com`;

/** A form posted as the browser posts it without scripts; redirects are not followed. */
async function post(pathname: string, fields: Record<string, string>, cookie?: string) {
  const response = await fetch(`${app.base}${pathname}`, {
    method: "POST",
    headers: { Origin: app.base, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}
const get = (url: string, cookie?: string) => fetch(url.startsWith("http") ? url : `${app.base}${url}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

/** An investor with a password, signed in; `twoFactor` sets up an authenticator first. */
async function investor(label: string, options: { twoFactor?: boolean; identity?: boolean } = {}) {
  const email = unique(label);
  const { id } = await createUser(db(), { email, password: bed.password, firstName: "Samira", lastName: "Haddad" });
  if (options.identity) await db().insert(identityChecks).values({ userId: id, status: "approved", documentType: "passport", submittedAt: new Date() });
  let cookie = await signInCookie(bed.context, email, bed.password);
  let key: string | undefined;
  if (options.twoFactor) ({ cookie, key } = await enrolTwoFactor(bed.context, email, bed.password, cookie));
  return { id, email, cookie, key };
}

const emailOf = async (id: string) => (await db().select({ email: user.email }).from(user).where(eq(user.id, id)))[0]?.email;
const mailsTo = (to: string, kind: string) =>
  db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind))).orderBy(asc(emailOutbox.createdAt));
/** The first link in the newest mail of `kind` to `to` whose path holds `path`. */
async function linkIn(to: string, kind: string, path: string): Promise<string> {
  const mail = (await mailsTo(to, kind)).at(-1);
  const link = mail?.textBody.match(/https?:\/\/\S+/g)?.find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link in a ${kind} mail to ${to}`);
  return link;
}
const changeEmail = (cookie: string, fields: Record<string, string>) => post("/account/security", { intent: "change-email", ...fields }, cookie);

/** Asks for the change with the password and opens the link mailed to the new address. */
async function changeAndConfirm(me: { cookie: string }, newEmail: string) {
  const asked = await changeEmail(me.cookie, { newEmail, password: bed.password });
  expect(asked.status, asked.text.slice(0, 200)).toBe(200);
  const link = await linkIn(newEmail, "confirm-new-email", "/api/auth/verify-email");
  const opened = await get(link);
  expect(opened.status).toBe(302);
  return link;
}

describe(`changing the e-mail address, over real HTTP (${testDriver})`, () => {
  it("refuses a change made with the session cookie alone; the password (and the second factor where it is on) makes it", async () => {
    const me = await investor("cookie-only");
    const attacker = unique("attacker");
    const bare = await changeEmail(me.cookie, { newEmail: attacker });
    expect(bare.status).toBe(400);
    expect(bare.text).toContain("Enter your current password");
    const wrong = await changeEmail(me.cookie, { newEmail: attacker, password: "not the password" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("That password is not correct.");
    expect(await mailsTo(attacker, "confirm-new-email")).toEqual([]);
    expect(await db().select().from(emailChanges).where(eq(emailChanges.userId, me.id))).toEqual([]);

    const withTwoFactor = await investor("two-factor", { twoFactor: true });
    const passwordOnly = await changeEmail(withTwoFactor.cookie, { newEmail: attacker, password: bed.password });
    expect(passwordOnly.status).toBe(400);
    expect(passwordOnly.text).toContain("Enter a code from your authenticator app or a backup code");
    const wrongCode = await changeEmail(withTwoFactor.cookie, { newEmail: attacker, password: bed.password, code: totpCode(withTwoFactor.key!) === "000000" ? "000001" : "000000" });
    expect(wrongCode.status).toBe(400);
    expect(await mailsTo(attacker, "confirm-new-email")).toEqual([]);
    const moved = unique("moved-2fa");
    const proved = await changeEmail(withTwoFactor.cookie, { newEmail: moved, password: bed.password, code: totpCode(withTwoFactor.key!) });
    expect(proved.status, proved.text.slice(0, 300)).toBe(200);
    expect(await mailsTo(moved, "confirm-new-email")).toHaveLength(1);

    const newEmail = unique("moved");
    await changeAndConfirm(me, newEmail);
    expect(await emailOf(me.id)).toBe(newEmail);
  });

  it("asks an account without a password for a code mailed to its current address, in the body only", async () => {
    const me = await investor("google-only");
    await db().delete(account).where(eq(account.userId, me.id));
    await db().insert(account).values({ id: crypto.randomUUID(), accountId: "google-sub-email", providerId: "google", userId: me.id });
    const newEmail = unique("google-moved");
    const page = await (await get("/account/security", me.cookie)).text();
    expect(page).toContain("E-mail me a code");
    expect(page).not.toContain('name="password"');

    const guessed = await changeEmail(me.cookie, { newEmail, code: "123456" });
    expect(guessed.status).toBe(400);
    expect(guessed.text).toContain("That code has expired or was already used. Ask for a new one.");
    expect((await post("/account/security", { intent: "email-change-code" }, me.cookie)).status).toBe(200);
    const [mail] = await mailsTo(me.email, "email-change-code");
    const code = /\b(\d{6})\b/.exec(mail!.textBody)![1]!;
    expect(mail!.subject).not.toContain(code);
    expect((await changeEmail(me.cookie, { newEmail, code: code === "000000" ? "000001" : "000000" })).status).toBe(400);
    expect((await changeEmail(me.cookie, { newEmail, code })).status).toBe(200);
    expect(await mailsTo(newEmail, "confirm-new-email")).toHaveLength(1);
    // Once only.
    expect((await changeEmail(me.cookie, { newEmail, code })).status).toBe(400);
  });

  it("voids the waiting signing code when the address changes; the next code goes to the new address, and the event and sealed PDF name the address each code went to", async () => {
    const me = await investor("signer", { identity: true });
    const opportunity = await createOpportunity(db(), { title: "Moved Tower" });
    const { id } = await prepareAgreement(bed.context, bed.admin.actor, {
      investorEmail: me.email,
      opportunityId: opportunity.id,
      kind: "reservation",
      unit: "B-1204",
      amount: "250,000",
      currency: "USD",
      paymentPlan: "All on handover",
    });
    const page = `/account/agreements/${id}`;
    expect((await post(page, { intent: "code" }, me.cookie)).status).toBe(200);
    const oldCode = /\b(\d{6})\b/.exec((await mailsTo(me.email, "agreement-code")).at(-1)!.textBody)![1]!;

    const newEmail = unique("signer-moved");
    await changeAndConfirm(me, newEmail);
    const [voided] = await db().select().from(signingRequests).where(eq(signingRequests.id, id));
    expect([voided!.codeHash, voided!.codeSentTo]).toEqual([null, null]);
    const sign = (code: string) => post(page, { intent: "sign", code, typedName: "Samira Haddad", style: "adopted", agree: "yes" }, me.cookie);
    const refused = await sign(oldCode);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("That code has expired or was tried too often. Ask for a new code.");

    // A minute after the first code, the next goes to the account's address now.
    await db().update(signingRequests).set({ codeSentAt: new Date(Date.now() - 61_000) }).where(eq(signingRequests.id, id));
    expect((await post(page, { intent: "code" }, me.cookie)).status).toBe(200);
    const newCode = /\b(\d{6})\b/.exec((await mailsTo(newEmail, "agreement-code")).at(-1)!.textBody)![1]!;
    expect((await sign(newCode)).status).toBe(200);

    const events = await db().select().from(signingEvents).where(and(eq(signingEvents.requestId, id), eq(signingEvents.event, "code_sent"))).orderBy(asc(signingEvents.at));
    expect(events.map((e) => e.sentTo)).toEqual([me.email, newEmail]);
    const pdf = await get(`/signed-agreements/${id}.pdf`, me.cookie);
    expect(pdf.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(`Confirmed with a one-time code sent to ${newEmail}`);
    expect(flat).not.toContain(`Confirmed with a one-time code sent to ${me.email}`);
    expect(flat).toContain(`Signing code e-mailed to ${me.email}`);
    expect(flat).toContain(`Signing code e-mailed to ${newEmail}`);
  });

  it("lets the old address undo a confirmed change for 72 hours, once: the old address back, every session ended, codes voided, the change's link dead", async () => {
    const me = await investor("undo", { identity: true });
    const opportunity = await createOpportunity(db(), { title: "Undo Tower" });
    const newEmail = unique("undo-moved");
    const confirmLink = await changeAndConfirm(me, newEmail);
    expect(await emailOf(me.id)).toBe(newEmail);

    // The old address is told, with the undo link; the page asks before anything changes.
    const [notice] = await mailsTo(me.email, "security-email-changed");
    expect(notice!.textBody).toContain("Undo this change");
    const undo = await linkIn(me.email, "security-email-changed", "/auth/undo-email-change");
    const shown = await (await get(undo)).text();
    expect(shown).toContain("Undo the change");
    expect(await emailOf(me.id)).toBe(newEmail);

    // Meanwhile a code was sent to the new address: the undo voids it.
    const { id } = await prepareAgreement(bed.context, bed.admin.actor, { investorEmail: newEmail, opportunityId: opportunity.id, kind: "reservation", unit: "C-3", amount: "100,000", currency: "USD", paymentPlan: "All on handover" });
    expect((await post(`/account/agreements/${id}`, { intent: "code" }, me.cookie)).status).toBe(200);

    const token = new URL(undo).searchParams.get("token")!;
    const undone = await post("/auth/undo-email-change", { token });
    expect(undone.status).toBe(200);
    expect(undone.text).toContain("is your account&#x27;s address again");
    expect(await emailOf(me.id)).toBe(me.email);
    expect(await db().select().from(session).where(eq(session.userId, me.id))).toEqual([]);
    expect((await get("/account/security", me.cookie)).status).toBe(302);
    expect((await db().select().from(signingRequests).where(eq(signingRequests.id, id)))[0]!.codeHash).toBeNull();
    expect(await mailsTo(me.email, "security-email-change-undone")).toHaveLength(1);

    // Once only; and the change's own link, still within its 24 hours, changes nothing now.
    expect((await post("/auth/undo-email-change", { token })).status).toBe(409);
    const replay = await get(confirmLink);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/account/security?email=link-expired");
    expect(await emailOf(me.id)).toBe(me.email);

    // The investor's own copy of their data lists the change and its undoing, and no token.
    const copy = await exportOwnData(bed.context, { kind: "user", userId: me.id, isAdmin: false });
    expect(copy.emailChanges).toEqual([
      { oldEmail: me.email, newEmail, requestedAt: expect.any(String), confirmedAt: expect.any(String), undoneAt: expect.any(String), voidedAt: null },
    ]);
    expect(JSON.stringify(copy)).not.toContain(token);
  });

  it("refuses an undo after 72 hours, and an undo of an earlier change also voids the later ones' links", async () => {
    const late = await investor("undo-late");
    const lateEmail = unique("late-moved");
    await changeAndConfirm(late, lateEmail);
    const lateUndo = new URL(await linkIn(late.email, "security-email-changed", "/auth/undo-email-change")).searchParams.get("token")!;
    await db().update(emailChanges).set({ undoExpiresAt: new Date(Date.now() - 60_000) }).where(eq(emailChanges.userId, late.id));
    const expired = await post("/auth/undo-email-change", { token: lateUndo });
    expect(expired.status).toBe(409);
    expect(expired.text).toContain("This link has expired: a change can be undone for 72 hours.");
    expect(await emailOf(late.id)).toBe(lateEmail);
    expect(await (await get(`/auth/undo-email-change?token=${lateUndo}`)).text()).toContain("This link has expired");

    // A -> B, then B -> C (the address changed again meanwhile): A's link brings A back and
    // B's link (which whoever holds B could use) no longer works.
    const chain = await investor("undo-chain");
    const b = unique("chain-b");
    const c = unique("chain-c");
    await changeAndConfirm(chain, b);
    const undoA = new URL(await linkIn(chain.email, "security-email-changed", "/auth/undo-email-change")).searchParams.get("token")!;
    await changeAndConfirm(chain, c);
    const undoB = new URL(await linkIn(b, "security-email-changed", "/auth/undo-email-change")).searchParams.get("token")!;
    expect((await post("/auth/undo-email-change", { token: undoA })).status).toBe(200);
    expect(await emailOf(chain.id)).toBe(chain.email);
    expect((await post("/auth/undo-email-change", { token: undoB })).status).toBe(409);
    expect(await emailOf(chain.id)).toBe(chain.email);
    expect((await post("/auth/undo-email-change", { token: "not-a-token" })).status).toBe(400);
    expect((await post("/auth/undo-email-change", {})).status).toBe(400);
    // A body the action does not expect is a clear 400, never a 500.
    const json = await fetch(`${app.base}/auth/undo-email-change`, { method: "POST", headers: { Origin: app.base, "Content-Type": "application/json" }, body: JSON.stringify({ token: undoA }), redirect: "manual" });
    expect(json.status).toBe(400);
    expect((await get(`/auth/undo-email-change?token=${"x".repeat(5000)}`)).status).toBe(200);
  });
});
