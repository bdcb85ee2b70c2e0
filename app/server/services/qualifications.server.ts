import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { isUuid } from "~/domain/uuid";
import {
  QUALIFICATION_JURISDICTIONS,
  QUALIFICATION_MESSAGES,
  STATEMENT_TOASTS,
  standingOf,
  type AdminQualificationStatement,
  type QualificationAnswer,
  type QualificationRecord,
  type QualificationStanding,
  type QualificationStatement,
  type StatementForm,
} from "~/domain/qualification";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import type { Database } from "../db/client.server";
import { investorQualifications, qualificationStatements } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { recordAudit } from "./audit.server";

/**
 * Investor qualification (issue 35, decision 043). Every signed-in investor reads the live
 * statements in their language and confirms one; the row they write keeps the exact words
 * they read. Admins write the statements: an edit is the next version of the statement, so
 * what an investor confirmed is never rewritten. Every admin write is audited.
 */

type StatementRow = typeof qualificationStatements.$inferSelect;


const TEXT_COLUMNS = {
  en: { title: "titleEn", body: "bodyEn" },
  ar: { title: "titleAr", body: "bodyAr" },
  ckb: { title: "titleCkb", body: "bodyCkb" },
} as const satisfies Record<Locale, { title: keyof StatementRow; body: keyof StatementRow }>;

function inLocale(row: StatementRow, locale: Locale): { title: string; body: string } {
  const columns = TEXT_COLUMNS[locale];
  return { title: row[columns.title], body: row[columns.body] };
}

const jurisdictionOrder = sql`array_position(array[${sql.raw(QUALIFICATION_JURISDICTIONS.map((j) => `'${j}'`).join(", "))}]::text[], ${qualificationStatements.jurisdiction})`;

/** The live statements in the questionnaire's order, in the reader's language. */
export async function listQualificationStatements(ctx: ServiceContext, actor: Actor): Promise<QualificationStatement[]> {
  requireUser(actor);
  const locale = ctx.locale ?? DEFAULT_LOCALE;
  const rows = await ctx.db
    .select()
    .from(qualificationStatements)
    .where(isNull(qualificationStatements.retiredAt))
    .orderBy(jurisdictionOrder, asc(qualificationStatements.position), asc(qualificationStatements.createdAt));
  return rows.map((row) => ({ id: row.id, jurisdiction: row.jurisdiction, qualifies: row.qualifies, version: row.version, ...inLocale(row, locale) }));
}

/** The actor's answer on record (their latest), or null when they have not answered. */
export async function getOwnQualification(ctx: ServiceContext, actor: Actor): Promise<QualificationRecord | null> {
  const userId = requireUser(actor);
  const [row] = await ctx.db
    .select({
      qualifies: investorQualifications.qualifies,
      jurisdiction: investorQualifications.jurisdiction,
      title: investorQualifications.title,
      wording: investorQualifications.wording,
      locale: investorQualifications.locale,
      confirmedAt: investorQualifications.confirmedAt,
      version: qualificationStatements.version,
    })
    .from(investorQualifications)
    .innerJoin(qualificationStatements, eq(qualificationStatements.id, investorQualifications.statementId))
    .where(eq(investorQualifications.userId, userId))
    .orderBy(desc(investorQualifications.confirmedAt), desc(investorQualifications.id))
    .limit(1);
  if (!row) return null;
  return { ...row, standing: row.qualifies ? "qualified" : "not-qualified", confirmedAt: row.confirmedAt.toISOString() };
}

/**
 * The investor confirms a live statement: the words they read (in the request's language)
 * are kept with their SHA-256, the time and their address. Answering again adds a row;
 * the latest is where they stand.
 */
export async function confirmQualification(ctx: ServiceContext, actor: Actor, input: QualificationAnswer): Promise<QualificationRecord> {
  const userId = requireUser(actor);
  const locale = ctx.locale ?? DEFAULT_LOCALE;
  const [statement] = await ctx.db
    .select()
    .from(qualificationStatements)
    .where(and(eq(qualificationStatements.id, input.statementId), isNull(qualificationStatements.retiredAt)))
    .limit(1);
  // Retired meanwhile (an admin's new version): the page shows the current wording to confirm.
  if (!statement) throw new AppError("CONFLICT", QUALIFICATION_MESSAGES.gone);
  const { title, body } = inLocale(statement, locale);
  const [row] = await ctx.db
    .insert(investorQualifications)
    .values({
      userId,
      statementId: statement.id,
      qualifies: statement.qualifies,
      jurisdiction: statement.jurisdiction,
      locale,
      title,
      wording: body,
      wordingSha256: createHash("sha256").update(body, "utf8").digest("hex"),
      ipAddress: ctx.clientAddress ?? null,
      ...(ctx.clock ? { confirmedAt: ctx.clock() } : {}),
    })
    .returning({ confirmedAt: investorQualifications.confirmedAt });
  return {
    standing: statement.qualifies ? "qualified" : "not-qualified",
    jurisdiction: statement.jurisdiction,
    title,
    wording: body,
    locale,
    version: statement.version,
    confirmedAt: row!.confirmedAt.toISOString(),
  };
}

