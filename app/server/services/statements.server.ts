import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { brand } from "~/domain/brand";
import { todayInZone } from "~/domain/calendar";
import { dateAfter, formatCalendarDay, previousQuarter, printIban, type EscrowAccount } from "~/domain/escrow";
import { CURRENCIES, formatMoney, totalsByCurrency, type Currency } from "~/domain/money";
import type { CommitmentPosition } from "~/domain/portfolio";
import { isUuid } from "~/domain/uuid";
import { dateLocaleOf } from "~/i18n/date-locales";
import { translator } from "~/i18n/i18n";
import { DEFAULT_LOCALE, directionOf, isLocale, type Locale } from "~/i18n/locales";
import type { Database } from "../db/client.server";
import { commitments, instalmentCalls, payments, statements, user } from "../db/schema.server";
import { renderAgreement, type AgreementText } from "../documents/agreement-pdf.server";
import { enqueueEmails, type MailJobs } from "../email/outbox.server";
import { statementEmail } from "../email/escrow-emails.server";
import type { ServiceContext } from "../context/service-context.server";
import type { JobQueue } from "../jobs/queue.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { readPlan } from "./payment-plans.server";

/*
 * Statements (issue 36, item 5). For an investor, per commitment: committed, called, paid,
 * outstanding (called and not yet paid), not yet called, the next instalment due, and the
 * escrow account; totals per currency, never converted. Downloadable at any time (as of
 * today) and sent each quarter (as of its last day, kept). Admins see the same per
 * opportunity, by investor, with what is overdue.
 */

const now = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();
const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const positive = (n: bigint) => (n > 0n ? n : 0n);


/**
 * Each commitment's position as of `asOf` (a calendar day): calls made by the end of that
 * day, payments confirmed and transferred by then. `today` decides what is overdue.
 */
export async function positionsOf(db: Database, where: { userId: string } | { opportunityId: string }, asOf: string, today: string = asOf): Promise<CommitmentPosition[]> {
  const rows = await db
    .select()
    .from(commitments)
    .where("userId" in where ? eq(commitments.userId, where.userId) : eq(commitments.opportunityId, where.opportunityId))
    .orderBy(asc(commitments.createdAt), asc(commitments.id))
    .limit(500);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const endOfDay = new Date(`${dateAfter(asOf, 1)}T00:00:00Z`);
  const [calls, paid] = await Promise.all([
    db
      .select()
      .from(instalmentCalls)
      .where(and(inArray(instalmentCalls.commitmentId, ids), lt(instalmentCalls.calledAt, endOfDay)))
      .orderBy(asc(instalmentCalls.dueOn), asc(instalmentCalls.position)),
    db
      .select({ commitmentId: payments.commitmentId, callId: payments.callId, received: payments.receivedMinor })
      .from(payments)
      .where(and(inArray(payments.commitmentId, ids), eq(payments.status, "confirmed"), lte(payments.transferredOn, asOf))),
  ]);
  const plans = new Map<string, EscrowAccount | null>();
  for (const r of rows) if (r.opportunityId && !plans.has(r.opportunityId)) plans.set(r.opportunityId, (await readPlan(db, r.opportunityId))?.escrow ?? null);
  return rows.map((c) => {
    const mine = calls.filter((k) => k.commitmentId === c.id);
    const received = paid.filter((p) => p.commitmentId === c.id);
    const called = mine.reduce((sum, k) => sum + k.amountMinor, 0n);
    const paidTotal = received.reduce((sum, p) => sum + (p.received ?? 0n), 0n);
    const receivedOn = (callId: string) => received.filter((p) => p.callId === callId).reduce((sum, p) => sum + (p.received ?? 0n), 0n);
    const open = mine.map((k) => ({ call: k, remaining: positive(k.amountMinor - receivedOn(k.id)) })).filter((o) => o.remaining > 0n);
    const next = open[0];
    return {
      id: c.id,
      userId: c.userId,
      investorName: c.investorName,
      entityName: c.entityName,
      opportunityId: c.opportunityId,
      opportunityTitle: c.opportunityTitle,
      unit: c.unit,
      currency: c.currency,
      committed: c.amountMinor,
      called,
      paid: paidTotal,
      outstanding: positive(called - paidTotal),
      notYetCalled: positive(c.amountMinor - called),
      overdue: open.filter((o) => o.call.dueOn < today).reduce((sum, o) => sum + o.remaining, 0n),
      nextDue: next ? { label: next.call.label, remaining: next.remaining, dueOn: next.call.dueOn } : null,
      escrow: c.opportunityId ? (plans.get(c.opportunityId) ?? null) : null,
      calls: mine.map((k) => ({ id: k.id, label: k.label, amountMinor: k.amountMinor, dueOn: k.dueOn, remaining: positive(k.amountMinor - receivedOn(k.id)) })),
      signingRequestId: c.signingRequestId,
    };
  });
}

