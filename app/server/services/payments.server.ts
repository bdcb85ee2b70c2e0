import { createHash, randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { brand } from "~/domain/brand";
import { todayInZone } from "~/domain/calendar";
import { escrowAccountKey, formatCalendarDay, PAYMENT_MESSAGES, PROOF_MAX_BYTES, PROOF_PROBLEMS, printIban, receiptNumber, type ConfirmPaymentForm, type EscrowAccount, type RejectPaymentForm, type TransferForm } from "~/domain/escrow";
import { servedFile } from "~/domain/file-names";
import { formatMoney, parseMoney } from "~/domain/money";
import type { AdminPaymentRow, PaymentRow } from "~/domain/portfolio";
import { isUuid } from "~/domain/uuid";
import { dateLocaleOf } from "~/i18n/date-locales";
import { translator } from "~/i18n/i18n";
import { DEFAULT_LOCALE, directionOf, isLocale, type Locale } from "~/i18n/locales";
import { openSealed, sealedValues } from "../storage/sealed-files.server";
import type { Database } from "../db/client.server";
import { commitments, instalmentCalls, paymentProofs, payments, receiptCounters, user } from "../db/schema.server";
import { renderAgreement } from "../documents/agreement-pdf.server";
import { enqueueEmails } from "../email/outbox.server";
import { paymentConfirmedEmail, paymentRejectedEmail, transferRecordedEmail } from "../email/escrow-emails.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { requireFreshSecondFactor } from "../security/step-up.server";
import { recordAudit } from "./audit.server";
import type { FileToSeal } from "../storage/sealed-files.server";
import { readPrivateUpload, type CheckedPrivateFile } from "../storage/private-uploads.server";
import { readPlan } from "./payment-plans.server";
import { listAdminReaders } from "./users.server";
import { notify } from "../notifications/notify.server";

/*
 * Payments into escrow (issue 36, item 4). The investor records a transfer they made (the
 * date, the amount, the bank's reference and the bank's confirmation, sealed at rest like
 * the identity files); an admin confirms what the escrow account received, all or part,
 * which issues a numbered receipt PDF in the investor's language, kept and mailed; or
 * marks it not received, saying why. Nothing is paid through the product.
 */

const now = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();
const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");


const COLUMNS = {
  id: payments.id,
  commitmentId: payments.commitmentId,
  callId: payments.callId,
  callLabel: instalmentCalls.label,
  investorName: commitments.investorName,
  opportunityTitle: commitments.opportunityTitle,
  transferredOn: payments.transferredOn,
  amountMinor: payments.amountMinor,
  receivedMinor: payments.receivedMinor,
  currency: payments.currency,
  reference: payments.reference,
  status: payments.status,
  reviewNote: payments.reviewNote,
  receiptNumber: payments.receiptNumber,
  receiptSha256: payments.receiptSha256,
  createdAt: payments.createdAt,
};

/** The bank's confirmation the investor chose, checked by size and content: the file, a problem (a message key), or null when none was chosen. */
export async function readTransferProof(file: FormDataEntryValue | null): Promise<CheckedPrivateFile | { problem: string } | null> {
  const read = await readPrivateUpload(file, PROOF_MAX_BYTES);
  return read && "problem" in read ? { problem: PROOF_PROBLEMS[read.problem] } : read;
}

/**
 * The investor records a transfer against their commitment (and, when they say so, the
 * call it pays), with the bank's confirmation. Admins are told. The transfer keeps the
 * escrow account the page showed the investor, which its receipt will name (issue 52,
 * item 10): when that account is no longer the one in force (it changed while the page
 * was open), nothing is recorded and the investor is asked to check the account now shown.
 */
export async function recordTransfer(ctx: ServiceContext, actor: Actor, { form, proof }: { form: TransferForm; proof: FileToSeal | null }): Promise<{ id: string }> {
  const userId = requireUser(actor);
  if (!proof) throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.proofMissing);
  const today = todayInZone(ctx.config.firmTimeZone, now(ctx));
  if (form.transferredOn > today) throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.dateInvalid);
  return ctx.db.transaction(async (tx) => {
    const [commitment] = await tx.select().from(commitments).where(and(eq(commitments.id, form.commitmentId), eq(commitments.userId, userId))).limit(1);
    if (!commitment) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.notFound);
    const amountMinor = parseMoney(form.amount, commitment.currency);
    if (amountMinor === null) throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.amountInvalid);
    if (form.callId) {
      const [call] = await tx.select({ id: instalmentCalls.id }).from(instalmentCalls).where(and(eq(instalmentCalls.id, form.callId), eq(instalmentCalls.commitmentId, commitment.id))).limit(1);
      if (!call) throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.callUnknown);
    }
    const escrow = commitment.opportunityId ? ((await readPlan(tx, commitment.opportunityId))?.escrow ?? null) : null;
    if (form.escrowShown !== undefined && form.escrowShown !== escrowAccountKey(escrow)) throw new AppError("CONFLICT", PAYMENT_MESSAGES.escrowChanged);
    const id = randomUUID();
    await tx.insert(payments).values({
      id,
      commitmentId: commitment.id,
      callId: form.callId || null,
      recordedBy: userId,
      transferredOn: form.transferredOn,
      amountMinor,
      currency: commitment.currency,
      reference: form.reference,
      escrowBank: escrow?.bank ?? null,
      escrowAccountName: escrow?.accountName ?? null,
      escrowIban: escrow?.iban ?? null,
      escrowBic: escrow?.bic ?? null,
      createdAt: now(ctx),
    });
    await tx.insert(paymentProofs).values({ paymentId: id, ...sealedValues(ctx.config.identity.keys, id, proof) });
    const admins = await listAdminReaders(tx);
    await enqueueEmails(
      tx,
      ctx.jobs,
      admins.map((a) => ({
        ...transferRecordedEmail({ siteUrl: ctx.config.siteUrl, locale: localeOf(a.locale), investor: commitment.investorName, opportunity: commitment.opportunityTitle, amountMinor, currency: commitment.currency }),
        to: a.email,
        kind: "transfer-recorded",
      })),
    );
    return { id };
  });
}

