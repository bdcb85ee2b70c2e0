import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import "~/i18n/catalogues.server";
import type { MailMessage, Mailer } from "~/server/email/mailer.server";
import { auditLog, emailOutbox, identityChecks, signingEvents, signingRequests, user } from "~/server/db/schema.server";
import { createDemoPlans, createOpportunity, createSubscription, createUser } from "~/server/seed/factories.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { deleteOwnAccount, exportOwnData } from "~/server/services/account-data.server";
import { exportInvestorPipelineCsv, exportPipelineCsv } from "~/server/services/exports.server";
import { getInvestorPipelineForAdmin, listPipelineForAdmin } from "~/server/services/pipeline.server";
import {
  agreementFile,
  getAgreementForSigner,
  listAgreementsForAdmin,
  listOwnAgreements,
  prepareAgreement,
  sendSigningCode,
  signAgreement,
  withdrawAgreement,
} from "~/server/services/signing.server";
import { createLogger } from "~/server/core/logger.server";
import { pdfsig, withOneByteChanged } from "../support/pdfsig";
import { createAdminTestbed, deliverWaitingMail, formRequest, getRequest, routeArgs, signInCookie, type AdminTestbed } from "./app-context";
import { loader as fileLoader } from "~/routes/agreement-file";
import { action as pageAction, loader as pageLoader } from "~/routes/account.agreement";
import { testDriver } from "./test-database";

/**
 * Issue 35, item 4: signing. An admin prepares an agreement for an investor whose identity
 * is approved; the investor alone (and admins) can read it; a code mailed to their verified
 * address, their name typed and a signature sign it; the signed PDF ends with the audit
 * trail, is sealed, and pdfsig finds the seal valid, and broken after one byte changes. Both
 * parties are mailed the sealed copy. Signed agreements outlive the account.
 */

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await createAdminTestbed("sign-");
});
afterAll(() => bed?.destroy());

const refusedWith = (code: string, message?: string) => (e: unknown) => e instanceof AppError && e.code === code && (message === undefined || e.message === message);
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
let clockNow = new Date("2026-11-28T09:00:00Z");
const ctx = () => ({ ...bed.context, clock: () => clockNow, clientAddress: "203.0.113.9" });

