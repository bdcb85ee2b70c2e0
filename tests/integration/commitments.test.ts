import { createHash, randomBytes } from "node:crypto";
import { extractText, getDocumentProxy } from "unpdf";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { certifySchema, dateAfter, escrowAccountKey, progressUpdateSchema, confirmPaymentSchema, manualCommitmentSchema, planSchema, rejectPaymentSchema, transferSchema } from "~/domain/escrow";
import { todayInZone } from "~/domain/calendar";
import "~/i18n/catalogues.server";
import { openDatabase } from "~/server/db/client.server";
import { opportunityInterests, auditLog, paymentPlans, paymentProofs, callReminders, commitments, constructionMilestones, emailOutbox, escrowAccountChanges, identityChecks, instalmentCalls, payments, user } from "~/server/db/schema.server";
import { createOpportunity, createUser } from "~/server/seed/factories.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { exportOwnData } from "~/server/services/account-data.server";
import { getCommitment, listCommitmentsForAdmin, recordCommitment } from "~/server/services/commitments.server";
import { certifyMilestone, sendDueReminders } from "~/server/services/instalment-calls.server";
import { getPlan, savePlan } from "~/server/services/payment-plans.server";
import { applyHeldEscrowChange } from "~/server/services/escrow-changes.server";
import { currentStatement, listOwnStatements, opportunityLedger, sendQuarterlyStatements, statementFile } from "~/server/services/statements.server";
import { latestProgress, listOwnProgressUpdates, listProgressUpdatesForAdmin, openProgressUpdate, postProgressUpdate } from "~/server/services/progress-updates.server";
import { getOwnPortfolio } from "~/server/services/portfolio.server";
import { confirmPayment, listOwnPayments, listPaymentsForAdmin, openPaymentProof, receiptFile, recordTransfer, rejectPayment } from "~/server/services/payments.server";
import { prepareAgreement, sendSigningCode, signAgreement } from "~/server/services/signing.server";
import { keyring } from "~/server/core/envelope.server";
import { rewrapSealedFiles } from "~/server/storage/sealed-files.server";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";
import { loader as portfolioLoader, action as portfolioAction } from "~/routes/portfolio";
import { loader as portfolioFileLoader } from "~/routes/portfolio-file";
import { loader as updateLoader } from "~/routes/portfolio.update";
import { action as commitmentsAction, loader as commitmentsLoader } from "~/routes/admin.commitments";
import { loader as exportLoader } from "~/routes/admin.export";
import { callDatedInstalments } from "~/server/services/instalment-calls.server";
import { publicProgress } from "~/server/services/progress-updates.server";
import { sql } from "drizzle-orm";
import { deleteOpportunity } from "~/server/services/opportunities.server";
import { investmentOpportunities } from "~/server/db/schema.server";
import { scanPdf } from "../support/pdf-fixtures";
import { createAdminTestbed, getRequest, markSecondFactor, routeArgs, signInCookie, SITE_URL, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * Issue 36, items 1–3: a signed reservation becomes a commitment; an opportunity's payment
 * plan (escrow account and instalments adding up to 100 %); a certified milestone calls
 * its instalments on every commitment, split exactly, and mails each investor in their
 * language; reminders 7 and 1 days before and 3 days after, each once, with two
 * instances and the clock moved forward.
 */

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await createAdminTestbed("commit-");
});
afterAll(() => bed?.destroy());

const refusedWith = (code: string, message?: string) => (e: unknown) => e instanceof AppError && e.code === code && (message === undefined || e.message === message);
let clockNow = new Date("2026-11-28T09:00:00Z");
const ctx = () => ({ ...bed.context, clock: () => clockNow, clientAddress: "203.0.113.9" });

const ESCROW = { bank: "Emirates NBD", accountName: "Tigris Towers Escrow", iban: "AE07 0331 2345 6789 0123 456", bic: "ebiladad" };