/** A payment as its investor or an admin may see it; undefined for anyone else. */
async function visiblePayment(db: Database, actor: Actor, id: string) {
  const userId = requireUser(actor);
  if (!isUuid(id)) return undefined;
  const admin = actor.kind === "user" && actor.isAdmin;
  const [row] = await db
    .select({ payment: payments, commitment: commitments })
    .from(payments)
    .innerJoin(commitments, eq(commitments.id, payments.commitmentId))
    .where(and(eq(payments.id, id), admin ? undefined : eq(commitments.userId, userId)))
    .limit(1);
  return row;
}

/**
 * A transfer's proof, opened, for its investor and admins (an admin's opening is audited),
 * under the name the product builds, "transfer-proof-2026-12-07.pdf" (the day it was
 * recorded, the type its content proved: decision 059); never the name it came with.
 */
export async function openPaymentProof(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<{ bytes: Buffer; contentType: string; fileName: string } | undefined> {
  const found = await visiblePayment(ctx.db, actor, id);
  if (!found) return undefined;
  const [proof] = await ctx.db.select().from(paymentProofs).where(eq(paymentProofs.paymentId, id)).limit(1);
  if (!proof) return undefined;
  const bytes = openSealed(ctx.config.identity.keys, id, proof);
  const served = servedFile("transfer-proof", todayInZone(ctx.config.firmTimeZone, found.payment.createdAt), proof.contentType);
  const userId = requireUser(actor);
  if (found.commitment.userId !== userId) {
    await recordAudit(ctx.db, { actorId: userId, action: "payment.proof-open", entity: "payments", entityId: id, before: null, after: { fileName: served.fileName } });
  }
  return { bytes, ...served };
}

/** A confirmed payment's receipt PDF, for its investor and admins. */
export async function receiptFile(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<{ bytes: Uint8Array; fileName: string } | undefined> {
  const found = await visiblePayment(ctx.db, actor, id);
  if (!found?.payment.receiptPdf || !found.payment.receiptNumber) return undefined;
  return { bytes: found.payment.receiptPdf, fileName: `${found.payment.receiptNumber}.pdf` };
}

/** What has been received on a commitment or one of its calls (the confirmed payments), in minor units. */
export async function receivedOn(db: Database, on: { commitmentId: string } | { callId: string }): Promise<bigint> {
  const [row] = await db
    .select({ received: sql<string>`coalesce(sum(${payments.receivedMinor}), 0)::text` })
    .from(payments)
    .where(and("callId" in on ? eq(payments.callId, on.callId) : eq(payments.commitmentId, on.commitmentId), eq(payments.status, "confirmed")));
  return BigInt(row?.received ?? "0");
}

/** The escrow account a transfer was recorded against, or null for one recorded before the account was kept. */
function recordedEscrow(payment: typeof payments.$inferSelect): EscrowAccount | null {
  const { escrowBank: bank, escrowAccountName: accountName, escrowIban: iban, escrowBic: bic } = payment;
  return bank !== null && accountName !== null && iban !== null && bic !== null ? { bank, accountName, iban, bic } : null;
}

/** A transfer waiting for a decision, locked for it, with its commitment, call and investor. */
async function waitingPayment(tx: Database, id: string) {
  const [row] = await tx
    .select({ payment: payments, commitment: commitments, call: instalmentCalls, investor: { email: user.email, verified: user.emailVerified, locale: user.locale } })
    .from(payments)
    .innerJoin(commitments, eq(commitments.id, payments.commitmentId))
    .leftJoin(instalmentCalls, eq(instalmentCalls.id, payments.callId))
    .leftJoin(user, eq(user.id, commitments.userId))
    .where(eq(payments.id, id))
    .for("update", { of: payments })
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.notFound);
  if (row.payment.status !== "recorded") throw new AppError("CONFLICT", PAYMENT_MESSAGES.notWaiting);
  return row;
}

/**
 * Nobody decides on their own transfer (issue 52, decision 058): an admin who is the
 * commitment's investor, or who recorded the transfer, leaves it to another admin.
 */
function refuseOwnTransfer(row: { payment: { recordedBy: string | null }; commitment: { userId: string | null } }, adminId: string): void {
  if (row.commitment.userId === adminId || row.payment.recordedBy === adminId) throw new AppError("FORBIDDEN", PAYMENT_MESSAGES.ownTransfer);
}

/**
 * An admin confirms what the escrow account received (at most what was sent): the payment
 * is confirmed, a numbered receipt is rendered in the investor's language, kept with its
 * SHA-256 and mailed to the investor, attached. Audited.
 */
export async function confirmPayment(ctx: ServiceContext, actor: Actor, form: ConfirmPaymentForm): Promise<{ receiptNumber: string }> {
  const adminId = requireAdmin(actor);
  requireFreshSecondFactor(actor);
  const at = now(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await waitingPayment(tx, form.paymentId);
    refuseOwnTransfer(row, adminId);
    const received = parseMoney(form.received, row.payment.currency);
    if (received === null) throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.receivedInvalid);
    if (received > row.payment.amountMinor) throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.receivedTooMuch);

    const year = Number(todayInZone(ctx.config.firmTimeZone, at).slice(0, 4));
    const [counter] = await tx
      .insert(receiptCounters)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: receiptCounters.year, set: { last: sql`${receiptCounters.last} + 1` } })
      .returning({ last: receiptCounters.last });
    const number = receiptNumber(year, counter!.last);
    const paidBefore = await receivedOn(tx, { commitmentId: row.commitment.id });
    const plan = row.commitment.opportunityId ? await readPlan(tx, row.commitment.opportunityId) : undefined;
    const locale = localeOf(row.investor?.locale);
    const pdf = await renderAgreement(
      receiptText({ locale, number, issuedOn: todayInZone(ctx.config.firmTimeZone, at), commitment: row.commitment, callLabel: row.call?.label ?? null, payment: row.payment, received, paidToDate: paidBefore + received, escrow: plan?.escrow ?? null, note: form.note }),
      at,
    );
    await tx
      .update(payments)
      .set({ status: "confirmed", receivedMinor: received, reviewNote: form.note || null, reviewedBy: adminId, reviewedAt: at, receiptNumber: number, receiptPdf: pdf, receiptSha256: sha256(pdf) })
      .where(eq(payments.id, row.payment.id));
    await recordAudit(tx, { actorId: adminId, action: "payment.confirm", entity: "payments", entityId: row.payment.id, before: { status: "recorded" }, after: { status: "confirmed", receivedMinor: received, receiptNumber: number, receiptSha256: sha256(pdf) } });
    const mail =
      row.investor?.email && row.investor.verified
        ? { ...paymentConfirmedEmail({ siteUrl: ctx.config.siteUrl, locale, name: row.commitment.investorName, opportunity: row.commitment.opportunityTitle, amountMinor: received, currency: row.payment.currency, number }), to: row.investor.email, kind: "payment-confirmed", receiptPaymentId: row.payment.id }
        : null;
    await notify(tx, { jobs: ctx.jobs, config: ctx.config, now: at }, {
      userId: row.commitment.userId,
      kind: "receipt-issued",
      link: "/portfolio",
      data: { amount: formatMoney(received, row.payment.currency, "en"), receiptNumber: number },
      email: mail,
    });
    return { receiptNumber: number };
  });
}

