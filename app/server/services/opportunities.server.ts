import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { type AdminOpportunity, type OpportunityFormValues, type OpportunityText, splitOpportunityForm, TRANSLATED_LOCALES, type TranslatedLocale } from "~/domain/admin-opportunities";
import { AppError } from "~/domain/app-error";
import { startOfDayInZone } from "~/domain/calendar";
import type { Opportunity, OpportunityCardFields, PublicOpportunity } from "~/domain/opportunities";
import { EVERYONE } from "~/domain/opportunity-access";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.server";
import { investmentOpportunities, opportunityInterests, opportunityTranslations } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { removeUnusedImage, storeImage, type UploadedImage } from "../storage/images.server";
import { recordAudit } from "./audit.server";
import { entitlementsOf } from "./entitlements.server";
import { opportunityOpenTo, readerNow } from "./opportunity-access.server";

const o = investmentOpportunities;
const tr = opportunityTranslations;

/** A text field in the reader's language where the firm wrote it, in English otherwise. */
const inReadersLanguage = (translated: AnyPgColumn, english: AnyPgColumn) => sql<string>`coalesce(nullif(${translated}, ''), ${english})`.mapWith(String);

/** What a card in the public list shows, its text in the reader's language (issue 17). */
const cardColumns = {
  id: o.id,
  title: inReadersLanguage(tr.title, o.title),
  description: inReadersLanguage(tr.description, o.description),
  location: inReadersLanguage(tr.location, o.location),
  minimumInvestment: o.minimumInvestment,
  projectedReturns: inReadersLanguage(tr.projectedReturns, o.projectedReturns),
  completionDate: o.completionDate,
  developer: o.developer,
  investmentPeriod: inReadersLanguage(tr.investmentPeriod, o.investmentPeriod),
  status: o.status,
  imageUrl: o.imageUrl,
  publicAt: o.publicAt,
  textLocale: sql<"en" | "ar" | "ckb">`case when nullif(${tr.title}, '') is null or nullif(${tr.description}, '') is null then 'en' else ${tr.locale} end`,
};

/** Everything a public visitor may see of one opportunity (no bookkeeping timestamps). */
const publicColumns = {
  ...cardColumns,
  totalValue: o.totalValue,
  projectHighlights: sql<string[]>`case when cardinality(${tr.projectHighlights}) > 0 then ${tr.projectHighlights} else ${o.projectHighlights} end`,
  unitsAvailable: o.unitsAvailable,
};

/** Joins each opportunity to its text in the reader's language: none for English. */
function translationFor(ctx: ServiceContext): SQL {
  const locale = ctx.locale;
  return locale === "ar" || locale === "ckb" ? and(eq(tr.opportunityId, o.id), eq(tr.locale, locale))! : sql`false`;
}

/**
 * The opportunities list, newest first: active and public ones for everyone, and for an
 * Elite member (or an admin) those opening to the public within their early-access days.
 * Drafts, archived ones and those not yet open to this reader are excluded in the query.
 */
export async function listActiveOpportunities(ctx: ServiceContext, actor: Actor): Promise<OpportunityCardFields[]> {
  const reader = await entitlementsOf(ctx, actor);
  return ctx.db
    .select(cardColumns)
    .from(o)
    .leftJoin(tr, translationFor(ctx))
    .where(opportunityOpenTo(reader, readerNow(ctx)))
    .orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id));
}

/** How many opportunities the dashboard suggests (issue 33). */
export const SUGGESTED_OPPORTUNITIES = 3;

/**
 * The opportunities a signed-in investor's dashboard suggests (issue 33): those they may see
 * now (the early-access rule, as the list), in which they hold no live expression of
 * interest, newest first, at most `limit`.
 */
export async function listSuggestedOpportunities(
  ctx: ServiceContext,
  actor: Actor,
  { limit = SUGGESTED_OPPORTUNITIES }: { limit?: number } = {},
): Promise<OpportunityCardFields[]> {
  const userId = requireUser(actor);
  const reader = await entitlementsOf(ctx, actor);
  const i = opportunityInterests;
  const interested = sql`exists (select 1 from ${i} where ${i.opportunityId} = ${o.id} and ${i.userId} = ${userId} and ${i.withdrawnAt} is null)`;
  return ctx.db
    .select(cardColumns)
    .from(o)
    .leftJoin(tr, translationFor(ctx))
    .where(and(opportunityOpenTo(reader, readerNow(ctx)), sql`not ${interested}`))
    .orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id))
    .limit(Math.max(0, Math.min(limit, SUGGESTED_OPPORTUNITIES)));
}

/** One opportunity the reader may see (as in the list); undefined for unknown, draft, archived or not yet open ones. */
export async function findActiveOpportunity(
  ctx: ServiceContext,
  actor: Actor,
  { id }: { id: string },
): Promise<PublicOpportunity | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const reader = await entitlementsOf(ctx, actor);
  const [row] = await ctx.db
    .select(publicColumns)
    .from(o)
    .leftJoin(tr, translationFor(ctx))
    .where(and(eq(investmentOpportunities.id, id), opportunityOpenTo(reader, readerNow(ctx))))
    .limit(1);
  return row;
}

