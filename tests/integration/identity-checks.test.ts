import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { todayInZone } from "~/domain/calendar";
import type { IdentitySubmission } from "~/domain/identity-checks";
import "~/i18n/catalogues.server";
import { action as identityAction } from "~/routes/account.identity";
import { loader as fileLoader } from "~/routes/identity-file";
import { keyring, masterKey } from "~/server/core/envelope.server";
import { auditLog, emailOutbox, identityChecks, identityFiles, user } from "~/server/db/schema.server";
import { runIdentityMaintenance } from "~/server/ops/maintenance.server";
import { createUser } from "~/server/seed/factories.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";
import { deleteOwnAccount } from "~/server/services/account-data.server";
import {
  getOwnIdentityCheck,
  listIdentityChecksForAdmin,
  openIdentityFile,
  reviewIdentityCheck,
  submitIdentityCheck,
  type CheckedIdentityFile,
} from "~/server/services/identity-checks.server";
import { createAdminTestbed, routeArgs, signInCookie, type AdminTestbed } from "./app-context";
import { rewrapSealedFiles } from "~/server/storage/sealed-files.server";
import { testDriver } from "./test-database";

/**
 * Issue 35, item 2: identity checks. The files are sealed at rest (the database holds no
 * plaintext), open for their owner and admins only (an admin's opening audited), the admin
 * approves or rejects with a reason (audited, the investor mailed), approvals end and are
 * reminded of once, a master key rotation re-seals keys without touching the files, and a
 * deleted account's files stay for the retention period and then go.
 */

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await createAdminTestbed("kyc-");
});
afterAll(() => bed?.destroy());

/** A passport scan stand-in: a real PDF header and a name that must not be found in the database. */
const PASSPORT = new TextEncoder().encode("%PDF-1.4\n% PASSPORT P<GBRHADDAD<<SAMIRA<<<<<<<<< 5123456789\n%%EOF\n");
/** The smallest valid PNG (1x1), with a marker after its end the database must not show either. */
const BILL = Uint8Array.from([
  ...Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
  ...new TextEncoder().encode("UTILITY-BILL-42 RIVERSIDE"),
]);
const files = (): { identity_document: CheckedIdentityFile; proof_of_address: CheckedIdentityFile } => ({
  identity_document: { bytes: PASSPORT, name: "passport.pdf", contentType: "application/pdf" },
  proof_of_address: { bytes: BILL, name: "فاتورة.png", contentType: "image/png" },
});
const plain: IdentitySubmission = { documentType: "passport", throughEntity: false };

async function newInvestor(prefix: string): Promise<{ id: string; email: string; actor: Actor & { kind: "user" }; cookie: string }> {
  const email = `${prefix}-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`;
  const { id } = await createUser(bed.t.db, { email, password: bed.password });
  return { id, email, actor: { kind: "user", userId: id, isAdmin: false }, cookie: await signInCookie(bed.context, email, bed.password) };
}

const mailsTo = (to: string, kind: string) => bed.t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
const refusedWith = (code: string) => (e: unknown) => e instanceof AppError && e.code === code;