/** A statement's words in the investor's language, for the same writer as the agreements. */
function statementText(locale: Locale, input: { name: string; title: string; asOf: string; positions: CommitmentPosition[] }): AgreementText {
  const t = translator(locale);
  const dates = dateLocaleOf(locale);
  const money = (minor: bigint, currency: Currency) => formatMoney(minor, currency, locale);
  const total = (pick: (p: CommitmentPosition) => bigint) => totalsByCurrency(input.positions.map((p) => ({ minor: pick(p), currency: p.currency })));
  const totals = [
    { label: t("mail.statement.totalCommitted"), values: total((p) => p.committed) },
    { label: t("mail.statement.totalPaid"), values: total((p) => p.paid) },
    { label: t("mail.statement.totalOutstanding"), values: total((p) => p.outstanding) },
  ];
  return {
    direction: directionOf(locale),
    lang: locale === "en" ? "en-GB" : locale,
    firm: brand.legalName,
    kicker: t("mail.statement.kicker"),
    title: input.title,
    meta: [input.name, t("mail.statement.asOf", { date: formatCalendarDay(input.asOf, dates) })],
    // One line per currency that has any: nothing is converted.
    fields: totals.flatMap(({ label, values }) => CURRENCIES.filter((c) => values.has(c)).map((c) => ({ label, value: money(values.get(c)!, c) }))),
    sections: input.positions.map((p) => ({
      heading: `${p.opportunityTitle} · ${p.unit}`,
      fields: [
        ...(p.entityName ? [{ label: t("mail.statement.entity"), value: p.entityName }] : []),
        { label: t("mail.statement.committed"), value: money(p.committed, p.currency) },
        { label: t("mail.statement.called"), value: money(p.called, p.currency) },
        { label: t("mail.statement.paid"), value: money(p.paid, p.currency) },
        { label: t("mail.statement.outstanding"), value: money(p.outstanding, p.currency) },
        { label: t("mail.statement.notYetCalled"), value: money(p.notYetCalled, p.currency) },
        {
          label: t("mail.statement.nextDue"),
          value: p.nextDue ? t("mail.statement.nextDueValue", { label: p.nextDue.label, amount: money(p.nextDue.remaining, p.currency), date: formatCalendarDay(p.nextDue.dueOn, dates) }) : t("mail.statement.nothingDue"),
        },
        ...(p.escrow ? [{ label: t("mail.statement.escrow"), value: `${p.escrow.bank}, ${p.escrow.accountName}, IBAN ${printIban(p.escrow.iban)}, BIC ${p.escrow.bic}` }] : []),
      ],
    })),
    paragraphs: [input.positions.length ? t("mail.statement.noConversion") : t("mail.statement.empty"), t("mail.statement.neverByEmail", { brand: brand.name })],
    pageLabel: t("verification.signing.pdf.page", { n: "{{n}}" }),
  };
}

async function renderStatement(db: Database, account: { id: string; name: string; locale: string | null }, asOf: string, title: (t: ReturnType<typeof translator>) => string, today: string, at: Date) {
  const locale = localeOf(account.locale);
  const positions = await positionsOf(db, { userId: account.id }, asOf, today);
  const pdf = await renderAgreement(statementText(locale, { name: account.name, title: title(translator(locale)), asOf, positions }), at);
  return { pdf, locale, positions };
}

/** The signed-in investor's statement as of today, in their language, to download. */
export async function currentStatement(ctx: ServiceContext, actor: Actor): Promise<{ bytes: Uint8Array; fileName: string }> {
  const userId = requireUser(actor);
  const at = now(ctx);
  const today = todayInZone(ctx.config.firmTimeZone, at);
  const [account] = await ctx.db.select({ id: user.id, name: user.name, locale: user.locale }).from(user).where(eq(user.id, userId)).limit(1);
  const { pdf } = await renderStatement(ctx.db, account!, today, (t) => t("mail.statement.titleToday"), today, at);
  return { bytes: pdf, fileName: `statement-${today}.pdf` };
}

