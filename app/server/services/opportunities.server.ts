import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { type AdminOpportunity, type OpportunityFormValues, type OpportunityText, splitOpportunityForm, TRANSLATED_LOCALES, type TranslatedLocale } from "~/domain/admin-opportunities";
import { AppError } from "~/domain/app-error";
import { startOfDayInZone } from "~/domain/calendar";
import type { Opportunity, OpportunityCardFields, PublicOpportunity } from "~/domain/opportunities";
import { EVERYONE } from "~/domain/opportunity-access";
import type { ConstructionStage } from "~/domain/opportunity-memo";
import { looksLikeId } from "~/domain/opportunity-slugs";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.server";
import { commitments, investmentOpportunities, opportunityInterests, opportunityTranslations, paymentPlans } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { removeUnusedImage, storeImage, type UploadedImage } from "../storage/images.server";
import { recordAudit } from "./audit.server";
import { entitlementsOf } from "./entitlements.server";
import { allMemoListsForAdmin, memoListsOf, saveMemoLists } from "./opportunity-memos.server";
import { removeOpportunityPhotos } from "./opportunity-images.server";
import { opportunityOpenTo, readerNow } from "./opportunity-access.server";
import { formerOwnerOf, renameSlug, slugForNewOpportunity } from "./opportunity-slugs.server";

const o = investmentOpportunities;
const tr = opportunityTranslations;

/** A text field in the reader's language where the firm wrote it, in English otherwise. */
const inReadersLanguage = (translated: AnyPgColumn, english: AnyPgColumn) => sql<string>`coalesce(nullif(${translated}, ''), ${english})`.mapWith(String);
/** The same for a memo field that may be left blank in every language: null then. */
const inReadersLanguageOrNull = (translated: AnyPgColumn, english: AnyPgColumn) => sql<string | null>`coalesce(nullif(${translated}, ''), nullif(${english}, ''))`;