/** Where each user stands (the entitlements' one read of it); users who never answered are "unstated". */
export async function qualificationStandings(db: Database, userIds: readonly string[]): Promise<Map<string, QualificationStanding>> {
  const standings = new Map<string, QualificationStanding>(userIds.map((id) => [id, "unstated"]));
  if (userIds.length === 0) return standings;
  const rows = await db
    .selectDistinctOn([investorQualifications.userId], { userId: investorQualifications.userId, qualifies: investorQualifications.qualifies })
    .from(investorQualifications)
    .where(inArray(investorQualifications.userId, [...userIds]))
    .orderBy(investorQualifications.userId, desc(investorQualifications.confirmedAt), desc(investorQualifications.id));
  for (const row of rows) standings.set(row.userId, standingOf(row));
  return standings;
}

// ---- The firm's statements (admins) ------------------------------------------------------------

/** The live statements with every language and how many investors' latest answer each version is. */
export async function listStatementsForAdmin(ctx: ServiceContext, actor: Actor): Promise<AdminQualificationStatement[]> {
  requireAdmin(actor);
  const latest = ctx.db
    .selectDistinctOn([investorQualifications.userId], { statementId: investorQualifications.statementId })
    .from(investorQualifications)
    .orderBy(investorQualifications.userId, desc(investorQualifications.confirmedAt), desc(investorQualifications.id))
    .as("latest");
  const [rows, counts] = await Promise.all([
    ctx.db
      .select()
      .from(qualificationStatements)
      .where(isNull(qualificationStatements.retiredAt))
      .orderBy(jurisdictionOrder, asc(qualificationStatements.position), asc(qualificationStatements.createdAt)),
    ctx.db.select({ statementId: latest.statementId, count: sql<number>`count(*)::int` }).from(latest).groupBy(latest.statementId),
  ]);
  const confirmations = new Map(counts.map((c) => [c.statementId, c.count]));
  return rows.map((row) => ({
    id: row.id,
    lineage: row.lineage,
    version: row.version,
    jurisdiction: row.jurisdiction,
    qualifies: row.qualifies,
    position: row.position,
    texts: { en: inLocale(row, "en"), ar: inLocale(row, "ar"), ckb: inLocale(row, "ckb") },
    confirmations: confirmations.get(row.id) ?? 0,
    updatedAt: row.createdAt.toISOString(),
  }));
}

const rowValues = (form: StatementForm) => ({
  jurisdiction: form.jurisdiction,
  qualifies: form.qualifies,
  titleEn: form.titleEn,
  bodyEn: form.bodyEn,
  titleAr: form.titleAr,
  bodyAr: form.bodyAr,
  titleCkb: form.titleCkb,
  bodyCkb: form.bodyCkb,
});

async function lockLiveStatement(tx: Database, id: string): Promise<StatementRow> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", STATEMENT_TOASTS.notFound);
  const [row] = await tx
    .select()
    .from(qualificationStatements)
    .where(and(eq(qualificationStatements.id, id), isNull(qualificationStatements.retiredAt)))
    .for("update")
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", STATEMENT_TOASTS.notFound);
  return row;
}

/**
 * A new statement (last of its jurisdiction), or the next version of a live one: the old
 * version is retired in the same transaction, so investors who confirmed it keep its words.
 */
export async function saveStatement(ctx: ServiceContext, actor: Actor, form: StatementForm): Promise<{ id: string; revised: boolean }> {
  const adminId = requireAdmin(actor);
  return ctx.db.transaction(async (tx) => {
    if (!form.id) {
      const [{ last } = { last: null }] = await tx
        .select({ last: max(qualificationStatements.position) })
        .from(qualificationStatements)
        .where(and(eq(qualificationStatements.jurisdiction, form.jurisdiction), isNull(qualificationStatements.retiredAt)));
      const id = crypto.randomUUID();
      const [created] = await tx
        .insert(qualificationStatements)
        .values({ id, lineage: id, version: 1, position: (last ?? -1) + 1, createdBy: adminId, ...rowValues(form) })
        .returning();
      await recordAudit(tx, { actorId: adminId, action: "qualification.create", entity: "qualification_statements", entityId: id, before: null, after: created });
      return { id, revised: false };
    }
    const before = await lockLiveStatement(tx, form.id);
    await tx.update(qualificationStatements).set({ retiredAt: new Date() }).where(eq(qualificationStatements.id, before.id));
    const [next] = await tx
      .insert(qualificationStatements)
      .values({
        lineage: before.lineage,
        version: before.version + 1,
        position: before.position,
        createdBy: adminId,
        ...rowValues(form),
      })
      .returning();
    await recordAudit(tx, { actorId: adminId, action: "qualification.revise", entity: "qualification_statements", entityId: next!.id, before, after: next });
    return { id: next!.id, revised: true };
  });
}

/** Takes a statement out of the questionnaire; investors who confirmed it keep their answer and its words. */
export async function retireStatement(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const before = await lockLiveStatement(tx, id);
    const [after] = await tx.update(qualificationStatements).set({ retiredAt: new Date() }).where(eq(qualificationStatements.id, id)).returning();
    await recordAudit(tx, { actorId: adminId, action: "qualification.retire", entity: "qualification_statements", entityId: id, before, after });
  });
}