async function investor(prefix: string, locale: "en" | "ar" | "ckb" = "en") {
  const email = `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
  const { id } = await createUser(bed.t.db, { email, password: bed.password, firstName: "Samira", lastName: "Haddad", emailVerified: true });
  await bed.t.db.update(user).set({ locale }).where(eq(user.id, id));
  await bed.t.db.insert(identityChecks).values({ userId: id, status: "approved", documentType: "passport", submittedAt: new Date() });
  return { id, email, actor: { kind: "user", userId: id, isAdmin: false } as const };
}

/** Four instalments: 10 % on booking, 20 % at the foundation, 30 % at level 12, 40 % on handover. */
const fourInstalments = [
  { label: "Booking", share: "10", dueKind: "milestone", milestone: "booking" },
  { label: "Foundation", share: "20", dueKind: "milestone", milestone: "foundation" },
  { label: "Level 12", share: "30", dueKind: "milestone", milestone: "structure", level: "12" },
  { label: "Handover", share: "40", dueKind: "milestone", milestone: "handover" },
];
const planFor = (opportunityId: string, escrow = ESCROW, instalments: object[] = fourInstalments) => planSchema.parse({ opportunityId, escrow, instalments });

/** An investor signs a reservation for `amount` `currency` (the issue 35 flow, through its services). */
async function signReservation(who: Awaited<ReturnType<typeof investor>>, opportunityId: string, amount: string, currency: "USD" | "AED" | "IQD" | "JOD" = "USD") {
  const { id } = await prepareAgreement(ctx(), bed.admin.actor, { investorEmail: who.email, opportunityId, kind: "reservation", unit: "B-1204", amount, currency, paymentPlan: "As the payment plan" });
  await sendSigningCode(ctx(), who.actor, { id });
  const [mail] = await bed.t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, who.email), eq(emailOutbox.kind, "agreement-code"))).orderBy(desc(emailOutbox.createdAt)).limit(1);
  const code = /\b(\d{6})\b/.exec(mail!.textBody)![1]!;
  await signAgreement(ctx(), who.actor, { id, form: { code, typedName: "Samira Haddad", style: "adopted", signature: "", agree: "yes" } });
  return id;
}

const mailsTo = (email: string, kind: string) => bed.t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind))).orderBy(asc(emailOutbox.createdAt));
const milestoneOf = async (opportunityId: string, kind: string) => (await bed.t.db.select().from(constructionMilestones).where(and(eq(constructionMilestones.opportunityId, opportunityId), eq(constructionMilestones.kind, kind as "booking")))).at(0)!;
const callsOf = (commitmentId: string) => bed.t.db.select().from(instalmentCalls).where(eq(instalmentCalls.commitmentId, commitmentId)).orderBy(asc(instalmentCalls.position));

describe(`commitments, payment plans and calls (${testDriver})`, () => {
  it("makes a signed reservation a commitment, once; an expression of interest is not one", async () => {
    clockNow = new Date("2026-11-28T09:00:00Z");
    const opportunity = await createOpportunity(bed.t.db, { title: "Commitment Tower" });
    const samira = await investor("signed");
    const agreementId = await signReservation(samira, opportunity.id, "1,250,000.50");
    const [made] = await bed.t.db.select().from(commitments).where(eq(commitments.signingRequestId, agreementId));
    expect(made).toMatchObject({ userId: samira.id, opportunityId: opportunity.id, unit: "B-1204", amountMinor: 125000050n, currency: "USD", source: "signed", investorEmail: samira.email });
    expect(await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "commitment.create"), eq(auditLog.entityId, made!.id)))).toHaveLength(1);

    const { id: interestId } = await prepareAgreement(ctx(), bed.admin.actor, { investorEmail: samira.email, opportunityId: opportunity.id, kind: "expression_of_interest", unit: "C-1", amount: "100", currency: "USD", paymentPlan: "-" });
    expect(await bed.t.db.select().from(commitments).where(eq(commitments.signingRequestId, interestId))).toHaveLength(0);

    // Its investor and admins read it; nobody else.
    const other = await investor("other");
    expect((await getCommitment(ctx(), samira.actor, { id: made!.id }))?.id).toBe(made!.id);
    expect((await getCommitment(ctx(), bed.admin.actor, { id: made!.id }))?.id).toBe(made!.id);
    expect(await getCommitment(ctx(), other.actor, { id: made!.id })).toBeUndefined();
    expect(await getCommitment(ctx(), anonymous, { id: made!.id })).toBeUndefined();
  });

  it("keeps a plan's shares at 100 % and its IBAN and BIC valid, for admins only", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Plan Tower" });
    const refused = (input: object) => planSchema.safeParse({ opportunityId: opportunity.id, escrow: ESCROW, instalments: fourInstalments, ...input }).error?.issues.map((i) => i.message);
    expect(refused({ escrow: { ...ESCROW, iban: "AE07 0331 2345 6789 0123 457" } })).toEqual(["escrow.plan.ibanInvalid"]);
    expect(refused({ escrow: { ...ESCROW, bic: "EBIL" } })).toEqual(["escrow.plan.bicInvalid"]);
    expect(refused({ instalments: fourInstalments.slice(0, 3) })).toEqual(["escrow.plan.sharesTotal"]);
    expect(refused({ instalments: [{ label: "All", share: "100", dueKind: "milestone", milestone: "structure", level: "0" }] })).toEqual(["escrow.plan.levelInvalid"]);
    expect(refused({ instalments: [{ label: "All", share: "100", dueKind: "date", dueDate: "2027-02-30" }] })).toEqual(["escrow.plan.dueDateInvalid"]);
    expect(refused({ instalments: [fourInstalments[0], { ...fourInstalments[0], share: "90" }] })).toEqual(["escrow.plan.milestoneTwice"]);
    expect(refused({ instalments: [] })).toEqual(["escrow.plan.instalmentsRequired"]);

    for (const actor of [anonymous, bed.investor.actor] as Actor[]) {
      await expect(savePlan(ctx(), actor, planFor(opportunity.id))).rejects.toBeInstanceOf(AppError);
      await expect(getPlan(ctx(), actor, { opportunityId: opportunity.id })).rejects.toBeInstanceOf(AppError);
    }
    await savePlan(ctx(), bed.admin.actor, planFor(opportunity.id));
    const plan = (await getPlan(ctx(), bed.admin.actor, { opportunityId: opportunity.id }))!;
    expect(plan.escrow).toEqual({ bank: "Emirates NBD", accountName: "Tigris Towers Escrow", iban: "AE070331234567890123456", bic: "EBILADAD" });
    expect(plan.instalments.map((i) => [i.label, i.sharePoints, i.milestone, i.level])).toEqual([
      ["Booking", 1000, "booking", null],
      ["Foundation", 2000, "foundation", null],
      ["Level 12", 3000, "structure", 12],
      ["Handover", 4000, "handover", null],
    ]);
    expect(plan.milestones).toHaveLength(4);
    expect(plan.locked).toBe(false);

    // Until someone commits, the instalments can change; a milestone nothing waits for goes.
    await savePlan(ctx(), bed.admin.actor, planFor(opportunity.id, ESCROW, [{ label: "Deposit", share: "25", dueKind: "date", dueDate: "2027-01-15" }, { ...fourInstalments[3], share: "75" }]));
    const changed = (await getPlan(ctx(), bed.admin.actor, { opportunityId: opportunity.id }))!;
    expect(changed.instalments.map((i) => [i.label, i.dueKind, i.dueOn])).toEqual([
      ["Deposit", "date", "2027-01-15"],
      ["Handover", "milestone", null],
    ]);
    expect(changed.milestones.map((m) => m.kind)).toEqual(["handover"]);
    expect(await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "plan.save"), eq(auditLog.entityId, opportunity.id)))).toHaveLength(2);
  });

  it("calls a certified milestone's instalment on every commitment, split exactly, mailed in each investor's language with the escrow account", async () => {
    clockNow = new Date("2026-11-28T09:00:00Z");
    const opportunity = await createOpportunity(bed.t.db, { title: "Called Tower" });
    await savePlan(ctx(), bed.admin.actor, planFor(opportunity.id));
    const english = await investor("call-en");
    const arabic = await investor("call-ar", "ar");
    await signReservation(english, opportunity.id, "1,250,000.50");
    await signReservation(arabic, opportunity.id, "1,000.005", "JOD");
    const [mine] = await bed.t.db.select().from(commitments).where(eq(commitments.userId, english.id));
    const [theirs] = await bed.t.db.select().from(commitments).where(eq(commitments.userId, arabic.id));

    // The plan is in force: its instalments are fixed; the escrow account can change, audited and mailed:
    // the testbed's firm has one admin, so after a 24-hour hold the investors are told of at once (decision 058).
    expect((await getPlan(ctx(), bed.admin.actor, { opportunityId: opportunity.id }))!.locked).toBe(true);
    await expect(savePlan(ctx(), bed.admin.actor, planFor(opportunity.id, ESCROW, [{ ...fourInstalments[3], share: "100" }]))).rejects.toSatisfy(refusedWith("CONFLICT", "escrow.plan.locked"));
    const moved = { ...ESCROW, bank: "Mashreq Bank", iban: "AE29 0330 0000 1234 5678 901", bic: "BOMLAEAD" };
    expect(planSchema.safeParse({ opportunityId: opportunity.id, escrow: moved, instalments: fourInstalments }).success).toBe(true);
    const asked = await savePlan(ctx(), bed.admin.actor, planFor(opportunity.id, moved));
    expect(asked).toEqual({ escrow: "held", takesEffectAt: new Date(clockNow.getTime() + 24 * 3_600_000) });
    expect((await getPlan(ctx(), bed.admin.actor, { opportunityId: opportunity.id }))!.escrow.bank).toBe("Emirates NBD");
    expect(await mailsTo(english.email, "escrow-change-held")).toHaveLength(1);
    const [change] = await bed.t.db.select().from(escrowAccountChanges).where(eq(escrowAccountChanges.opportunityId, opportunity.id));
    clockNow = new Date(clockNow.getTime() + 24 * 3_600_000 + 60_000);
    expect(await applyHeldEscrowChange(ctx(), { changeId: change!.id })).toBe(true);
    clockNow = new Date("2026-11-28T09:00:00Z");
    expect((await getPlan(ctx(), bed.admin.actor, { opportunityId: opportunity.id }))!.escrow.bank).toBe("Mashreq Bank");
    expect(await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "plan.escrow-change"), eq(auditLog.entityId, opportunity.id)))).toHaveLength(1);
    const [changedEn] = await mailsTo(english.email, "escrow-changed");
    expect(changedEn!.subject).toBe("The escrow account of Called Tower has changed");
    expect(changedEn!.textBody).toContain("AE29 0330 0000 1234 5678 901");
    expect(changedEn!.textBody).toContain("will never change bank details by e-mail alone");
    expect(await mailsTo(arabic.email, "escrow-changed")).toHaveLength(1);

    // Certifying: admins only, a date not in the future and a note.
    const foundation = await milestoneOf(opportunity.id, "foundation");
    const form = certifySchema.parse({ milestoneId: foundation.id, certifiedOn: "2026-11-27", note: "Raft foundation poured and inspected." });
    expect(form.dueDays).toBe(30);
    for (const actor of [anonymous, english.actor] as Actor[]) await expect(certifyMilestone(ctx(), actor, form)).rejects.toBeInstanceOf(AppError);
    await expect(certifyMilestone(ctx(), bed.admin.actor, { ...form, certifiedOn: "2026-11-29" })).rejects.toSatisfy(refusedWith("BAD_REQUEST", "escrow.certify.dateInvalid"));
    expect(certifySchema.safeParse({ ...form, note: " ", dueDays: "0" }).error!.issues.map((i) => i.message).sort()).toEqual(["escrow.certify.dueDaysInvalid", "escrow.certify.noteRequired"]);

    expect(await certifyMilestone(ctx(), bed.admin.actor, form)).toEqual({ calls: 2 });
    await expect(certifyMilestone(ctx(), bed.admin.actor, form)).rejects.toSatisfy(refusedWith("CONFLICT", "escrow.certify.already"));
    expect(await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "milestone.certify"), eq(auditLog.entityId, foundation.id)))).toHaveLength(1);

    // 20 % of USD 1,250,000.50 is 250,000.10; 20 % of JOD 1,000.005 is 200.001.
    const [myCall] = await callsOf(mine!.id);
    expect(myCall).toMatchObject({ label: "Foundation", amountMinor: 25000010n, currency: "USD", dueOn: "2026-12-28", milestoneId: foundation.id });
    const [theirCall] = await callsOf(theirs!.id);
    expect(theirCall).toMatchObject({ amountMinor: 200001n, currency: "JOD", dueOn: "2026-12-28" });

    const [en] = await mailsTo(english.email, "instalment-call");
    expect(en!.subject).toBe("Instalment called: Foundation, Called Tower");
    expect(en!.textBody).toMatch(/USD\s250,000\.10/);
    expect(en!.textBody).toContain("Dec 28, 2026");
    expect(en!.textBody).toContain("IBAN: AE29 0330 0000 1234 5678 901");
    expect(en!.textBody).toContain("BIC (SWIFT): BOMLAEAD");
    expect(en!.textBody).toContain("will never change bank details by e-mail alone");
    const [ar] = await mailsTo(arabic.email, "instalment-call");
    expect(ar!.subject).toContain("استحقاق دفعة");
    expect(ar!.textBody).toMatch(/200\.001\sJOD/);
    expect(ar!.textBody).toContain("AE29 0330 0000 1234 5678 901");
    expect(ar!.textBody).not.toMatch(/[\u0660-\u0669]/);

    // A commitment made after the milestone was certified is called for it at once.
    const late = await investor("late");
    clockNow = new Date("2026-12-01T09:00:00Z");
    await signReservation(late, opportunity.id, "1,500,000,000", "IQD");
    const [lateCommitment] = await bed.t.db.select().from(commitments).where(eq(commitments.userId, late.id));
    expect((await callsOf(lateCommitment!.id)).map((c) => [c.label, c.amountMinor, c.currency, c.dueOn])).toEqual([["Foundation", 300000000n, "IQD", "2026-12-31"]]);

    // All four instalments of one commitment add up to it exactly.
    for (const kind of ["booking", "structure", "handover"]) {
      const m = await milestoneOf(opportunity.id, kind);
      await certifyMilestone(ctx(), bed.admin.actor, { milestoneId: m.id, certifiedOn: "2026-12-01", note: "Certified by the engineer.", dueDays: 30 });
    }
    const all = await callsOf(mine!.id);
    expect(all.map((c) => c.label)).toEqual(["Booking", "Foundation", "Level 12", "Handover"]);
    expect(all.reduce((sum, c) => sum + c.amountMinor, 0n)).toBe(125000050n);
    const jod = await callsOf(theirs!.id);
    expect(jod.reduce((sum, c) => sum + c.amountMinor, 0n)).toBe(1000005n);
  });

  it("lets admins record a commitment by hand, in the currency's own decimals", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Manual Tower" });
    const who = await investor("manual");
    const base = { investorEmail: who.email.toUpperCase(), opportunityId: opportunity.id, unit: "Villa 7", currency: "IQD" };
    expect(manualCommitmentSchema.safeParse({ ...base, amount: "250,000.5" }).error!.issues.map((i) => i.message)).toEqual(["escrow.commitment.amountInvalid"]);
    const form = manualCommitmentSchema.parse({ ...base, amount: "250,000,000", entityName: "Haddad Holdings Ltd" });
    for (const actor of [anonymous, who.actor] as Actor[]) {
      await expect(recordCommitment(ctx(), actor, form)).rejects.toBeInstanceOf(AppError);
      await expect(listCommitmentsForAdmin(ctx(), actor)).rejects.toBeInstanceOf(AppError);
    }
    await expect(recordCommitment(ctx(), bed.admin.actor, { ...form, investorEmail: "nobody@example.com" })).rejects.toSatisfy(refusedWith("BAD_REQUEST", "escrow.commitment.investorUnknown"));
    const { id } = await recordCommitment(ctx(), bed.admin.actor, form);
    const [listed] = await listCommitmentsForAdmin(ctx(), bed.admin.actor, { opportunityId: opportunity.id });
    expect(listed).toMatchObject({ id, amountMinor: 250000000n, currency: "IQD", entityName: "Haddad Holdings Ltd", source: "manual", userId: who.id });
    expect(await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "commitment.record"), eq(auditLog.entityId, id)))).toHaveLength(1);
  });

  it("reminds 7 days and 1 day before and 3 days after the due date, each once with two instances, and not once it is paid", async () => {
    clockNow = new Date("2026-11-28T09:00:00Z");
    const opportunity = await createOpportunity(bed.t.db, { title: "Reminded Tower" });
    await savePlan(ctx(), bed.admin.actor, planFor(opportunity.id));
    const unpaid = await investor("remind-unpaid");
    const payer = await investor("remind-paid", "ar");
    await signReservation(unpaid, opportunity.id, "400,000");
    await signReservation(payer, opportunity.id, "400,000");
    await certifyMilestone(ctx(), bed.admin.actor, { milestoneId: (await milestoneOf(opportunity.id, "booking")).id, certifiedOn: "2026-11-28", note: "Booking.", dueDays: 10 });
    const [unpaidCall] = await bed.t.db.select({ id: instalmentCalls.id }).from(instalmentCalls).innerJoin(commitments, eq(commitments.id, instalmentCalls.commitmentId)).where(eq(commitments.userId, unpaid.id));
    const [paidCall] = await bed.t.db.select({ id: instalmentCalls.id, commitmentId: instalmentCalls.commitmentId }).from(instalmentCalls).innerJoin(commitments, eq(commitments.id, instalmentCalls.commitmentId)).where(eq(commitments.userId, payer.id));
    const ours = [unpaidCall!.id, paidCall!.id];

    // A second instance: its own connections to the same database where the driver has them.
    const second = testDriver === "postgres" ? await openDatabase({ driver: "postgres", url: bed.t.url! }) : null;
    const contexts = [ctx(), { ...ctx(), db: second?.db ?? bed.t.db }];
    const runBoth = async (at: string) => {
      clockNow = new Date(at);
      await Promise.all(contexts.map((c) => sendDueReminders({ ...c, clock: () => clockNow })));
    };
    const sent = async () => (await bed.t.db.select().from(callReminders).where(inArray(callReminders.callId, ours))).map((r) => `${r.callId === unpaidCall!.id ? "unpaid" : "paid"}:${r.lead}`).sort();
    try {
      // Due 2026-12-08. Nothing yet on the 30th; the 7-day reminder on 1 December, once however often it runs.
      await runBoth("2026-11-30T09:00:00Z");
      expect(await sent()).toEqual([]);
      await runBoth("2026-12-01T06:00:00Z");
      await runBoth("2026-12-01T07:00:00Z");
      expect(await sent()).toEqual(["paid:before-7", "unpaid:before-7"]);

      // The payer's transfer is confirmed: no more reminders for them.
      await bed.t.db.insert(payments).values({ commitmentId: paidCall!.commitmentId, callId: paidCall!.id, transferredOn: "2026-12-02", amountMinor: 4000000n, currency: "USD", reference: "TT-1", status: "confirmed", receivedMinor: 4000000n, receiptNumber: `R-test-${randomBytes(3).toString("hex")}`, receiptPdf: new Uint8Array([1]) });
      await runBoth("2026-12-07T09:00:00Z");
      await runBoth("2026-12-11T09:00:00Z");
      await runBoth("2026-12-11T10:00:00Z");
      expect(await sent()).toEqual(["paid:before-7", "unpaid:after-3", "unpaid:before-1", "unpaid:before-7"]);
      // Nothing after the last one, however long it runs.
      await runBoth("2026-12-20T09:00:00Z");
      expect(await sent()).toHaveLength(4);

      const reminders = await mailsTo(unpaid.email, "instalment-reminder");
      expect(reminders.map((m) => m.subject)).toEqual(["Reminder: Booking is due in 7 days", "Reminder: Booking is due tomorrow", "Overdue: Booking, Reminded Tower"]);
      expect(reminders[2]!.textBody).toMatch(/USD\s40,000\.00/);
      const arabic = await mailsTo(payer.email, "instalment-reminder");
      expect(arabic).toHaveLength(1);
      expect(arabic[0]!.subject).toContain("تذكير");
    } finally {
      await second?.close();
    }
  });

  it("records a transfer with its sealed proof; an admin confirms part of it and a receipt PDF says what the database holds", async () => {
    clockNow = new Date("2026-11-28T09:00:00Z");
    const opportunity = await createOpportunity(bed.t.db, { title: "Paid Tower" });
    await savePlan(ctx(), bed.admin.actor, planFor(opportunity.id));
    const payer = await investor("payer");
    const other = await investor("payer-other");
    await signReservation(payer, opportunity.id, "1,000.005", "JOD");
    const [commitment] = await bed.t.db.select().from(commitments).where(eq(commitments.userId, payer.id));
    await certifyMilestone(ctx(), bed.admin.actor, { milestoneId: (await milestoneOf(opportunity.id, "booking")).id, certifiedOn: "2026-11-28", note: "Booking.", dueDays: 30 });
    const [call] = await callsOf(commitment!.id);
    expect(call!.amountMinor).toBe(100000n); // 10 % of JOD 1,000.005; the fils left over is on the largest instalment

    const proofBytes = new Uint8Array(Buffer.from("%PDF-1.4\n% a bank's confirmation of transfer TT-77 for JOD 100.000\n%%EOF\n"));
    const proof = { bytes: proofBytes, name: "confirmation.pdf", contentType: "application/pdf" as const };
    const form = transferSchema.parse({ commitmentId: commitment!.id, callId: call!.id, transferredOn: "2026-11-27", amount: "100.000", reference: "TT-77" });
    await expect(recordTransfer(ctx(), anonymous, { form, proof })).rejects.toSatisfy(refusedWith("UNAUTHENTICATED"));
    await expect(recordTransfer(ctx(), other.actor, { form, proof })).rejects.toSatisfy(refusedWith("NOT_FOUND"));
    await expect(recordTransfer(ctx(), payer.actor, { form, proof: null })).rejects.toSatisfy(refusedWith("BAD_REQUEST", "escrow.payment.proofMissing"));
    await expect(recordTransfer(ctx(), payer.actor, { form: { ...form, transferredOn: "2026-11-29" }, proof })).rejects.toSatisfy(refusedWith("BAD_REQUEST", "escrow.payment.dateInvalid"));
    await expect(recordTransfer(ctx(), payer.actor, { form: { ...form, amount: "100.0001" }, proof })).rejects.toSatisfy(refusedWith("BAD_REQUEST", "escrow.payment.amountInvalid"));
    const { id } = await recordTransfer(ctx(), payer.actor, { form, proof });
    expect(await mailsTo("commit-admin@example.com", "transfer-recorded")).toHaveLength(1);

    // The proof is sealed at rest: its bytes appear nowhere in the row; its investor and admins open it.
    const [sealed] = await bed.t.db.select().from(paymentProofs).where(eq(paymentProofs.paymentId, id));
    expect(Buffer.from(sealed!.ciphertext).includes(Buffer.from("TT-77"))).toBe(false);
    expect((await openPaymentProof(ctx(), payer.actor, { id }))!.bytes.equals(Buffer.from(proofBytes))).toBe(true);
    expect(await openPaymentProof(ctx(), other.actor, { id })).toBeUndefined();
    // Under the name the product builds (the day it was recorded), never the one it came with (decision 059).
    expect(await openPaymentProof(ctx(), bed.admin.actor, { id })).toMatchObject({ fileName: "transfer-proof-2026-11-28.pdf", contentType: "application/pdf" });
    expect(await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "payment.proof-open"), eq(auditLog.entityId, id)))).toHaveLength(1);
    // A master key rotation seals the proof's key again; it opens under the new key alone.
    const newKey = randomBytes(32);
    const current = bed.context.config.identity.keys.current.key;
    expect(await rewrapSealedFiles(bed.t.db, keyring([newKey, current]))).toBeGreaterThanOrEqual(1);
    const onlyNew = { ...ctx(), config: { ...bed.context.config, identity: { ...bed.context.config.identity, keys: keyring([newKey]) } } };
    expect((await openPaymentProof(onlyNew, payer.actor, { id }))!.bytes.equals(Buffer.from(proofBytes))).toBe(true);
    await rewrapSealedFiles(bed.t.db, keyring([current, newKey]));

    // Admins only decide; at most what was sent; once.
    const confirm = confirmPaymentSchema.parse({ paymentId: id, received: "99.995", note: "Bank charges of JOD 0.005 deducted." });
    for (const actor of [anonymous, payer.actor] as Actor[]) {
      await expect(confirmPayment(ctx(), actor, confirm)).rejects.toBeInstanceOf(AppError);
      await expect(listPaymentsForAdmin(ctx(), actor)).rejects.toBeInstanceOf(AppError);
    }
    await expect(confirmPayment(ctx(), bed.admin.actor, { ...confirm, received: "100.001" })).rejects.toSatisfy(refusedWith("BAD_REQUEST", "escrow.payment.receivedTooMuch"));
    expect((await listPaymentsForAdmin(ctx(), bed.admin.actor, { opportunityId: opportunity.id }))[0]).toMatchObject({ id, status: "recorded", amountMinor: 100000n, callLabel: "Booking" });
    const { receiptNumber } = await confirmPayment(ctx(), bed.admin.actor, confirm);
    expect(receiptNumber).toMatch(/^RC-2026-\d{6}$/);
    await expect(confirmPayment(ctx(), bed.admin.actor, confirm)).rejects.toSatisfy(refusedWith("CONFLICT", "escrow.payment.notWaiting"));
    await expect(rejectPayment(ctx(), bed.admin.actor, rejectPaymentSchema.parse({ paymentId: id, note: "Not seen." }))).rejects.toSatisfy(refusedWith("CONFLICT"));

    const [row] = await bed.t.db.select().from(payments).where(eq(payments.id, id));
    expect(row).toMatchObject({ status: "confirmed", receivedMinor: 99995n, receiptNumber });
    expect(row!.receiptSha256).toBe(createHash("sha256").update(row!.receiptPdf!).digest("hex"));
    // The receipt, for its investor and admins only, says exactly what the database holds.
    expect(await receiptFile(ctx(), other.actor, { id })).toBeUndefined();
    const receipt = (await receiptFile(ctx(), payer.actor, { id }))!;
    expect(receipt.fileName).toBe(`${receiptNumber}.pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(receipt.bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(`Receipt ${receiptNumber}`);
    expect(flat).toMatch(/Amount received JOD 99\.995/);
    expect(flat).toMatch(/Commitment JOD 1,000\.005/);
    expect(flat).toMatch(/Paid to date JOD 99\.995/);
    expect(flat).toMatch(/Still to pay on the commitment JOD 900\.010/);
    expect(flat).toContain("Booking");
    expect(flat).toContain("TT-77");
    expect(flat).toContain("AE07 0331 2345 6789 0123 456");
    const [mail] = await mailsTo(payer.email, "payment-confirmed");
    expect(mail!.receiptPaymentId).toBe(id);
    expect(mail!.subject).toBe(`Payment received: receipt ${receiptNumber}`);
    expect(await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "payment.confirm"), eq(auditLog.entityId, id)))).toHaveLength(1);

    // A second transfer that never arrived is marked so, with the reason mailed; receipts count on.
    const second = await recordTransfer(ctx(), payer.actor, { form: { ...form, reference: "TT-78" }, proof });
    await rejectPayment(ctx(), bed.admin.actor, rejectPaymentSchema.parse({ paymentId: second.id, note: "No such transfer on the escrow statement." }));
    const [rejected] = await mailsTo(payer.email, "payment-rejected");
    expect(rejected!.textBody).toContain("No such transfer on the escrow statement.");
    expect((await listOwnPayments(ctx(), payer.actor, { commitmentId: commitment!.id })).map((p) => p.status)).toEqual(["rejected", "confirmed"]);
    expect(await listOwnPayments(ctx(), other.actor, { commitmentId: commitment!.id })).toEqual([]);
    const third = await recordTransfer(ctx(), payer.actor, { form: { ...form, reference: "TT-79" }, proof });
    const next = await confirmPayment(ctx(), bed.admin.actor, confirmPaymentSchema.parse({ paymentId: third.id, received: "100.000" }));
    expect(Number(next.receiptNumber.slice(-6))).toBe(Number(receiptNumber.slice(-6)) + 1);
  });

  it("names on the receipt the escrow account shown when the transfer was recorded, refuses one recorded against an account changed meanwhile, and wraps a 140-character reference inside the page (en, ar)", async () => {
    clockNow = new Date("2026-11-28T09:00:00Z");
    const opportunity = await createOpportunity(bed.t.db, { title: "Receipt Tower" });
    await savePlan(ctx(), bed.admin.actor, planFor(opportunity.id));
    const payer = await investor("receipt-payer");
    await signReservation(payer, opportunity.id, "500,000");
    await certifyMilestone(ctx(), bed.admin.actor, { milestoneId: (await milestoneOf(opportunity.id, "booking")).id, certifiedOn: "2026-11-28", note: "Booking.", dueDays: 30 });
    const [commitment] = await bed.t.db.select().from(commitments).where(eq(commitments.userId, payer.id));
    const proof = { bytes: new Uint8Array(Buffer.from("%PDF-1.4\n% the bank's confirmation\n%%EOF\n")), name: "bank.pdf", contentType: "application/pdf" as const };
    // A SEPA transfer's reference may run to 140 characters, here without a space to break at.
    const reference = Array.from({ length: 140 }, (_, i) => "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"[i % 34]).join("");
    // The account the portfolio page shows, which its form carries back.
    const shown = (await getOwnPortfolio(ctx(), payer.actor)).commitments[0]!.escrow;
    expect(shown).toMatchObject({ bank: "Emirates NBD", iban: "AE070331234567890123456" });
    const transfer = (ref: string) => transferSchema.parse({ commitmentId: commitment!.id, transferredOn: "2026-11-27", amount: "10,000", reference: ref, escrowShown: escrowAccountKey(shown) });
    const paid = await recordTransfer(ctx(), payer.actor, { form: transfer(reference), proof });
    const olderForm = await recordTransfer(ctx(), payer.actor, { form: { ...transfer("TT-OLD"), escrowShown: undefined }, proof });

    // The account in force then changes (however an admin's change comes into force).
    const NEW = { escrowBank: "Rafidain Bank", escrowAccountName: "Receipt Tower Escrow Two", escrowIban: "IQ98NBIQ850123456789012", escrowBic: "RAFIIQBA" };
    await bed.t.db.update(paymentPlans).set(NEW).where(eq(paymentPlans.opportunityId, opportunity.id));
    // A form from the page as it was, posted after the change: nothing recorded, the investor asked to look again.
    const before = (await bed.t.db.select().from(payments).where(eq(payments.commitmentId, commitment!.id))).length;
    await expect(recordTransfer(ctx(), payer.actor, { form: transfer("TT-STALE"), proof })).rejects.toSatisfy(refusedWith("CONFLICT", "escrow.payment.escrowChanged"));
    expect((await bed.t.db.select().from(payments).where(eq(payments.commitmentId, commitment!.id))).length).toBe(before);
    // The admin deciding on the transfer sees the account it was recorded against, not the one now in force.
    const listed = await listPaymentsForAdmin(ctx(), bed.admin.actor, { opportunityId: opportunity.id });
    expect(listed.find((p) => p.id === paid.id)?.paidInto).toEqual({ bank: "Emirates NBD", iban: "AE07 0331 2345 6789 0123 456" });

    /** The receipt's text, and every piece of text on its pages with where it lies. */
    const receiptOf = async (id: string) => {
      const bytes = new Uint8Array((await receiptFile(ctx(), payer.actor, { id }))!.bytes);
      const doc = await getDocumentProxy(bytes.slice());
      const boxes: Array<{ str: string; x: number; right: number; pageWidth: number }> = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        for (const item of (await page.getTextContent()).items) {
          if ("str" in item && item.str.trim()) boxes.push({ str: item.str, x: item.transform[4] as number, right: (item.transform[4] as number) + item.width, pageWidth: page.view[2]! });
        }
      }
      return { text: (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text.replace(/\s+/g, " "), boxes };
    };
    // The writer's side margins are 62 pt (agreement-pdf.server.ts): nothing is drawn past them.
    const insideMargins = (boxes: Awaited<ReturnType<typeof receiptOf>>["boxes"]) => boxes.filter((b) => b.x < 62 - 0.5 || b.right > b.pageWidth - 62 + 0.5).map((b) => b.str);

    // Confirmed after the change, the receipt names the account the investor was shown and paid into.
    await confirmPayment(ctx(), bed.admin.actor, confirmPaymentSchema.parse({ paymentId: paid.id, received: "10,000" }));
    const en = await receiptOf(paid.id);
    expect(en.text).toContain("Paid into Emirates NBD, Tigris Towers Escrow, IBAN AE07 0331 2345 6789 0123 456, BIC EBILADAD");
    expect(en.text).not.toContain("Rafidain");
    // The reference is whole, over several lines, each inside the margins.
    expect(en.boxes.map((b) => b.str).join("").replace(/\s+/g, "")).toContain(reference);
    expect(en.boxes.filter((b) => reference.includes(b.str.trim())).length).toBeGreaterThan(1);
    expect(insideMargins(en.boxes)).toEqual([]);

    // A transfer recorded by a form without the account (a page from before it was kept) names the one in force;
    // in Arabic, the long reference wraps inside the page too.
    await bed.t.db.update(user).set({ locale: "ar" }).where(eq(user.id, payer.id));
    await bed.t.db.update(payments).set({ reference }).where(eq(payments.id, olderForm.id));
    const [older] = await bed.t.db.select().from(payments).where(eq(payments.id, olderForm.id));
    expect(older).toMatchObject({ escrowBank: "Emirates NBD", escrowIban: "AE070331234567890123456", escrowBic: "EBILADAD" });
    await bed.t.db.update(payments).set({ escrowBank: null, escrowAccountName: null, escrowIban: null, escrowBic: null }).where(eq(payments.id, olderForm.id));
    await confirmPayment(ctx(), bed.admin.actor, confirmPaymentSchema.parse({ paymentId: olderForm.id, received: "10,000" }));
    const ar = await receiptOf(olderForm.id);
    expect(ar.text).toContain("Rafidain Bank, Receipt Tower Escrow Two, IBAN IQ98 NBIQ 8501 2345 6789 012, BIC RAFIIQBA");
    expect(ar.boxes.map((b) => b.str).join("").replace(/\s+/g, "")).toContain(reference);
    expect(insideMargins(ar.boxes)).toEqual([]);
  });

  it("states each commitment's position exactly, per currency, now and each quarter (once, with two instances), and shows admins the ledger", async () => {
    clockNow = new Date("2026-11-28T09:00:00Z");
    const dollars = await createOpportunity(bed.t.db, { title: "Statement Tower" });
    const dinars = await createOpportunity(bed.t.db, { title: "Statement Villas" });
    await savePlan(ctx(), bed.admin.actor, planFor(dollars.id));
    await savePlan(ctx(), bed.admin.actor, planFor(dinars.id));
    const holder = await investor("statement");
    const stranger = await investor("statement-other");
    await signReservation(holder, dollars.id, "1,250,000.50");
    await signReservation(holder, dinars.id, "1,500,000,000", "IQD");
    for (const o of [dollars, dinars]) {
      await certifyMilestone(ctx(), bed.admin.actor, { milestoneId: (await milestoneOf(o.id, "booking")).id, certifiedOn: "2026-11-28", note: "Booking.", dueDays: 10 });
    }
    const [usd] = await bed.t.db.select().from(commitments).where(and(eq(commitments.userId, holder.id), eq(commitments.opportunityId, dollars.id)));
    const [usdCall] = await callsOf(usd!.id);
    const proof = { bytes: new Uint8Array(Buffer.from("%PDF-1.4\n%%EOF\n")), name: "proof.pdf", contentType: "application/pdf" };
    const paid = await recordTransfer(ctx(), holder.actor, { form: transferSchema.parse({ commitmentId: usd!.id, callId: usdCall!.id, transferredOn: "2026-11-28", amount: "100,000.00", reference: "TT-100" }), proof });
    await confirmPayment(ctx(), bed.admin.actor, confirmPaymentSchema.parse({ paymentId: paid.id, received: "100,000.00" }));

    // The account's own copy of its data lists them, exactly (issue 34's export, version 5).
    const copy = await exportOwnData(ctx(), holder.actor);
    expect(copy.commitments.map((c) => [c.opportunity, c.amount, c.source])).toEqual([
      ["Statement Tower", "1250000.50 USD", "signed"],
      ["Statement Villas", "1500000000 IQD", "signed"],
    ]);
    expect(copy.commitments[0]!.calls).toEqual([{ instalment: "Booking", amount: "125000.05 USD", dueOn: "2026-12-08", calledAt: expect.any(String) }]);
    expect(copy.commitments[0]!.payments).toEqual([expect.objectContaining({ amount: "100000.00 USD", received: "100000.00 USD", reference: "TT-100", status: "confirmed", receiptNumber: expect.stringMatching(/^RC-2026-/) })]);
    expect(JSON.stringify(await exportOwnData(ctx(), stranger.actor))).not.toContain("Statement Tower");

    // Today's statement, for the holder alone; figures as the database holds them.
    const { bytes } = await currentStatement(ctx(), holder.actor);
    const flat = (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(/\s+/g, " ");
    expect(flat).toContain("Your statement");
    // USD: committed 1,250,000.50; called 10 % = 125,000.05; paid 100,000.00; outstanding 25,000.05; not yet called 1,125,000.45.
    expect(flat).toMatch(/Statement Tower · B-1204 Committed USD 1,250,000\.50 Called USD 125,000\.05 Paid USD 100,000\.00 Outstanding \(called, not yet paid\) USD 25,000\.05 Not yet called USD 1,125,000\.45 Next due Booking: USD 25,000\.05 by Dec 8, 2026/);
    // IQD, whole dinars: called 150,000,000, nothing paid.
    expect(flat).toMatch(/Statement Villas · B-1204 Committed IQD 1,500,000,000 Called IQD 150,000,000 Paid IQD 0 Outstanding \(called, not yet paid\) IQD 150,000,000/);
    // Totals per currency, never added across.
    expect(flat).toMatch(/Total committed USD 1,250,000\.50 Total committed IQD 1,500,000,000/);
    expect(flat).toMatch(/Total paid USD 100,000\.00 Total paid IQD 0/);
    expect(flat).toContain("IBAN AE07 0331 2345 6789 0123 456");
    await expect(currentStatement(ctx(), anonymous)).rejects.toSatisfy(refusedWith("UNAUTHENTICATED"));
    const strangers = (await extractText(await getDocumentProxy(new Uint8Array((await currentStatement(ctx(), stranger.actor)).bytes)), { mergePages: true })).text;
    expect(strangers).not.toContain("Statement Tower");

    // The admins' ledger: by investor, with what is overdue once the due date has passed.
    for (const actor of [anonymous, holder.actor] as Actor[]) await expect(opportunityLedger(ctx(), actor, { opportunityId: dollars.id })).rejects.toBeInstanceOf(AppError);
    clockNow = new Date("2026-12-10T09:00:00Z");
    const [line] = await opportunityLedger(ctx(), bed.admin.actor, { opportunityId: dollars.id });
    expect(line).toMatchObject({ investorName: "Samira Haddad", committed: 125000050n, called: 12500005n, paid: 10000000n, outstanding: 2500005n, overdue: 2500005n, nextDue: { label: "Booking", remaining: 2500005n, dueOn: "2026-12-08" } });

    // The quarter's statements on 1 January, once however many instances send them.
    clockNow = new Date("2027-01-01T06:00:00Z");
    const second = { ...ctx(), clock: () => clockNow };
    await Promise.all([sendQuarterlyStatements(ctx()), sendQuarterlyStatements(second)]);
    await sendQuarterlyStatements(ctx());
    const kept = await listOwnStatements(ctx(), holder.actor);
    expect(kept.map((k) => [k.period, k.asOf])).toEqual([["2026-Q4", "2026-12-31"]]);
    const mails = await mailsTo(holder.email, "statement");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your statement for 2026-Q4");
    expect(mails[0]!.statementId).toBe(kept[0]!.id);
    expect(await statementFile(ctx(), stranger.actor, { id: kept[0]!.id })).toBeUndefined();
    const quarterly = (await extractText(await getDocumentProxy(new Uint8Array((await statementFile(ctx(), holder.actor, { id: kept[0]!.id }))!.bytes)), { mergePages: true })).text.replace(/\s+/g, " ");
    expect(quarterly).toContain("Statement for 2026-Q4");
    expect(quarterly).toContain("As of Dec 31, 2026");
    expect(quarterly).toMatch(/Paid USD 100,000\.00/);
  });

  it("posts progress updates to committed and interested investors in their language, records who opened them, and gives the page its latest status", async () => {
    clockNow = new Date("2026-11-28T09:00:00Z");
    const opportunity = await createOpportunity(bed.t.db, { title: "Progress Tower" });
    await savePlan(ctx(), bed.admin.actor, planFor(opportunity.id));
    const committed = await investor("progress-committed");
    const interested = await investor("progress-interested", "ar");
    const withdrawn = await investor("progress-withdrawn");
    const stranger = await investor("progress-stranger");
    await signReservation(committed, opportunity.id, "500,000");
    await bed.t.db.insert(opportunityInterests).values([
      { opportunityId: opportunity.id, userId: interested.id, amountUsd: 250000 },
      { opportunityId: opportunity.id, userId: withdrawn.id, amountUsd: 250000, withdrawnAt: new Date() },
    ]);
    expect(await latestProgress(bed.t.db, opportunity.id)).toBeUndefined();

    const refused = progressUpdateSchema.safeParse({ opportunityId: opportunity.id, status: "delayed", percent: "101", textEn: "x", textAr: "", textCkb: "y" });
    expect(refused.error!.issues.map((i) => i.message).sort()).toEqual(["escrow.progress.percentInvalid", "escrow.progress.textRequired"]);
    const form = progressUpdateSchema.parse({
      opportunityId: opportunity.id,
      status: "delayed",
      percent: "45",
      textEn: "The façade glass arrives three weeks late.\n\nStructure has reached level 18.",
      textAr: "يصل زجاج الواجهة متأخرًا ثلاثة أسابيع.",
      textCkb: "شووشەی ڕووکار سێ هەفتە دوا دەکەوێت.",
    });
    const PNG = { bytes: new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64")), extension: "png" as const };
    for (const actor of [anonymous, committed.actor] as Actor[]) {
      await expect(postProgressUpdate(ctx(), actor, form)).rejects.toBeInstanceOf(AppError);
      await expect(listProgressUpdatesForAdmin(ctx(), actor, { opportunityId: opportunity.id })).rejects.toBeInstanceOf(AppError);
    }
    await expect(postProgressUpdate(ctx(), bed.admin.actor, { ...form, photos: Array(7).fill(PNG) })).rejects.toSatisfy(refusedWith("BAD_REQUEST", "escrow.progress.tooManyPhotos"));
    const { id, told } = await postProgressUpdate(ctx(), bed.admin.actor, { ...form, photos: [PNG] });
    expect(told).toBe(2);
    const [en] = await mailsTo(committed.email, "progress-update");
    expect(en!.subject).toBe("Progress Tower: Delayed, 45 % built");
    expect(en!.textBody).toContain("The façade glass arrives three weeks late.");
    expect(en!.textBody).toContain(`/portfolio/updates/${id}`);
    const [ar] = await mailsTo(interested.email, "progress-update");
    expect(ar!.subject).toContain("متأخر");
    expect(ar!.textBody).toContain("يصل زجاج الواجهة متأخرًا ثلاثة أسابيع.");
    expect(await mailsTo(withdrawn.email, "progress-update")).toHaveLength(0);
    expect(await mailsTo(stranger.email, "progress-update")).toHaveLength(0);

    // In the portfolio, in the reader's language; opening it is recorded once; nobody else opens it.
    const mine = await listOwnProgressUpdates({ ...ctx(), locale: "en" }, committed.actor);
    expect(mine.map((u) => [u.id, u.read, u.status, u.percent])).toEqual([[id, false, "delayed", 45]]);
    expect(mine[0]!.photos).toHaveLength(1);
    expect(mine[0]!.photos[0]).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    expect(await openProgressUpdate(ctx(), stranger.actor, { id })).toBeUndefined();
    await expect(openProgressUpdate(ctx(), anonymous, { id })).rejects.toSatisfy(refusedWith("UNAUTHENTICATED"));
    clockNow = new Date("2026-11-29T10:00:00Z");
    expect((await openProgressUpdate({ ...ctx(), locale: "ar" }, interested.actor, { id }))!.text).toBe("يصل زجاج الواجهة متأخرًا ثلاثة أسابيع.");
    clockNow = new Date("2026-11-30T10:00:00Z");
    await openProgressUpdate(ctx(), interested.actor, { id });
    const [adminView] = await listProgressUpdatesForAdmin(ctx(), bed.admin.actor, { opportunityId: opportunity.id });
    expect(adminView!.readers.map((r) => [r.email, r.readAt?.toISOString() ?? null])).toEqual([
      [interested.email, "2026-11-29T10:00:00.000Z"],
      [committed.email, null],
    ]);
    expect(await latestProgress(bed.t.db, opportunity.id)).toMatchObject({ status: "delayed", percent: 45 });
    expect(await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "progress.post"), eq(auditLog.entityId, id)))).toHaveLength(1);
  });

  it("serves the portfolio, its files and its updates over their routes to the investor and admins only, and records a transfer posted as a form", async () => {
    clockNow = new Date("2026-11-28T09:00:00Z");
    const opportunity = await createOpportunity(bed.t.db, { title: "Route Towers" });
    await savePlan(ctx(), bed.admin.actor, planFor(opportunity.id));
    const me = await investor("route-me");
    const other = await investor("route-other");
    await signReservation(me, opportunity.id, "200,000");
    await certifyMilestone(ctx(), bed.admin.actor, { milestoneId: (await milestoneOf(opportunity.id, "booking")).id, certifiedOn: "2026-11-28", note: "Booking.", dueDays: 30 });
    const [commitment] = await bed.t.db.select().from(commitments).where(eq(commitments.userId, me.id));
    const [call] = await callsOf(commitment!.id);
    const [mine, theirs] = await Promise.all([signInCookie(bed.context, me.email, bed.password), signInCookie(bed.context, other.email, bed.password)]);

    // The page: its investor's figures; a visitor is sent to sign in; another investor sees only their own (none).
    const page = (cookie: string | undefined) => portfolioLoader(routeArgs(getRequest("/portfolio", cookie ? { cookie } : {}), bed.context)) as Promise<{ portfolio: { commitments: Array<{ id: string; called: bigint; calls: Array<{ id: string }> }> } }>;
    const own = await page(mine);
    expect(own.portfolio.commitments.map((c) => [c.id, c.called])).toEqual([[commitment!.id, 2000000n]]);
    expect((await page(theirs)).portfolio.commitments).toEqual([]);
    await expect(page(undefined)).rejects.toSatisfy((r: unknown) => r instanceof Response && r.status === 302);

    // Recording a transfer as the page's form posts it (multipart, with the bank's confirmation).
    const post = (fields: Record<string, string>, file: File | null, cookie = mine) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      if (file) body.set("proof", file);
      const request = new Request(`${SITE_URL}/portfolio`, { method: "POST", headers: { Origin: SITE_URL, Cookie: cookie, [CLIENT_IP_HEADER]: "203.0.113.7" }, body });
      return portfolioAction(routeArgs(request, bed.context)) as unknown as Promise<{ data: { ok: boolean; fieldErrors?: Record<string, string[]>; values?: Record<string, string> }; init: { status?: number } | null }>;
    };
    const pdf = new File([scanPdf("transfer TT-9")], "bank.pdf", { type: "application/pdf" });
    const refused = await post({ commitmentId: commitment!.id, callId: call!.id, transferredOn: "2026-11-28", amount: "20,000.001", reference: "" }, null);
    expect(refused.init?.status).toBe(400);
    expect(refused.data.fieldErrors).toMatchObject({ reference: ["escrow.payment.referenceRequired"], proof: ["escrow.payment.proofMissing"] });
    expect(refused.data.values).toMatchObject({ amount: "20,000.001" });
    const wrongType = await post({ commitmentId: commitment!.id, callId: call!.id, transferredOn: "2026-11-28", amount: "20,000", reference: "TT-9" }, new File(["plain text"], "note.txt", { type: "text/plain" }));
    expect(wrongType.data.fieldErrors?.proof).toEqual(["escrow.payment.proofWrongType"]);
    const someoneElses = await post({ commitmentId: commitment!.id, callId: call!.id, transferredOn: "2026-11-28", amount: "20,000", reference: "TT-9" }, pdf, theirs);
    expect(someoneElses.data.ok).toBe(false);
    expect(someoneElses.init?.status).toBe(404);
    const done = await post({ commitmentId: commitment!.id, callId: call!.id, transferredOn: "2026-11-28", amount: "20,000", reference: "TT-9" }, pdf);
    expect(done.data.ok).toBe(true);
    const [payment] = await bed.t.db.select().from(payments).where(eq(payments.commitmentId, commitment!.id));
    expect(payment).toMatchObject({ amountMinor: 2000000n, reference: "TT-9", status: "recorded" });
    await confirmPayment(ctx(), bed.admin.actor, confirmPaymentSchema.parse({ paymentId: payment!.id, received: "20,000" }));

    // The files: the investor's and admins'; anyone else gets not found; a visitor must sign in.
    const file = (kind: string, id: string, cookie: string | undefined) => portfolioFileLoader(routeArgs(getRequest(`/portfolio/files/${kind}/${id}`, cookie ? { cookie } : {}), bed.context, { kind, id })) as Promise<Response>;
    for (const [kind, id] of [["receipt", payment!.id], ["proof", payment!.id], ["statement", "today"]] as const) {
      const got = await file(kind, id, mine);
      expect(got.status, kind).toBe(200);
      expect(got.headers.get("cache-control")).toBe("private, no-store");
      expect(got.headers.get("content-disposition")).toMatch(/^attachment; /);
      expect(got.headers.get("content-security-policy")).toContain("sandbox");
      if (kind !== "statement") {
        expect((await file(kind, id, theirs)).status, kind).toBe(404);
        expect((await file(kind, id, bed.admin.cookie)).status, kind).toBe(200);
      }
      expect((await file(kind, id, undefined)).status, kind).toBe(401);
    }
    expect((await file("receipt", "not-a-uuid", mine)).status).toBe(404);
    expect((await file("nothing", payment!.id, mine)).status).toBe(404);
    // Today's statement is always one's own.
    const theirStatement = await (await file("statement", "today", theirs)).arrayBuffer();
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(theirStatement)), { mergePages: true });
    expect(text).not.toContain("Route Towers");

    // An update: to those it was sent to; opening it over the route records the reading.
    const { id: updateId } = await postProgressUpdate(ctx(), bed.admin.actor, progressUpdateSchema.parse({ opportunityId: opportunity.id, status: "on_track", percent: "12", textEn: "Piling is complete.", textAr: "اكتمل دق الركائز.", textCkb: "کۆڵەکەکان تەواو بوون." }));
    const update = (cookie: string | undefined) => updateLoader(routeArgs(getRequest(`/portfolio/updates/${updateId}`, cookie ? { cookie } : {}), bed.context, { id: updateId })) as Promise<{ update: { text: string } }>;
    expect((await update(mine)).update.text).toBe("Piling is complete.");
    await expect(update(theirs)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(update(undefined)).rejects.toSatisfy((r: unknown) => r instanceof Response && r.status === 302);
    const [adminView] = await listProgressUpdatesForAdmin(ctx(), bed.admin.actor, { opportunityId: opportunity.id });
    expect(adminView!.readers.find((r) => r.email === me.email)?.readAt).not.toBeNull();
  });

  it("runs /admin/commitments for admins: the plan posted as its form, a milestone certified with a photo, a transfer confirmed, the ledger and its CSV", async () => {
    clockNow = new Date("2026-11-28T09:00:00Z");
    const opportunity = await createOpportunity(bed.t.db, { title: "Admin Page Towers" });
    const me = await investor("admin-page");
    const cookie = await signInCookie(bed.context, me.email, bed.password);
    // The admin has just proved a second factor before each of these (decision 058; the step-up is tested in step-up-over-http.test.ts).
    const post = async (body: URLSearchParams | FormData, as = bed.admin.cookie) => {
      await markSecondFactor(bed.t.db, bed.admin.cookie);
      const headers = new Headers({ Origin: SITE_URL, Cookie: as, [CLIENT_IP_HEADER]: "203.0.113.7" });
      if (body instanceof URLSearchParams) headers.set("Content-Type", "application/x-www-form-urlencoded");
      return commitmentsAction(routeArgs(new Request(`${SITE_URL}/admin/commitments`, { method: "POST", headers, body }), bed.context)) as unknown as Promise<{ data: { ok: boolean; message?: string; created?: number; receipt?: string; fieldErrors?: Record<string, string[]> }; init: { status?: number } | null }>;
    };
    // The plan as the page posts it: the escrow fields, then each row's six fields in order (blank rows are none).
    const planForm = (shares: string[]) => {
      const body = new URLSearchParams({ intent: "plan-save", opportunityId: opportunity.id, bank: ESCROW.bank, accountName: ESCROW.accountName, iban: ESCROW.iban, bic: ESCROW.bic });
      const rows = [
        ["Booking", shares[0]!, "milestone", "", "booking", ""],
        ["Level 12", shares[1]!, "milestone", "", "structure", "12"],
        ["Completion", shares[2]!, "date", "2027-06-30", "", ""],
        ["", "", "milestone", "", "", ""],
      ];
      for (const row of rows) ["label", "share", "dueKind", "dueDate", "milestone", "level"].forEach((name, i) => body.append(name, row[i]!));
      return body;
    };
    const short = await post(planForm(["10", "abc", "50"]));
    expect(short.init?.status).toBe(400);
    expect(short.data.fieldErrors).toEqual({ "share.1": ["Enter a share above 0 and at most 100, with at most two decimals."] });
    const notWhole = await post(planForm(["10", "30", "50"]));
    expect(notWhole.data.fieldErrors).toEqual({ instalments: ["The instalments' shares must add up to exactly 100 %."] });
    expect((await post(planForm(["10", "30", "60"]))).data.ok).toBe(true);
    const plan = (await getPlan(ctx(), bed.admin.actor, { opportunityId: opportunity.id }))!;
    expect(plan.instalments.map((i) => [i.label, i.sharePoints, i.dueKind, i.dueOn, i.milestone, i.level])).toEqual([
      ["Booking", 1000, "milestone", null, "booking", null],
      ["Level 12", 3000, "milestone", null, "structure", 12],
      ["Completion", 6000, "date", "2027-06-30", null, null],
    ]);
    // An investor may not post to it.
    expect((await post(planForm(["10", "30", "60"]), cookie)).init?.status).toBe(403);

    // An update posted before anyone follows the opportunity (as the page posts it) goes to nobody.
    const update = new FormData();
    for (const [k, v] of Object.entries({ intent: "progress-post", opportunityId: opportunity.id, status: "on_track", percent: "5", textEn: "The site is fenced.", textAr: "سُيّج الموقع.", textCkb: "شوێنەکە پەرژین کرا." })) update.set(k, v);
    expect((await post(update)).data).toMatchObject({ ok: true, created: 0 });

    await signReservation(me, opportunity.id, "1,000,000.01");
    const [commitment] = await bed.t.db.select().from(commitments).where(eq(commitments.userId, me.id));
    // Committing, the investor is given the updates so far, unread and not mailed.
    expect((await listOwnProgressUpdates(ctx(), me.actor)).map((u) => [u.text, u.read])).toEqual([["The site is fenced.", false]]);
    expect(await mailsTo(me.email, "progress-update")).toEqual([]);

    // Certify the booking as the page does (multipart, one photograph); a second photo that is not one is refused.
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const certify = (photos: File[]) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({ intent: "milestone-certify", milestoneId: plan.milestones.find((m) => m.kind === "booking")!.id, certifiedOn: "2026-11-27", note: "Reservations open; the site is fenced.", dueDays: "" })) body.set(k, v);
      for (const photo of photos) body.append("photos", photo);
      return post(body);
    };
    const badPhoto = await certify([new File(["not an image"], "site.png", { type: "image/png" })]);
    expect(badPhoto.init?.status).toBe(400);
    expect(Object.keys(badPhoto.data.fieldErrors ?? {})).toEqual(["photos"]);
    const certified = await certify([new File([png], "site.png", { type: "image/png" })]);
    expect(certified.data).toMatchObject({ ok: true, created: 1 });
    const [call] = await callsOf(commitment!.id);
    // 10 % of USD 1,000,000.01 is 100,000.00 and a cent left over, which goes to the largest share.
    // The page posts through the route, on the real clock: due 30 days after today.
    expect(call).toMatchObject({ label: "Booking", amountMinor: 10000000n, dueOn: dateAfter(todayInZone(bed.context.config.firmTimeZone, new Date()), 30) });

    await recordTransfer(ctx(), me.actor, { form: transferSchema.parse({ commitmentId: commitment!.id, callId: call!.id, transferredOn: "2026-11-28", amount: "100,000", reference: "TT-ADMIN-1" }), proof: { bytes: Buffer.from("%PDF-1.4\n%%EOF\n"), contentType: "application/pdf", name: "bank.pdf" } });
    const [payment] = await bed.t.db.select().from(payments).where(eq(payments.commitmentId, commitment!.id));
    const tooMuch = await post(new URLSearchParams({ intent: "payment-confirm", paymentId: payment!.id, received: "100,000.01" }));
    expect(tooMuch.data).toMatchObject({ ok: false, message: "The amount received cannot be more than the amount transferred." });
    const confirmed = await post(new URLSearchParams({ intent: "payment-confirm", paymentId: payment!.id, received: "100,000", note: "" }));
    expect(confirmed.data.receipt).toMatch(/^RC-2026-\d{6}$/);

    // The page's data: the plan, the ledger, the transfer with its receipt, for admins only.
    const page = (as: string) => commitmentsLoader(routeArgs(getRequest(`/admin/commitments?opportunity=${opportunity.id}`, { cookie: as }), bed.context)) as Promise<{ opportunity: { ledger: Array<{ committed: bigint; called: bigint; paid: bigint; outstanding: bigint }>; payments: Array<{ receiptNumber: string | null }>; plan: { locked: boolean } } }>;
    const data = await page(bed.admin.cookie);
    expect(data.opportunity.plan.locked).toBe(true);
    expect(data.opportunity.ledger.map((c) => [c.committed, c.called, c.paid, c.outstanding])).toEqual([[100000001n, 10000000n, 10000000n, 0n]]);
    expect(data.opportunity.payments[0]!.receiptNumber).toBe(confirmed.data.receipt);
    await expect(page(cookie)).rejects.toSatisfy((r: unknown) => r instanceof Response && r.status === 302);
    // Once committed, the instalments stay; the same plan with a new escrow account saves.
    const changed = await post(planForm(["20", "20", "60"]));
    expect(changed.data).toMatchObject({ ok: false, message: "Investors have committed under this plan, so its instalments can no longer change. The escrow account can." });

    // The CSV: exact decimals in the commitment's currency; refused to an investor.
    await markSecondFactor(bed.t.db, bed.admin.cookie);
    const csv = (as: string) => exportLoader(routeArgs(getRequest(`/admin/export/ledger.csv?opportunity=${opportunity.id}`, { cookie: as }), bed.context, { kind: "ledger.csv" })) as Promise<Response>;
    const sheet = await csv(bed.admin.cookie);
    expect(sheet.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await sheet.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Investor,Entity,Unit,Currency,Committed,Called,Received,Outstanding,Overdue,Next instalment,Next amount due,Next due date");
    expect(lines[1]).toBe("Samira Haddad,,B-1204,USD,1000000.01,100000.00,100000.00,0.00,0.00,,,");
    expect((await csv(cookie)).status).toBe(403);
  });

  it("calls an instalment due on a date 30 days before it, once with two instances, and a commitment made later at once", async () => {
    clockNow = new Date("2027-05-01T09:00:00Z");
    const opportunity = await createOpportunity(bed.t.db, { title: "Dated Towers" });
    await savePlan(ctx(), bed.admin.actor, planFor(opportunity.id, ESCROW, [
      { label: "Deposit", share: "25", dueKind: "date", dueDate: "2027-06-01" },
      { label: "Balance", share: "75", dueKind: "date", dueDate: "2027-12-01" },
    ]));
    const early = await investor("dated-early");
    const late = await investor("dated-late", "ar");
    await signReservation(early, opportunity.id, "400,000");
    const [first] = await bed.t.db.select().from(commitments).where(eq(commitments.userId, early.id));
    // 31 days before the deposit: nothing yet.
    expect(await callDatedInstalments(ctx())).toBe(0);
    expect(await callsOf(first!.id)).toEqual([]);
    // 30 days before: called, due on its own date, by one of two instances.
    clockNow = new Date("2027-05-02T09:00:00Z");
    const instance = testDriver === "postgres" ? await openDatabase({ driver: "postgres", url: bed.t.url! }) : null;
    try {
      const [a, b] = await Promise.all([callDatedInstalments(ctx()), callDatedInstalments({ ...ctx(), db: instance?.db ?? bed.t.db })]);
      expect(a + b).toBe(1);
    } finally {
      await instance?.close();
    }
    expect((await callsOf(first!.id)).map((c) => [c.label, c.amountMinor, c.dueOn])).toEqual([["Deposit", 10000000n, "2027-06-01"]]);
    expect(await mailsTo(early.email, "instalment-call")).toHaveLength(1);
    expect(await callDatedInstalments(ctx())).toBe(0);
    // A commitment made after the notice began is called at once, in its investor's language.
    await signReservation(late, opportunity.id, "100,000", "AED");
    const [second] = await bed.t.db.select().from(commitments).where(eq(commitments.userId, late.id));
    expect((await callsOf(second!.id)).map((c) => [c.label, c.amountMinor, c.currency, c.dueOn])).toEqual([["Deposit", 2500000n, "AED", "2027-06-01"]]);
    const [arabic] = await mailsTo(late.email, "instalment-call");
    expect(arabic!.textBody.replace(/[\u2066-\u2069\u200f]/g, "").replace(/\s/g, " ")).toContain("25,000.00 AED");
    expect(arabic!.textBody).toContain("1 يونيو 2027");
    expect((await mailsTo(early.email, "instalment-call"))[0]!.textBody.replace(/\s/g, " ")).toContain("The instalment \"Deposit\" of Dated Towers falls due on Jun 1, 2027. Your payment of USD 100,000.00 is due by then.");
    expect(arabic!.subject).toMatch(/[\u0600-\u06FF]/);
  });

  it("gives the public page the latest status and raises the site's content version when an update is posted", async () => {
    clockNow = new Date("2026-11-28T09:00:00Z");
    const opportunity = await createOpportunity(bed.t.db, { title: "Status Towers" });
    expect(await publicProgress(ctx(), { opportunityId: opportunity.id })).toBeNull();
    const version = async () => Number(((await bed.t.db.execute(sql`select version::text as version from site_content_version where id = 1`)) as unknown as { rows: Array<{ version: string }> }).rows[0]!.version);
    const before = await version();
    await postProgressUpdate(ctx(), bed.admin.actor, progressUpdateSchema.parse({ opportunityId: opportunity.id, status: "delayed", percent: "35", textEn: "Rain.", textAr: "مطر.", textCkb: "باران." }));
    expect(await version()).toBeGreaterThan(before);
    expect(await publicProgress(ctx(), { opportunityId: opportunity.id })).toEqual({ status: "delayed", percent: 35, postedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it("refuses to delete an opportunity with a payment plan or a commitment, which would take the escrow account investors pay into; one without either is deleted", async () => {
    const exists = async (id: string) => (await bed.t.db.select({ id: investmentOpportunities.id }).from(investmentOpportunities).where(eq(investmentOpportunities.id, id))).length === 1;
    const planned = await createOpportunity(bed.t.db, { title: "Planned Tower" });
    await savePlan(ctx(), bed.admin.actor, planFor(planned.id));
    await expect(deleteOpportunity(ctx(), bed.admin.actor, { id: planned.id })).rejects.toSatisfy(refusedWith("CONFLICT", "admin.error.opportunityHasPlan"));
    expect(await exists(planned.id)).toBe(true);
    expect((await getPlan(ctx(), bed.admin.actor, { opportunityId: planned.id }))?.escrow.iban).toBe("AE070331234567890123456");

    const committed = await createOpportunity(bed.t.db, { title: "Committed Tower" });
    const who = await investor("kept");
    await recordCommitment(ctx(), bed.admin.actor, manualCommitmentSchema.parse({ investorEmail: who.email, opportunityId: committed.id, unit: "Villa 2", currency: "USD", amount: "500,000" }));
    await expect(deleteOpportunity(ctx(), bed.admin.actor, { id: committed.id })).rejects.toSatisfy(refusedWith("CONFLICT", "admin.error.opportunityHasPlan"));
    expect(await exists(committed.id)).toBe(true);

    const bare = await createOpportunity(bed.t.db, { title: "Bare Tower" });
    await deleteOpportunity(ctx(), bed.admin.actor, { id: bare.id });
    expect(await exists(bare.id)).toBe(false);
  });
});