/** An admin marks a transfer as not received, saying why; the investor is told. Audited. */
export async function rejectPayment(ctx: ServiceContext, actor: Actor, form: RejectPaymentForm): Promise<void> {
  const adminId = requireAdmin(actor);
  const at = now(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await waitingPayment(tx, form.paymentId);
    refuseOwnTransfer(row, adminId);
    await tx.update(payments).set({ status: "rejected", reviewNote: form.note, reviewedBy: adminId, reviewedAt: at }).where(eq(payments.id, row.payment.id));
    await recordAudit(tx, { actorId: adminId, action: "payment.reject", entity: "payments", entityId: row.payment.id, before: { status: "recorded" }, after: { status: "rejected", note: form.note } });
    if (row.investor?.email && row.investor.verified) {
      const mail = paymentRejectedEmail({ siteUrl: ctx.config.siteUrl, locale: localeOf(row.investor.locale), name: row.commitment.investorName, opportunity: row.commitment.opportunityTitle, amountMinor: row.payment.amountMinor, currency: row.payment.currency, reference: row.payment.reference, note: form.note });
      await enqueueEmails(tx, ctx.jobs, [{ ...mail, to: row.investor.email, kind: "payment-rejected" }]);
    }
  });
}

/**
 * The transfers waiting for a decision (oldest first), then the latest decided; admins only.
 * Each says whether it is the acting admin's own (their commitment, or recorded by them),
 * which another admin decides (decision 058).
 */