async function investor(prefix: string, options: { identity?: "approved" | "submitted" | null; locale?: "en" | "ar" | "ckb"; verified?: boolean } = {}) {
  const email = `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
  const { id } = await createUser(bed.t.db, { email, password: bed.password, firstName: "Samira", lastName: "Haddad", emailVerified: options.verified ?? true });
  if (options.locale) await bed.t.db.update(user).set({ locale: options.locale }).where(eq(user.id, id));
  if (options.identity !== null) await bed.t.db.insert(identityChecks).values({ userId: id, status: options.identity ?? "approved", documentType: "passport", submittedAt: new Date() });
  return { id, email, actor: { kind: "user", userId: id, isAdmin: false } as const };
}

const prepareForm = (email: string, opportunityId: string) => ({
  investorEmail: email,
  opportunityId,
  kind: "reservation" as const,
  unit: "Tower B, apartment 1204",
  amount: "1,250,000.50",
  currency: "USD" as const,
  paymentPlan: "20% on reservation, 30% at structure, 50% on handover",
});

/** The code mails to `email`, oldest first. */
async function codeMails(email: string) {
  const rows = await bed.t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "agreement-code")));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The six digits of the last code mailed to `email` (in the body: never in the subject). */
async function mailedCode(email: string): Promise<string> {
  return /\b(\d{6})\b/.exec((await codeMails(email)).at(-1)!.textBody)![1]!;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe(`signing agreements (${testDriver})`, () => {
  it("lets only admins prepare, for a verified investor whose identity is approved; the PDF is kept with its SHA-256, audited and the investor told", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Signing Tower" });
    const me = await investor("prep");
    for (const actor of [anonymous, me.actor, bed.investor.actor] as Actor[]) {
      await expect(prepareAgreement(ctx(), actor, prepareForm(me.email, opportunity.id))).rejects.toBeInstanceOf(AppError);
      await expect(listAgreementsForAdmin(ctx(), actor)).rejects.toBeInstanceOf(AppError);
    }
    const unverified = await investor("unverified", { verified: false });
    await expect(prepareAgreement(ctx(), bed.admin.actor, prepareForm(unverified.email, opportunity.id))).rejects.toSatisfy(refusedWith("BAD_REQUEST", "verification.signing.admin.investorUnknown"));
    await expect(prepareAgreement(ctx(), bed.admin.actor, prepareForm("nobody@example.com", opportunity.id))).rejects.toSatisfy(refusedWith("BAD_REQUEST"));
    const waiting = await investor("waiting", { identity: "submitted" });
    await expect(prepareAgreement(ctx(), bed.admin.actor, prepareForm(waiting.email, opportunity.id))).rejects.toSatisfy(refusedWith("CONFLICT", "verification.signing.admin.identityFirst"));

    const { id, reference } = await prepareAgreement(ctx(), bed.admin.actor, prepareForm(me.email.toUpperCase(), opportunity.id));
    expect(reference).toMatch(/^RA-[0-9A-F]{8}$/);
    const [row] = await bed.t.db.select().from(signingRequests).where(eq(signingRequests.id, id));
    expect(row!.amountMinor).toBe(125000050n);
    expect(row!.status).toBe("awaiting");
    const text = await pdfText(row!.preparedPdf);
    expect(text).toContain("RESERVATION AGREEMENT");
    expect(text).toMatch(/USD\s1,250,000\.50/);
    expect(text).toContain("Tower B, apartment 1204");
    expect(text).toContain("Samira Haddad");
    const audit = await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "signing.prepare"), eq(auditLog.entityId, id)));
    expect(audit).toHaveLength(1);
    const [ready] = await bed.t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, me.email), eq(emailOutbox.kind, "agreement-ready")));
    expect(ready!.textBody).toContain(`/account/agreements/${id}`);
  });

  it("shows an agreement to its investor and admins only, and its PDF likewise", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Private Tower" });
    const me = await investor("own");
    const other = await investor("other");
    const { id } = await prepareAgreement(ctx(), bed.admin.actor, prepareForm(me.email, opportunity.id));
    await expect(getAgreementForSigner(ctx(), anonymous, { id })).rejects.toSatisfy(refusedWith("UNAUTHENTICATED"));
    expect(await getAgreementForSigner(ctx(), other.actor, { id })).toBeUndefined();
    expect(await agreementFile(ctx(), other.actor, { id })).toBeUndefined();
    expect(await agreementFile(ctx(), me.actor, { id: "not-a-uuid" })).toBeUndefined();
    expect((await listOwnAgreements(ctx(), other.actor)).map((a) => a.id)).not.toContain(id);
    await expect(sendSigningCode(ctx(), other.actor, { id })).rejects.toSatisfy(refusedWith("NOT_FOUND"));
    // The investor's first view is on the trail (once); an admin's is not.
    expect((await getAgreementForSigner(ctx(), bed.admin.actor, { id }))!.mine).toBe(false);
    const mine = await getAgreementForSigner(ctx(), me.actor, { id });
    expect(mine!.mine).toBe(true);
    expect(mine!.text.paragraphs[0]).toBe("RESERVATION AGREEMENT");
    await getAgreementForSigner(ctx(), me.actor, { id });
    const views = await bed.t.db.select().from(signingEvents).where(and(eq(signingEvents.requestId, id), eq(signingEvents.event, "viewed")));
    expect(views).toHaveLength(1);
    expect((await agreementFile(ctx(), me.actor, { id }))!.signed).toBe(false);
    expect((await agreementFile(ctx(), bed.admin.actor, { id }))!.fileName).toMatch(/^RA-[0-9A-F]{8}\.pdf$/);
    expect((await listOwnAgreements(ctx(), me.actor)).map((a) => a.id)).toEqual([id]);
  });

  it("answers over its routes: the investor's page and PDF for them and admins, a not-found for another investor, sign-in for a visitor; the form's refusals in words", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Route Tower" });
    const me = await investor("route");
    const other = await investor("route-other");
    const { id } = await prepareAgreement(ctx(), bed.admin.actor, prepareForm(me.email, opportunity.id));
    const [mine, theirs] = await Promise.all([signInCookie(bed.context, me.email, bed.password), signInCookie(bed.context, other.email, bed.password)]);
    const pdf = (cookie: string | undefined) => fileLoader(routeArgs(getRequest(`/signed-agreements/${id}.pdf`, cookie ? { cookie } : {}), bed.context, { file: `${id}.pdf` })) as Promise<Response>;
    const own = await pdf(mine);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(own.headers.get("content-disposition")).toMatch(/^attachment; filename="RA-[0-9A-F]{8}\.pdf"; filename\*=UTF-8''RA-[0-9A-F]{8}\.pdf$/);
    expect((await pdf(bed.admin.cookie)).status).toBe(200);
    expect((await pdf(theirs)).status).toBe(404);
    expect((await pdf(undefined)).status).toBe(401);

    const page = (cookie: string | undefined) => pageLoader(routeArgs(getRequest(`/account/agreements/${id}`, cookie ? { cookie } : {}), bed.context, { id }));
    expect(((await page(mine)) as { agreement: { summary: { id: string } } }).agreement.summary.id).toBe(id);
    await expect(page(theirs)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(page(undefined)).rejects.toSatisfy((r: unknown) => r instanceof Response && r.status === 302);

    const post = (fields: Record<string, string>, cookie = mine) => pageAction(routeArgs(formRequest(`/account/agreements/${id}`, fields, { cookie }), bed.context, { id })) as unknown as Promise<{ data: { ok: boolean; message?: string; fieldErrors?: Record<string, string[]>; sentTo?: string }; init: { status?: number } | null }>;
    const empty = await post({ intent: "sign" });
    expect(empty.init?.status).toBe(400);
    expect(empty.data.fieldErrors).toMatchObject({ code: ["verification.signing.codeRequired"], typedName: ["verification.signing.nameRequired"], agree: ["verification.signing.agreeRequired"] });
    expect((await post({ intent: "code" })).data).toMatchObject({ ok: true, sentTo: me.email });
    const refused = await post({ intent: "code" }, theirs);
    expect(refused.init?.status).toBe(404);
    expect(refused.data.message).toBe("This agreement could not be found.");
  });

  it("is the same for every plan tier, and for none: an agreement is its investor's whatever they pay", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Tier Tower" });
    const plans = new Map((await createDemoPlans(bed.t.db)).map((p) => [p.name, p.id]));
    for (const plan of [null, ...plans.keys()]) {
      const me = await investor(`tier-${plan ?? "none"}`.toLowerCase());
      if (plan) await createSubscription(bed.t.db, { userId: me.id, planId: plans.get(plan)!, status: "active" });
      const { id } = await prepareAgreement(ctx(), bed.admin.actor, prepareForm(me.email, opportunity.id));
      expect((await getAgreementForSigner(ctx(), me.actor, { id }))?.mine, String(plan)).toBe(true);
      expect((await agreementFile(ctx(), me.actor, { id }))?.signed, String(plan)).toBe(false);
      expect(await getAgreementForSigner(ctx(), bed.investor.actor, { id }), String(plan)).toBeUndefined();
    }
  });

  it("signs only with the mailed code (a minute between codes, five tries, fifteen minutes) and the name on the agreement", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Code Tower" });
    const me = await investor("code");
    const { id } = await prepareAgreement(ctx(), bed.admin.actor, prepareForm(me.email, opportunity.id));
    const sign = (code: string, extra: Partial<{ typedName: string; style: "drawn" | "adopted"; signature: string }> = {}) =>
      signAgreement(ctx(), me.actor, { id, form: { code, typedName: "Samira Haddad", style: "adopted", signature: "", agree: "yes", ...extra } });

    await expect(sign("123456")).rejects.toSatisfy(refusedWith("BAD_REQUEST", "verification.signing.codeExpired"));
    expect(await sendSigningCode(ctx(), me.actor, { id })).toEqual({ sentTo: me.email });
    await expect(sendSigningCode(ctx(), me.actor, { id })).rejects.toSatisfy(refusedWith("RATE_LIMITED"));
    const code = await mailedCode(me.email);
    const wrong = code === "000000" ? "000001" : "000000";
    await expect(sign(code, { typedName: "Someone Else" })).rejects.toSatisfy(refusedWith("BAD_REQUEST", "verification.signing.nameMismatch"));
    await expect(sign(code, { style: "drawn", signature: "data:image/png;base64,AAAA" })).rejects.toSatisfy(refusedWith("BAD_REQUEST", "verification.signing.signatureRequired"));
    for (let i = 0; i < 5; i++) await expect(sign(wrong)).rejects.toSatisfy(refusedWith("BAD_REQUEST", "verification.signing.codeWrong"));
    // Five wrong tries spend the code, the right one included.
    await expect(sign(code)).rejects.toSatisfy(refusedWith("BAD_REQUEST", "verification.signing.codeExpired"));

    clockNow = new Date(clockNow.getTime() + 61_000);
    await sendSigningCode(ctx(), me.actor, { id });
    const second = await mailedCode(me.email);
    clockNow = new Date(clockNow.getTime() + 16 * 60_000);
    await expect(sign(second)).rejects.toSatisfy(refusedWith("BAD_REQUEST", "verification.signing.codeExpired"));
    expect((await bed.t.db.select().from(signingRequests).where(eq(signingRequests.id, id)))[0]!.status).toBe("awaiting");
  });

  it("mails the code in the body only, caps codes a day per agreement and per account, and counts wrong codes across codes (issue 52, item 6)", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Capped Tower" });
    const me = await investor("caps");
    const agreements = [];
    for (let i = 0; i < 3; i++) agreements.push((await prepareAgreement(ctx(), bed.admin.actor, prepareForm(me.email, opportunity.id))).id);
    const [first, second, third] = agreements as [string, string, string];
    const send = async (id: string) => {
      clockNow = new Date(clockNow.getTime() + 61_000);
      return sendSigningCode(ctx(), me.actor, { id });
    };
    const sign = (id: string, code: string) => signAgreement(ctx(), me.actor, { id, form: { code, typedName: "Samira Haddad", style: "adopted", signature: "", agree: "yes" } });

    await send(first);
    const [mail] = await codeMails(me.email);
    const code = await mailedCode(me.email);
    // Not in the subject (a locked phone shows it), nor before the words that say what it is for.
    expect(mail!.subject).toMatch(/^Your signing code for RA-[0-9A-F]{8}$/);
    expect(mail!.subject).not.toContain(code);
    expect(mail!.textBody.indexOf(code)).toBeGreaterThan(mail!.textBody.indexOf("Enter this code"));
    expect(mail!.html).toContain(code);

    // Five wrong codes spend the first code; five more on a second code reach the day's ten
    // for this agreement: a third code is mailed, but not even the right one signs today.
    const wrong = (right: string) => (right === "000000" ? "000001" : "000000");
    for (let i = 0; i < 5; i++) await expect(sign(first, wrong(code))).rejects.toSatisfy(refusedWith("BAD_REQUEST", "verification.signing.codeWrong"));
    await send(first);
    const again = await mailedCode(me.email);
    for (let i = 0; i < 5; i++) await expect(sign(first, wrong(again))).rejects.toSatisfy(refusedWith("BAD_REQUEST", "verification.signing.codeWrong"));
    await send(first);
    await expect(sign(first, await mailedCode(me.email))).rejects.toSatisfy(refusedWith("RATE_LIMITED", "verification.signing.triesToday"));

    // Five codes a day for one agreement (three sent so far).
    await send(first);
    await send(first);
    await expect(send(first)).rejects.toSatisfy(refusedWith("RATE_LIMITED", "verification.signing.codesToday"));
    // Ten a day for the account: five more on the second agreement, then none on the third.
    for (let i = 0; i < 5; i++) await send(second);
    const refused = await send(third).catch((e: unknown) => e);
    expect(refused).toSatisfy(refusedWith("RATE_LIMITED", "verification.signing.codesToday"));
    expect((refused as AppError).values).toEqual({ hours: 24 });
    expect(await codeMails(me.email)).toHaveLength(10);
  });

  it("refuses a drawn signature whose header says more than 2,000 x 1,000 pixels, before decoding it (issue 52, item 7)", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Pixel Tower" });
    const me = await investor("pixels");
    const { id } = await prepareAgreement(ctx(), bed.admin.actor, prepareForm(me.email, opportunity.id));
    clockNow = new Date(clockNow.getTime() + 61_000);
    await sendSigningCode(ctx(), me.actor, { id });
    const code = await mailedCode(me.email);
    // The review's file: a small PNG whose header says 40,000 x 40,000 pixels.
    const header = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
    header.writeUInt32BE(13, 8);
    header.write("IHDR", 12, "latin1");
    header.writeUInt32BE(40_000, 16);
    header.writeUInt32BE(40_000, 20);
    header.set([8, 6, 0, 0, 0], 24);
    const huge = `data:image/png;base64,${Buffer.concat([header, randomBytes(190_000)]).toString("base64")}`;
    const started = process.hrtime.bigint();
    await expect(signAgreement(ctx(), me.actor, { id, form: { code, typedName: "Samira Haddad", style: "drawn", signature: huge, agree: "yes" } })).rejects.toSatisfy(
      refusedWith("BAD_REQUEST", "verification.signing.signatureTooLarge"),
    );
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(2_000);
    // Refused before the code was looked at: no try spent, still waiting.
    const [row] = await bed.t.db.select().from(signingRequests).where(eq(signingRequests.id, id));
    expect([row!.status, row!.codeTries]).toEqual(["awaiting", 0]);
  });

  it("seals the signed PDF: the audit trail last, pdfsig reports it valid and whole, and broken after one byte changes; both parties get it", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Sealed Tower" });
    const me = await investor("seal");
    const { id, reference } = await prepareAgreement(ctx(), bed.admin.actor, prepareForm(me.email, opportunity.id));
    await getAgreementForSigner(ctx(), me.actor, { id });
    clockNow = new Date(clockNow.getTime() + 5 * 60_000);
    await sendSigningCode(ctx(), me.actor, { id });
    const code = await mailedCode(me.email);
    const { signedSha256 } = await signAgreement(ctx(), me.actor, { id, form: { code, typedName: "  samira  HADDAD ", style: "drawn", signature: PNG, agree: "yes" } });
    const [row] = await bed.t.db.select().from(signingRequests).where(eq(signingRequests.id, id));
    expect(row!.status).toBe("signed");
    expect(row!.signedSha256).toBe(signedSha256);
    expect(row!.signedIp).toBe("203.0.113.9");
    expect(row!.codeHash).toBeNull();
    if (process.env.SIGNED_PDF_OUT) writeFileSync(process.env.SIGNED_PDF_OUT, row!.signedPdf!);

    const report = pdfsig(row!.signedPdf!);
    expect(report).toContain("Signature is Valid");
    expect(report).toContain("Total document signed");
    expect(report).toContain("ETSI.CAdES.detached");
    expect(report).toMatch(/self-signed, not a trusted certificate/);
    const broken = pdfsig(withOneByteChanged(row!.signedPdf!));
    expect(broken).not.toContain("Signature is Valid");
    expect(broken).toMatch(/Digest Mismatch|Invalid/);

    const text = await pdfText(row!.signedPdf!);
    expect(text).toContain("Audit trail");
    expect(text).toContain(`SHA-256 of the agreement as prepared, before signing: ${row!.preparedSha256}`);
    expect(text).toContain(`after signing: ${row!.signedPagesSha256}`);
    for (const event of ["Prepared", "Opened by the investor", "Signing code e-mailed", "Signed with the code", "Sealed"]) expect(text).toContain(event);
    expect(text).toContain("203.0.113.9");
    expect(text).toContain(`Confirmed with a one-time code sent to ${me.email}`);
    // The trail says where the code went, and so does its event (issue 52, item 1).
    expect(text).toContain(`Signing code e-mailed to ${me.email}`);
    const codeEvents = await bed.t.db.select().from(signingEvents).where(and(eq(signingEvents.requestId, id), eq(signingEvents.event, "code_sent")));
    expect(codeEvents.map((e) => e.sentTo)).toEqual([me.email]);

    // Once only.
    await expect(signAgreement(ctx(), me.actor, { id, form: { code, typedName: "Samira Haddad", style: "adopted", signature: "", agree: "yes" } })).rejects.toSatisfy(refusedWith("CONFLICT"));
    expect((await agreementFile(ctx(), me.actor, { id }))!.fileName).toBe(`${reference}-signed.pdf`);

    // The investor and the admin each get the sealed copy, attached when the mail goes.
    const sent: MailMessage[] = [];
    const mailer: Mailer = { mode: "files", send: async (message) => void sent.push(message) };
    await deliverWaitingMail(bed.t.db, mailer, createLogger({ level: "silent", pretty: false }));
    for (const to of [me.email, bed.admin.email]) {
      const copy = sent.find((m) => m.to === to && m.attachments?.length);
      expect(copy, to).toBeDefined();
      expect(copy!.attachments![0]!.filename).toBe(`${reference}.pdf`);
      expect(Buffer.from(copy!.attachments![0]!.content).equals(Buffer.from(row!.signedPdf!))).toBe(true);
      expect(copy!.text).toContain(signedSha256);
    }
  });

  it("writes an Arabic investor's agreement in Arabic, and seals it too", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Arabic Tower" });
    const me = await investor("ar", { locale: "ar" });
    const { id } = await prepareAgreement(ctx(), bed.admin.actor, prepareForm(me.email, opportunity.id));
    const view = await getAgreementForSigner(ctx(), me.actor, { id });
    expect(view!.locale).toBe("ar");
    expect(view!.text.paragraphs[0]).toBe("اتفاقية حجز");
    clockNow = new Date(clockNow.getTime() + 5 * 60_000);
    await sendSigningCode(ctx(), me.actor, { id });
    await signAgreement(ctx(), me.actor, { id, form: { code: await mailedCode(me.email), typedName: "Samira Haddad", style: "adopted", signature: "", agree: "yes" } });
    const [row] = await bed.t.db.select().from(signingRequests).where(eq(signingRequests.id, id));
    expect(pdfsig(row!.signedPdf!)).toContain("Signature is Valid");
    const text = await pdfText(row!.signedPdf!);
    expect(text).toContain(me.email);
    expect(text).toContain(row!.preparedSha256);
    if (process.env.SIGNED_PDF_OUT) writeFileSync(process.env.SIGNED_PDF_OUT.replace(/\.pdf$/, "-ar.pdf"), row!.signedPdf!);
  });

  it("withdraws a waiting agreement (admins only, audited); it can then neither get a code nor be signed", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Withdrawn Tower" });
    const me = await investor("withdraw");
    const { id } = await prepareAgreement(ctx(), bed.admin.actor, prepareForm(me.email, opportunity.id));
    await expect(withdrawAgreement(ctx(), me.actor, { id })).rejects.toSatisfy(refusedWith("FORBIDDEN"));
    await withdrawAgreement(ctx(), bed.admin.actor, { id });
    await expect(withdrawAgreement(ctx(), bed.admin.actor, { id })).rejects.toSatisfy(refusedWith("CONFLICT"));
    await expect(sendSigningCode(ctx(), me.actor, { id })).rejects.toSatisfy(refusedWith("CONFLICT"));
    expect((await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "signing.withdraw"), eq(auditLog.entityId, id))))).toHaveLength(1);
  });

  it("keeps a signed agreement, without the account, when the account is deleted; the export lists it first", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Kept Tower" });
    const me = await investor("kept");
    const { id } = await prepareAgreement(ctx(), bed.admin.actor, prepareForm(me.email, opportunity.id));
    clockNow = new Date(clockNow.getTime() + 5 * 60_000);
    await sendSigningCode(ctx(), me.actor, { id });
    const { signedSha256 } = await signAgreement(ctx(), me.actor, { id, form: { code: await mailedCode(me.email), typedName: "Samira Haddad", style: "adopted", signature: "", agree: "yes" } });
    // The pipeline shows it as the last stage, per opportunity and per investor, and both CSVs say so.
    const [row] = await listPipelineForAdmin(ctx(), bed.admin.actor, { opportunityId: opportunity.id });
    expect(row).toMatchObject({ userId: me.id, stage: "signed", signing: { status: "signed", kind: "reservation" } });
    const path = await getInvestorPipelineForAdmin(ctx(), bed.admin.actor, { userId: me.id });
    expect(path!.opportunities).toEqual([expect.objectContaining({ title: "Kept Tower", stage: "signed" })]);
    const csvText = async (stream: ReadableStream<Uint8Array> | undefined) => new Response(stream).text();
    expect(await csvText(await exportPipelineCsv(ctx(), bed.admin.actor, { opportunityId: opportunity.id }))).toMatch(new RegExp(`${me.email},Reservation signed,.*,RA-[0-9A-F]{8},Signed,`));
    expect(await csvText(await exportInvestorPipelineCsv(ctx(), bed.admin.actor, { userId: me.id }))).toMatch(/Kept Tower,Reservation signed,.*,RA-[0-9A-F]{8},Signed,/);
    await expect(exportInvestorPipelineCsv(ctx(), me.actor, { userId: me.id })).rejects.toSatisfy(refusedWith("FORBIDDEN"));

    const exported = await exportOwnData(ctx(), me.actor);
    expect(exported.signedAgreements).toEqual([expect.objectContaining({ opportunity: "Kept Tower", status: "signed", signedSha256, kind: "reservation" })]);
    await deleteOwnAccount(bed.context, me.actor, { password: bed.password, sessionId: "unused" });
    expect(await bed.t.db.select().from(user).where(eq(user.id, me.id))).toEqual([]);
    const [kept] = await bed.t.db.select().from(signingRequests).where(eq(signingRequests.id, id));
    expect(kept!.userId).toBeNull();
    expect(kept!.signedSha256).toBe(signedSha256);
    expect(kept!.investorEmail).toBe(me.email);
  });
});