/** The featured opportunity on the home page: the newest one open to everyone, if any. */
export async function findFeaturedOpportunity(ctx: ServiceContext, _actor: Actor): Promise<OpportunityCardFields | undefined> {
  const [row] = await ctx.db
    .select(cardColumns)
    .from(o)
    .leftJoin(tr, translationFor(ctx))
    .where(opportunityOpenTo(EVERYONE, readerNow(ctx)))
    .orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id))
    .limit(1);
  return row;
}

/** SPEC.md section 7 (admin): every opportunity, all statuses, newest first, with its translations. Admins only. */
export async function listOpportunitiesForAdmin(ctx: ServiceContext, actor: Actor): Promise<AdminOpportunity[]> {
  requireAdmin(actor);
  const [rows, texts] = await Promise.all([
    ctx.db.select().from(investmentOpportunities).orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id)),
    ctx.db.select().from(opportunityTranslations),
  ]);
  return rows.map((row) => ({
    ...row,
    translations: Object.fromEntries(
      texts
        .filter((text) => text.opportunityId === row.id)
        .map((text) => [
          text.locale,
          {
            title: text.title ?? "",
            description: text.description ?? "",
            location: text.location ?? "",
            projectedReturns: text.projectedReturns ?? "",
            investmentPeriod: text.investmentPeriod ?? "",
            projectHighlights: text.projectHighlights,
          },
        ]),
    ),
  }));
}

/** Writes an opportunity's text in each language in the transaction `tx`: a language left blank loses what it had. */
async function saveTranslations(tx: Database, opportunityId: string, translations: Record<TranslatedLocale, OpportunityText | null>): Promise<void> {
  for (const locale of TRANSLATED_LOCALES) {
    const text = translations[locale];
    if (!text) {
      await tx.delete(opportunityTranslations).where(and(eq(opportunityTranslations.opportunityId, opportunityId), eq(opportunityTranslations.locale, locale)));
      continue;
    }
    const values = { ...text, updatedAt: new Date() };
    await tx
      .insert(opportunityTranslations)
      .values({ opportunityId, locale, ...values })
      .onConflictDoUpdate({ target: [opportunityTranslations.opportunityId, opportunityTranslations.locale], set: values });
  }
}

/**
 * Creates (no `id`) or updates an opportunity, with its audit row, in one transaction; an
 * uploaded image is stored in it too, and the image it replaces removed once nothing shows
 * it, so the opportunity and its picture change together or not at all. Becoming active
 * stamps `activated_at` (when it became visible, for alerts); the public date is the start
 * of that day in the firm's time zone.
 */
export async function saveOpportunity(
  ctx: ServiceContext,
  actor: Actor,
  input: { values: OpportunityFormValues; image?: UploadedImage },
): Promise<{ created: boolean; opportunity: Opportunity }> {
  const adminId = requireAdmin(actor);
  const { fields: form, translations } = splitOpportunityForm(input.values);
  const { id, publicDate, ...fields } = form;
  const now = readerNow(ctx);
  const values = { ...fields, publicAt: publicDate ? startOfDayInZone(publicDate, ctx.config.firmTimeZone) : null };
  const saved = await ctx.db.transaction(async (tx) => {
    if (input.image) values.imageUrl = await storeImage(tx, input.image);
    if (!id) {
      const [created] = await tx
        .insert(investmentOpportunities)
        .values({ ...values, activatedAt: values.status === "active" ? now : null })
        .returning();
      await saveTranslations(tx, created!.id, translations);
      await recordAudit(tx, { actorId: adminId, action: "opportunity.create", entity: "investment_opportunities", entityId: created!.id, before: null, after: { ...created, translations } });
      if (created!.status === "active") await lookForAlerts(ctx, tx);
      return { created: true, opportunity: created! };
    }
    const [before] = await tx.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, id)).for("update").limit(1);
    if (!before) throw new AppError("NOT_FOUND", "admin.error.opportunityNotFound");
    const activatedAt = values.status === "active" && before.status !== "active" ? now : before.activatedAt;
    const [after] = await tx
      .update(investmentOpportunities)
      .set({ ...values, activatedAt, updatedAt: now })
      .where(eq(investmentOpportunities.id, id))
      .returning();
    await saveTranslations(tx, id, translations);
    await recordAudit(tx, { actorId: adminId, action: "opportunity.update", entity: "investment_opportunities", entityId: id, before, after: { ...after, translations } });
    if (before.imageUrl !== after!.imageUrl && (await removeUnusedImage(tx, before.imageUrl))) ctx.log.info({ imageUrl: before.imageUrl }, "admin: unused image removed");
    if (after!.status === "active") await lookForAlerts(ctx, tx);
    return { created: false, opportunity: after! };
  });
  return saved;
}

/** An active opportunity may have opened to someone: their alerts go now, not at the next minute's look. */
async function lookForAlerts(ctx: ServiceContext, tx: Database): Promise<void> {
  await ctx.jobs.send(tx, "opportunity-alerts", {});
}

/** Deletes an opportunity (admins only), audited; its uploaded image goes with it once nothing shows it. */
export async function deleteOpportunity(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(investmentOpportunities).where(eq(investmentOpportunities.id, id)).returning();
    if (!row) throw new AppError("NOT_FOUND", "admin.error.opportunityNotFound");
    await recordAudit(tx, { actorId: adminId, action: "opportunity.delete", entity: "investment_opportunities", entityId: id, before: row, after: null });
    if (await removeUnusedImage(tx, row.imageUrl)) ctx.log.info({ imageUrl: row.imageUrl }, "admin: unused image removed");
  });
}