describe(`identity checks (${testDriver})`, () => {
  it("seals the files: the database holds neither the passport's text nor the bill's, and the owner opens them as sent", async () => {
    const me = await newInvestor("sealed");
    expect((await getOwnIdentityCheck(bed.context, me.actor)).status).toBe("not_started");
    await submitIdentityCheck(bed.context, me.actor, { form: plain, files: files() });

    const rows = await bed.t.db.select().from(identityFiles).innerJoin(identityChecks, eq(identityChecks.id, identityFiles.checkId)).where(eq(identityChecks.userId, me.id));
    expect(rows).toHaveLength(2);
    for (const { identity_files: file } of rows) {
      const stored = Buffer.from(file.ciphertext);
      expect(stored.includes(Buffer.from("HADDAD"))).toBe(false);
      expect(stored.includes(Buffer.from("UTILITY-BILL-42"))).toBe(false);
      expect(stored.includes(Buffer.from("%PDF-"))).toBe(false);
      expect(file.keyId).toBe(bed.context.config.identity.keys.current.id);
    }
    // Not in any column of the table, read back as text either.
    const dump = JSON.stringify(await bed.t.db.execute(`select encode(ciphertext, 'escape') as c, encode(wrapped_key, 'hex') as k from identity_files`));
    expect(dump).not.toContain("HADDAD");

    const own = await getOwnIdentityCheck(bed.context, me.actor);
    expect(own).toMatchObject({ status: "submitted", documentType: "passport", entity: null });
    const passport = own.files.find((f) => f.kind === "identity_document")!;
    const opened = await openIdentityFile(bed.context, me.actor, { id: passport.id });
    expect(Buffer.from(opened!.bytes)).toEqual(Buffer.from(PASSPORT));
    // Under the name the product builds (what it is, the day it was sent), never "passport.pdf" (decision 059).
    expect(opened).toMatchObject({ contentType: "application/pdf", fileName: `identity-passport-${todayInZone(bed.context.config.firmTimeZone)}.pdf` });
    // Every admin hears that a check waits; the mail names no file.
    const [notice] = await mailsTo(bed.admin.email, "identity-waiting");
    expect(notice?.textBody).not.toContain("passport.pdf");
  });

  it("opens a file for its owner and admins only: another investor and a visitor get nothing; each admin opening is audited", async () => {
    const me = await newInvestor("owner");
    const other = await newInvestor("other");
    await submitIdentityCheck(bed.context, me.actor, { form: plain, files: files() });
    const [file] = (await getOwnIdentityCheck(bed.context, me.actor)).files;
    expect(await openIdentityFile(bed.context, other.actor, { id: file!.id })).toBeUndefined();
    await expect(openIdentityFile(bed.context, anonymous, { id: file!.id })).rejects.toSatisfy(refusedWith("UNAUTHENTICATED"));
    expect(await openIdentityFile(bed.context, me.actor, { id: "not-a-uuid" })).toBeUndefined();
    expect((await openIdentityFile(bed.context, bed.admin.actor, { id: file!.id }))!.bytes.byteLength).toBeGreaterThan(0);
    const audit = await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "identity.file-open"), eq(auditLog.actorId, bed.admin.id)));
    expect(audit.some((a) => (a.after as { fileId?: string }).fileId === file!.id)).toBe(true);

    // Over the route: the owner gets the bytes, never cached; another investor the not-found answer.
    const get = (cookie: string | undefined) =>
      fileLoader(routeArgs(new Request(`${bed.context.config.siteUrl}/identity-files/${file!.id}`, { headers: cookie ? { Cookie: cookie } : {} }), bed.context, { id: file!.id })) as Promise<Response>;
    const mine = await get(me.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(mine.headers.get("content-security-policy")).toContain("sandbox");
    expect((await get(other.cookie)).status).toBe(404);
    expect((await get(undefined)).status).toBe(401);
  });

  it("lets only admins list and decide: a visitor and investors are refused; one waiting check is refused a second sending", async () => {
    const me = await newInvestor("matrix");
    await submitIdentityCheck(bed.context, me.actor, { form: plain, files: files() });
    const [check] = await bed.t.db.select().from(identityChecks).where(eq(identityChecks.userId, me.id));
    for (const actor of [anonymous, me.actor, bed.investor.actor] as Actor[]) {
      await expect(listIdentityChecksForAdmin(bed.context, actor)).rejects.toSatisfy(refusedWith("FORBIDDEN"));
      await expect(reviewIdentityCheck(bed.context, actor, { id: check!.id, decision: "approve" })).rejects.toSatisfy(refusedWith("FORBIDDEN"));
    }
    await expect(submitIdentityCheck(bed.context, me.actor, { form: plain, files: files() })).rejects.toSatisfy(refusedWith("CONFLICT"));
    expect((await listIdentityChecksForAdmin(bed.context, bed.admin.actor)).find((c) => c.id === check!.id)).toMatchObject({ status: "submitted", investor: { email: me.email } });
  });

  it("rejects with a reason the investor reads and is mailed, takes new files in place of the old, then approves for 24 months: each decision audited", async () => {
    const me = await newInvestor("decided");
    await submitIdentityCheck(bed.context, me.actor, { form: plain, files: files() });
    const [check] = await bed.t.db.select().from(identityChecks).where(eq(identityChecks.userId, me.id));
    const firstFiles = (await getOwnIdentityCheck(bed.context, me.actor)).files.map((f) => f.id);

    await reviewIdentityCheck(bed.context, bed.admin.actor, { id: check!.id, decision: "reject", reason: "The proof of address is older than three months." });
    expect(await getOwnIdentityCheck(bed.context, me.actor)).toMatchObject({ status: "rejected", rejectionReason: "The proof of address is older than three months." });
    // Decided already: a second decision finds nothing waiting.
    await expect(reviewIdentityCheck(bed.context, bed.admin.actor, { id: check!.id, decision: "approve" })).rejects.toSatisfy(refusedWith("NOT_FOUND"));

    await submitIdentityCheck(bed.context, me.actor, { form: { documentType: "national_id", throughEntity: true, entityName: "Haddad Holdings", entityNumber: "HH-1234", entityCountry: "United Arab Emirates" }, files: { ...files(), entity_registration: { bytes: PASSPORT, name: "registration.pdf", contentType: "application/pdf" } } });
    const again = await getOwnIdentityCheck(bed.context, me.actor);
    expect(again).toMatchObject({ status: "submitted", documentType: "national_id", entity: { name: "Haddad Holdings", number: "HH-1234", country: "United Arab Emirates" }, rejectionReason: null });
    expect(again.files.map((f) => f.kind).sort()).toEqual(["entity_registration", "identity_document", "proof_of_address"]);
    expect(again.files.some((f) => firstFiles.includes(f.id))).toBe(false);

    const at = new Date("2026-11-27T12:00:00Z");
    await reviewIdentityCheck({ ...bed.context, clock: () => at }, bed.admin.actor, { id: check!.id, decision: "approve" });
    const approved = await getOwnIdentityCheck(bed.context, me.actor);
    expect(approved).toMatchObject({ status: "approved", expiresAt: "2028-11-27T12:00:00.000Z" });
    await expect(submitIdentityCheck(bed.context, me.actor, { form: plain, files: files() })).rejects.toSatisfy(refusedWith("CONFLICT"));
    const audit = await bed.t.db.select().from(auditLog).where(eq(auditLog.entityId, check!.id));
    expect(audit.map((a) => a.action).filter((a) => a !== "identity.file-open").sort()).toEqual(["identity.approve", "identity.reject"]);
    // Both decisions mailed to the investor's verified address: the reason in the first.
    const mails = await mailsTo(me.email, "identity-decision");
    expect(mails.map((m) => m.subject).sort()).toEqual(["We could not approve your identity check", "Your identity check is approved"]);
    expect(mails.find((m) => m.subject.startsWith("We could not"))!.textBody).toContain("The proof of address is older than three months.");
    expect(mails.find((m) => m.subject.startsWith("Your identity"))!.textBody).toContain("Nov 27, 2028");
  });

  it("mails the decision in the investor's language, and nothing to an address nobody verified", async () => {
    const email = `verified-kyc-${Date.now()}@example.com`;
    const { id } = await createUser(bed.t.db, { email, password: bed.password, emailVerified: true });
    await bed.t.db.update(user).set({ locale: "ar" }).where(eq(user.id, id));
    const actor = { kind: "user", userId: id, isAdmin: false } as const;
    await submitIdentityCheck(bed.context, actor, { form: plain, files: files() });
    const [check] = await bed.t.db.select().from(identityChecks).where(eq(identityChecks.userId, id));
    await reviewIdentityCheck(bed.context, bed.admin.actor, { id: check!.id, decision: "reject", reason: "الصورة غير واضحة." });
    const [mail] = await mailsTo(email, "identity-decision");
    expect(mail?.subject).toBe("تعذّر علينا اعتماد التحقق من هويتك");
    expect(mail?.textBody).toContain("الصورة غير واضحة.");
    const unverified = await createUser(bed.t.db, { email: `unverified-kyc-${Date.now()}@example.com`, password: bed.password, emailVerified: false });
    const theirs = { kind: "user", userId: unverified.id, isAdmin: false } as const;
    await submitIdentityCheck(bed.context, theirs, { form: plain, files: files() });
    const [pending] = await bed.t.db.select().from(identityChecks).where(eq(identityChecks.userId, unverified.id));
    await reviewIdentityCheck(bed.context, bed.admin.actor, { id: pending!.id, decision: "approve" });
    expect(await mailsTo(unverified.email, "identity-decision")).toHaveLength(0);
  });

  it("ends approvals that ran out and reminds once, 30 days before; re-seals keys after a rotation without touching the files", async () => {
    const me = await newInvestor("ending");
    await submitIdentityCheck(bed.context, me.actor, { form: plain, files: files() });
    const [check] = await bed.t.db.select().from(identityChecks).where(eq(identityChecks.userId, me.id));
    await reviewIdentityCheck(bed.context, bed.admin.actor, { id: check!.id, decision: "approve" });
    const ends = new Date(Date.now() + 20 * 24 * 3_600_000);
    await bed.t.db.update(identityChecks).set({ expiresAt: ends }).where(eq(identityChecks.id, check!.id));
    const deps = { db: bed.t.db, config: bed.context.config, jobs: bed.context.jobs };
    await runIdentityMaintenance(deps);
    await runIdentityMaintenance(deps);
    const [row] = await bed.t.db.select().from(identityChecks).where(eq(identityChecks.id, check!.id));
    expect(row!.reminderSentAt).not.toBeNull();
    expect(row!.status).toBe("approved");
    await runIdentityMaintenance(deps, new Date(ends.getTime() + 1000));
    expect((await getOwnIdentityCheck(bed.context, me.actor)).status).toBe("expired");

    // Rotation: the new key seals, the old one only opens until every key is sealed again.
    const before = await bed.t.db.select().from(identityFiles).where(eq(identityFiles.checkId, check!.id));
    const newKey = randomBytes(32);
    const rotated = keyring([newKey, bed.context.config.identity.keys.current.key]);
    expect(await rewrapSealedFiles(bed.t.db, rotated)).toBeGreaterThanOrEqual(2);
    const after = await bed.t.db.select().from(identityFiles).where(eq(identityFiles.checkId, check!.id));
    for (const file of after) {
      const was = before.find((b) => b.id === file.id)!;
      expect(file.keyId).toBe(masterKey(newKey).id);
      expect(Buffer.from(file.wrappedKey)).not.toEqual(Buffer.from(was.wrappedKey));
      expect(Buffer.from(file.ciphertext)).toEqual(Buffer.from(was.ciphertext));
    }
    const onlyNew = { ...bed.context, config: { ...bed.context.config, identity: { ...bed.context.config.identity, keys: keyring([newKey]) } } };
    const reopened = await openIdentityFile(onlyNew, me.actor, { id: after.find((f) => f.kind === "identity_document")!.id });
    expect(Buffer.from(reopened!.bytes)).toEqual(Buffer.from(PASSPORT));
    // Rotate back for the other tests.
    await rewrapSealedFiles(bed.t.db, keyring([bed.context.config.identity.keys.current.key, newKey]));
  });

  it("keeps a deleted account's check and files, without the account, for the retention period, then removes them", async () => {
    const me = await newInvestor("leaving");
    await submitIdentityCheck(bed.context, me.actor, { form: plain, files: files() });
    const [check] = await bed.t.db.select().from(identityChecks).where(eq(identityChecks.userId, me.id));
    await deleteOwnAccount(bed.context, me.actor, { password: bed.password, sessionId: "unused" });
    const [kept] = await bed.t.db.select().from(identityChecks).where(eq(identityChecks.id, check!.id));
    expect(kept!.userId).toBeNull();
    expect(kept!.retainUntil!.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 5);
    expect(await bed.t.db.select().from(identityFiles).where(eq(identityFiles.checkId, check!.id))).toHaveLength(2);
    const deps = { db: bed.t.db, config: bed.context.config, jobs: bed.context.jobs };
    expect((await runIdentityMaintenance(deps)).purged).toBe(0);
    expect((await runIdentityMaintenance(deps, new Date(kept!.retainUntil!.getTime() + 1000))).purged).toBe(1);
    expect(await bed.t.db.select().from(identityFiles).where(eq(identityFiles.checkId, check!.id))).toHaveLength(0);
  });

  it("answers the page's form: a missing document type, a file that is not a PDF, JPEG or PNG, and missing files, each by its field", async () => {
    const me = await newInvestor("form");
    const body = new FormData();
    body.set("identity_document", new File([new TextEncoder().encode("MZ not a document")], "setup.exe", { type: "application/pdf" }));
    const request = new Request(`${bed.context.config.siteUrl}/account/identity`, {
      method: "POST",
      headers: { Origin: bed.context.config.siteUrl, Cookie: me.cookie, [CLIENT_IP_HEADER]: "203.0.113.61" },
      body,
    });
    const result = (await identityAction(routeArgs(request, bed.context))) as unknown as { data: { ok: boolean; fieldErrors?: Record<string, string[]> }; init: { status?: number } | null };
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      documentType: ["verification.identity.documentTypeRequired"],
      identity_document: ["verification.identity.fileWrongType"],
      proof_of_address: ["verification.identity.fileMissing"],
    });
    expect((await getOwnIdentityCheck(bed.context, me.actor)).status).toBe("not_started");
  });
});