export async function listPaymentsForAdmin(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId?: string } = {}): Promise<AdminPaymentRow[]> {
  const adminId = requireAdmin(actor);
  if (opportunityId !== undefined && !isUuid(opportunityId)) return [];
  const own = sql<boolean>`(${commitments.userId} is not distinct from ${adminId} or ${payments.recordedBy} is not distinct from ${adminId})`;
  const base = () =>
    ctx.db
      .select({ ...COLUMNS, own, escrowBank: payments.escrowBank, escrowIban: payments.escrowIban })
      .from(payments)
      .innerJoin(commitments, eq(commitments.id, payments.commitmentId))
      .leftJoin(instalmentCalls, eq(instalmentCalls.id, payments.callId));
  const scope = opportunityId ? eq(commitments.opportunityId, opportunityId) : undefined;
  const [waiting, decided] = await Promise.all([
    base().where(and(eq(payments.status, "recorded"), scope)).orderBy(asc(payments.createdAt)).limit(200),
    base().where(and(sql`${payments.status} <> 'recorded'`, scope)).orderBy(desc(payments.reviewedAt)).limit(200),
  ]);
  return [...waiting, ...decided].map(({ escrowBank, escrowIban, ...row }) => ({ ...row, paidInto: escrowBank && escrowIban ? { bank: escrowBank, iban: printIban(escrowIban) } : null }));
}