/** What a card in the public list shows, its text in the reader's language (issue 17). */
const cardColumns = {
  id: o.id,
  slug: o.slug,
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

/** The memo's figures and words (issue 33), in the reader's language where written; its lists come from memoListsOf. */
const memoColumns = {
  district: inReadersLanguageOrNull(tr.district, o.district),
  city: inReadersLanguageOrNull(tr.city, o.city),
  latitude: o.latitude,
  longitude: o.longitude,
  developerYearsActive: o.developerYearsActive,
  fees: inReadersLanguageOrNull(tr.fees, o.fees),
  exitRoute: inReadersLanguageOrNull(tr.exitRoute, o.exitRoute),
  holdingPeriod: inReadersLanguageOrNull(tr.holdingPeriod, o.holdingPeriod),
  keyRisks: sql<string[]>`case when cardinality(${tr.keyRisks}) > 0 then ${tr.keyRisks} else ${o.keyRisks} end`,
  constructionStage: sql<ConstructionStage | null>`${o.constructionStage}`,
  percentComplete: o.percentComplete,
  lastSiteVisit: o.lastSiteVisit,
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
): Promise<Omit<PublicOpportunity, "memo"> | undefined> {
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

/**
 * The opportunity at an address (issue 33), with its memo, when the reader may see it:
 * `/opportunities/<slug>` is its page (`current`); its id or a slug it had before lead to
 * it too, for the page to answer 301 to the current address. Anything else, and any
 * opportunity the reader may not see (draft, archived, not yet open to them), is undefined:
 * an early-access opportunity's address is not told through a redirect either.
 */
export async function locateOpportunity(
  ctx: ServiceContext,
  actor: Actor,
  { address }: { address: string },
): Promise<{ opportunity: PublicOpportunity; current: boolean } | undefined> {
  const reader = await entitlementsOf(ctx, actor);
  const find = async (where: SQL) => {
    const [row] = await ctx.db
      .select({ ...publicColumns, memo: memoColumns })
      .from(o)
      .leftJoin(tr, translationFor(ctx))
      .where(and(where, opportunityOpenTo(reader, readerNow(ctx))))
      .limit(1);
    return row;
  };
  let current = true;
  let row = looksLikeId(address) ? undefined : await find(eq(o.slug, address));
  if (!row) {
    current = false;
    const id = looksLikeId(address) ? address.toLowerCase() : await formerOwnerOf(ctx.db, address);
    row = id ? await find(eq(o.id, id)) : undefined;
  }
  if (!row) return undefined;
  const lists = await memoListsOf(ctx.db, row.id, ctx.locale ?? "en");
  return { opportunity: { ...row, memo: { ...row.memo, ...lists } }, current };
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
  const [rows, texts, lists] = await Promise.all([
    ctx.db.select().from(investmentOpportunities).orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id)),
    ctx.db.select().from(opportunityTranslations),
    allMemoListsForAdmin(ctx.db),
  ]);
  return rows.map((row) => ({
    ...row,
    paymentPlan: lists.get(row.id)?.paymentPlan ?? [],
    developerProjects: lists.get(row.id)?.developerProjects ?? [],
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
            district: text.district ?? "",
            city: text.city ?? "",
            fees: text.fees ?? "",
            exitRoute: text.exitRoute ?? "",
            holdingPeriod: text.holdingPeriod ?? "",
            keyRisks: text.keyRisks,
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
  const { id, publicDate, slug: wantedSlug, paymentPlan, developerProjects, ...fields } = form;
  const lists = { paymentPlan, developerProjects };
  const now = readerNow(ctx);
  const values = { ...fields, publicAt: publicDate ? startOfDayInZone(publicDate, ctx.config.firmTimeZone) : null };
  const saved = await ctx.db.transaction(async (tx) => {
    if (input.image) values.imageUrl = await storeImage(tx, input.image);
    if (!id) {
      const slug = await slugForNewOpportunity(tx, { wanted: wantedSlug, title: values.title });
      const [created] = await tx
        .insert(investmentOpportunities)
        .values({ ...values, slug, activatedAt: values.status === "active" ? now : null })
        .returning();
      await saveTranslations(tx, created!.id, translations);
      await saveMemoLists(tx, created!.id, lists);
      await recordAudit(tx, { actorId: adminId, action: "opportunity.create", entity: "investment_opportunities", entityId: created!.id, before: null, after: { ...created, translations, ...lists } });
      if (created!.status === "active") await lookForAlerts(ctx, tx);
      return { created: true, opportunity: created! };
    }
    const [before] = await tx.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, id)).for("update").limit(1);
    if (!before) throw new AppError("NOT_FOUND", "admin.error.opportunityNotFound");
    const activatedAt = values.status === "active" && before.status !== "active" ? now : before.activatedAt;
    const slug = await renameSlug(tx, { opportunityId: id, current: before.slug, wanted: wantedSlug });
    const [after] = await tx
      .update(investmentOpportunities)
      .set({ ...values, slug, activatedAt, updatedAt: now })
      .where(eq(investmentOpportunities.id, id))
      .returning();
    await saveTranslations(tx, id, translations);
    await saveMemoLists(tx, id, lists);
    await recordAudit(tx, { actorId: adminId, action: "opportunity.update", entity: "investment_opportunities", entityId: id, before, after: { ...after, translations, ...lists } });
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

/**
 * Deletes an opportunity (admins only), audited; its uploaded image goes with it once nothing
 * shows it, its gallery's photos and files at once. One with a payment plan or a commitment is
 * refused: deleting it would take the plan and the escrow account its investors pay into
 * (and a plan's instalments hold its milestones). It is archived instead.
 */
export async function deleteOpportunity(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const [plan] = await tx.select({ id: paymentPlans.opportunityId }).from(paymentPlans).where(eq(paymentPlans.opportunityId, id)).limit(1);
    const [commitment] = plan ? [] : await tx.select({ id: commitments.id }).from(commitments).where(eq(commitments.opportunityId, id)).limit(1);
    if (plan || commitment) throw new AppError("CONFLICT", "admin.error.opportunityHasPlan");
    await removeOpportunityPhotos(tx, id);
    const [row] = await tx.delete(investmentOpportunities).where(eq(investmentOpportunities.id, id)).returning();
    if (!row) throw new AppError("NOT_FOUND", "admin.error.opportunityNotFound");
    await recordAudit(tx, { actorId: adminId, action: "opportunity.delete", entity: "investment_opportunities", entityId: id, before: row, after: null });
    if (await removeUnusedImage(tx, row.imageUrl)) ctx.log.info({ imageUrl: row.imageUrl }, "admin: unused image removed");
  });
}