/** The quarterly statements kept for the signed-in investor, newest first. */
export async function listOwnStatements(ctx: ServiceContext, actor: Actor): Promise<Array<{ id: string; period: string; asOf: string; sha256: string }>> {
  const userId = requireUser(actor);
  return ctx.db.select({ id: statements.id, period: statements.period, asOf: statements.asOf, sha256: statements.sha256 }).from(statements).where(eq(statements.userId, userId)).orderBy(desc(statements.asOf)).limit(100);
}

/** A kept statement's PDF, for its investor and admins. */
export async function statementFile(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<{ bytes: Uint8Array; fileName: string } | undefined> {
  const userId = requireUser(actor);
  if (!isUuid(id)) return undefined;
  const admin = actor.kind === "user" && actor.isAdmin;
  const [row] = await ctx.db.select().from(statements).where(and(eq(statements.id, id), admin ? undefined : eq(statements.userId, userId))).limit(1);
  return row ? { bytes: row.pdf, fileName: `statement-${row.period}.pdf` } : undefined;
}

/**
 * The quarter's statements (the job, on the first day of each quarter): for every investor
 * with a commitment, the statement as of the quarter's last day, kept and mailed with it
 * attached. The row's key (investor, quarter) makes a second instance's or a second run's
 * insert do nothing: each goes once. Answers how many were sent.
 */
export async function sendQuarterlyStatements(ctx: Pick<ServiceContext, "db" | "config" | "clock"> & { jobs: MailJobs }): Promise<number> {
  const at = now(ctx);
  const today = todayInZone(ctx.config.firmTimeZone, at);
  const { period, asOf } = previousQuarter(today);
  const investors = await ctx.db
    .selectDistinct({ id: user.id, name: user.name, email: user.email, verified: user.emailVerified, locale: user.locale })
    .from(commitments)
    .innerJoin(user, eq(user.id, commitments.userId))
    .where(sql`${commitments.createdAt} < ${new Date(`${dateAfter(asOf, 1)}T00:00:00Z`)}`)
    .limit(10_000);
  let sent = 0;
  for (const investor of investors) {
    const [exists] = await ctx.db.select({ id: statements.id }).from(statements).where(and(eq(statements.userId, investor.id), eq(statements.period, period))).limit(1);
    if (exists) continue;
    const { pdf, locale } = await renderStatement(ctx.db, investor, asOf, (t) => t("mail.statement.titleQuarter", { period }), asOf, at);
    sent += await ctx.db.transaction(async (tx) => {
      const [kept] = await tx.insert(statements).values({ userId: investor.id, period, asOf, locale, pdf, sha256: sha256(pdf) }).onConflictDoNothing().returning({ id: statements.id });
      if (!kept) return 0;
      if (investor.verified) {
        const mail = statementEmail({ siteUrl: ctx.config.siteUrl, locale, name: investor.name, period });
        await enqueueEmails(tx, ctx.jobs, [{ ...mail, to: investor.email, kind: "statement", statementId: kept.id }]);
      }
      return 1;
    });
  }
  return sent;
}

/** Sends the quarter's statements on each `quarterly-statements` job (a schedule, the first day of each quarter). */
export async function workQuarterlyStatements(deps: Pick<ServiceContext, "db" | "config" | "log"> & { jobs: Pick<JobQueue, "work" | "send" | "sendMany"> }): Promise<void> {
  await deps.jobs.work("quarterly-statements", async () => {
    const sent = await sendQuarterlyStatements({ db: deps.db, config: deps.config, jobs: deps.jobs });
    if (sent > 0) deps.log.info({ sent }, "quarterly statements sent");
  });
}

/** An opportunity's commitments as admins see them: by investor, committed, called, received, overdue, next due. */
export async function opportunityLedger(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId: string }): Promise<CommitmentPosition[]> {
  requireAdmin(actor);
  if (!isUuid(opportunityId)) return [];
  const today = todayInZone(ctx.config.firmTimeZone, now(ctx));
  return positionsOf(ctx.db, { opportunityId }, today, today);
}