/** One's own payments on a commitment, newest first. */
export async function listOwnPayments(ctx: ServiceContext, actor: Actor, { commitmentId }: { commitmentId: string }): Promise<PaymentRow[]> {
  const userId = requireUser(actor);
  if (!isUuid(commitmentId)) return [];
  return ctx.db
    .select(COLUMNS)
    .from(payments)
    .innerJoin(commitments, eq(commitments.id, payments.commitmentId))
    .leftJoin(instalmentCalls, eq(instalmentCalls.id, payments.callId))
    .where(and(eq(payments.commitmentId, commitmentId), eq(commitments.userId, userId)))
    .orderBy(desc(payments.createdAt))
    .limit(200);
}

// ---- The receipt ----------------------------------------------------------------------------------

interface ReceiptInput {
  locale: Locale;
  number: string;
  issuedOn: string;
  commitment: typeof commitments.$inferSelect;
  callLabel: string | null;
  payment: typeof payments.$inferSelect;
  received: bigint;
  paidToDate: bigint;
  /** The account in force when the receipt is issued: named only for a transfer recorded before the account it was paid into was kept. */
  escrow: EscrowAccount | null;
  note: string;
}

/** A receipt's words in the investor's language, for the same writer as the agreements. */
function receiptText(input: ReceiptInput) {
  const { locale, commitment, payment } = input;
  const t = translator(locale);
  const dates = dateLocaleOf(locale);
  const money = (minor: bigint) => formatMoney(minor, payment.currency, locale);
  const outstanding = commitment.amountMinor - input.paidToDate;
  // The account the investor was shown when they recorded the transfer (issue 52, item 10).
  const escrow = recordedEscrow(payment) ?? input.escrow;
  return {
    direction: directionOf(locale),
    lang: locale === "en" ? "en-GB" : locale,
    firm: brand.legalName,
    kicker: t("mail.receipt.kicker"),
    title: t("mail.receipt.title", { number: input.number }),
    meta: [t("mail.receipt.issued", { date: formatCalendarDay(input.issuedOn, dates) })],
    fields: [
      { label: t("mail.receipt.investor"), value: commitment.entityName ? `${commitment.investorName} (${commitment.entityName})` : commitment.investorName },
      { label: t("mail.receipt.opportunity"), value: commitment.opportunityTitle },
      { label: t("mail.receipt.unit"), value: commitment.unit },
      { label: t("mail.receipt.instalment"), value: input.callLabel ?? t("mail.receipt.onAccount") },
      { label: t("mail.receipt.transferredOn"), value: formatCalendarDay(payment.transferredOn, dates) },
      { label: t("mail.receipt.reference"), value: payment.reference },
      { label: t("mail.receipt.received"), value: money(input.received) },
      ...(escrow ? [{ label: t("mail.receipt.paidInto"), value: `${escrow.bank}, ${escrow.accountName}, IBAN ${printIban(escrow.iban)}, BIC ${escrow.bic}` }] : []),
      { label: t("mail.receipt.committed"), value: money(commitment.amountMinor) },
      { label: t("mail.receipt.paidToDate"), value: money(input.paidToDate) },
      { label: t("mail.receipt.outstanding"), value: money(outstanding > 0n ? outstanding : 0n) },
    ],
    paragraphs: [t("mail.receipt.body", { firm: brand.legalName }), ...(input.note ? [t("mail.receipt.note", { note: input.note })] : [])],
    pageLabel: t("verification.signing.pdf.page", { n: "{{n}}" }),
  };
}
