import { createHash } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, max, sql } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { isUuid } from "~/domain/uuid";
import { NDA_MESSAGES, type AdminNdaVersion, type Clearance, type NdaAcceptanceView, type NdaForm, type NdaVersionView } from "~/domain/confidentiality";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { identityChecks, investmentOpportunities, ndaAcceptances, ndaVersions, user } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { formatMomentInZone } from "~/domain/admin-format";
import { brand } from "~/domain/brand";
import { dateLocaleOf } from "~/i18n/date-locales";
import { translator } from "~/i18n/i18n";
import { directionOf } from "~/i18n/locales";
import { loadForSeal, renderAgreement } from "../documents/agreement-pdf.server";
import { sealPdf } from "../documents/seal.server";
import { recordAudit } from "./audit.server";
import { sealKeyOf } from "./signing.server";
import { entitlementsOf } from "./entitlements.server";
import { opportunityOpenTo, readerNow } from "./opportunity-access.server";

/**
 * Confidentiality agreements (issue 35, item 3; decision 045): each opportunity's agreement
 * in versions written by admins (audited), accepted by investors in their language; and the
 * reader's clearance for confidential documents (an approved identity check, the
 * agreements accepted), which the document services weigh with `confidentialAccess`.
 */

const BODY = { en: "bodyEn", ar: "bodyAr", ckb: "bodyCkb" } as const satisfies Record<Locale, keyof typeof ndaVersions.$inferSelect>;
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

const now = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();

const memo = new WeakMap<object, Map<string, Promise<Clearance | null>>>();

/** The actor's clearance, read once per request context; null for an admin (who needs none). */
export function clearanceOf(ctx: ServiceContext, actor: Actor): Promise<Clearance | null> {
  if (actor.kind !== "user") return Promise.resolve({ signedIn: false, identityApproved: false, ndaOpportunityIds: [] });
  if (actor.isAdmin) return Promise.resolve(null);
  let known = memo.get(ctx);
  if (!known) memo.set(ctx, (known = new Map()));
  let found = known.get(actor.userId);
  if (!found) {
    found = Promise.all([
      ctx.db.select({ status: identityChecks.status }).from(identityChecks).where(eq(identityChecks.userId, actor.userId)).limit(1),
      ctx.db
        .selectDistinct({ opportunityId: ndaAcceptances.opportunityId })
        .from(ndaAcceptances)
        .where(and(eq(ndaAcceptances.userId, actor.userId), isNotNull(ndaAcceptances.opportunityId))),
    ]).then(([[check], accepted]) => ({
      signedIn: true,
      identityApproved: check?.status === "approved",
      ndaOpportunityIds: accepted.map((a) => a.opportunityId!),
    }));
    found.catch(() => known.delete(actor.userId));
    known.set(actor.userId, found);
  }
  return found;
}

/** The current version of an opportunity's agreement, if it has one. */
async function currentVersion(db: ServiceContext["db"], opportunityId: string) {
  const [row] = await db.select().from(ndaVersions).where(eq(ndaVersions.opportunityId, opportunityId)).orderBy(desc(ndaVersions.version)).limit(1);
  return row;
}

/** The reader's latest acceptance of an opportunity's agreement, if any (the stamp names it). */
export async function acceptanceFor(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId: string }): Promise<NdaAcceptanceView | null> {
  const userId = requireUser(actor);
  const [row] = await ctx.db
    .select({ id: ndaAcceptances.id, version: ndaVersions.version, acceptedAt: ndaAcceptances.acceptedAt, signerName: ndaAcceptances.signerName, textSha256: ndaAcceptances.textSha256 })
    .from(ndaAcceptances)
    .innerJoin(ndaVersions, eq(ndaVersions.id, ndaAcceptances.ndaVersionId))
    .where(and(eq(ndaAcceptances.userId, userId), eq(ndaAcceptances.opportunityId, opportunityId)))
    .orderBy(desc(ndaAcceptances.acceptedAt))
    .limit(1);
  return row ? { ...row, acceptedAt: row.acceptedAt.toISOString() } : null;
}

/**
 * What the agreement's page shows a signed-in reader: the opportunity (one they may see),
 * the current version in their language, their acceptance, and whether their identity is
 * approved. Undefined when the opportunity is not there for them.
 */
export async function getNdaForReader(ctx: ServiceContext, actor: Actor, { slug }: { slug: string }) {
  requireUser(actor);
  const entitlements = await entitlementsOf(ctx, actor);
  const [opportunity] = await ctx.db
    .select({ id: investmentOpportunities.id, title: investmentOpportunities.title, slug: investmentOpportunities.slug })
    .from(investmentOpportunities)
    .where(and(eq(investmentOpportunities.slug, slug), actor.kind === "user" && actor.isAdmin ? undefined : opportunityOpenTo(entitlements, readerNow(ctx))))
    .limit(1);
  if (!opportunity) return undefined;
  const locale = ctx.locale ?? DEFAULT_LOCALE;
  const [version, acceptance, clearance] = await Promise.all([currentVersion(ctx.db, opportunity.id), acceptanceFor(ctx, actor, { opportunityId: opportunity.id }), clearanceOf(ctx, actor)]);
  const current: NdaVersionView | null = version ? { id: version.id, version: version.version, body: version[BODY[locale]], locale } : null;
  return { opportunity, current, acceptance, identityApproved: clearance === null || clearance.identityApproved };
}

/**
 * The reader accepts the version they read (its id): the words in their language, their
 * SHA-256, who (the account's name and address), when and from where. Accepting a version
 * twice keeps the first; a version that is no longer current is refused (the page shows the new one).
 */
export async function acceptNda(ctx: ServiceContext, actor: Actor, input: { slug: string; versionId: string }): Promise<NdaAcceptanceView> {
  const userId = requireUser(actor);
  const found = await getNdaForReader(ctx, actor, { slug: input.slug });
  if (!found?.current) throw new AppError("NOT_FOUND", NDA_MESSAGES.none);
  if (found.current.id !== input.versionId) throw new AppError("CONFLICT", NDA_MESSAGES.changed);
  const [account] = await ctx.db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  if (!account) throw new AppError("UNAUTHENTICATED", "error.accountMissing");
  await ctx.db
    .insert(ndaAcceptances)
    .values({
      ndaVersionId: found.current.id,
      opportunityId: found.opportunity.id,
      userId,
      signerName: account.name,
      signerEmail: account.email,
      locale: found.current.locale,
      textSha256: sha256(found.current.body),
      ipAddress: ctx.clientAddress ?? null,
      ...(ctx.clock ? { acceptedAt: ctx.clock() } : {}),
    })
    .onConflictDoNothing({ target: [ndaAcceptances.ndaVersionId, ndaAcceptances.userId] });
  memo.get(ctx)?.delete(userId);
  return (await acceptanceFor(ctx, actor, { opportunityId: found.opportunity.id }))!;
}

/** The reader's accepted agreements, newest first: the opportunity (its page, while it exists), the version and when. */
export async function listOwnNdaAcceptances(ctx: ServiceContext, actor: Actor): Promise<Array<{ opportunityTitle: string; slug: string | null; version: number; acceptedAt: string }>> {
  const userId = requireUser(actor);
  const rows = await ctx.db
    .select({ opportunityTitle: ndaVersions.opportunityTitle, slug: investmentOpportunities.slug, version: ndaVersions.version, acceptedAt: ndaAcceptances.acceptedAt })
    .from(ndaAcceptances)
    .innerJoin(ndaVersions, eq(ndaVersions.id, ndaAcceptances.ndaVersionId))
    .leftJoin(investmentOpportunities, eq(investmentOpportunities.id, ndaAcceptances.opportunityId))
    .where(eq(ndaAcceptances.userId, userId))
    .orderBy(desc(ndaAcceptances.acceptedAt))
    .limit(50);
  return rows.map((r) => ({ ...r, acceptedAt: r.acceptedAt.toISOString() }));
}

/**
 * The reader's copy of the agreement they accepted (issue 35, item 3): the words of the
 * version they accepted, in the language they read it in, with the record of the acceptance
 * (who, when, from where, which version, the words' SHA-256), sealed with the firm's seal.
 * Undefined when they have not accepted this opportunity's agreement.
 */
export async function ndaCopyFor(ctx: ServiceContext, actor: Actor, { slug }: { slug: string }): Promise<{ bytes: Uint8Array; fileName: string } | undefined> {
  const userId = requireUser(actor);
  const [row] = await ctx.db
    .select({ acceptance: ndaAcceptances, version: ndaVersions })
    .from(ndaAcceptances)
    .innerJoin(ndaVersions, eq(ndaVersions.id, ndaAcceptances.ndaVersionId))
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, ndaAcceptances.opportunityId))
    .where(and(eq(ndaAcceptances.userId, userId), eq(investmentOpportunities.slug, slug)))
    .orderBy(desc(ndaAcceptances.acceptedAt))
    .limit(1);
  if (!row) return undefined;
  const { acceptance, version } = row;
  const locale = acceptance.locale;
  const t = translator(locale);
  const date = formatMomentInZone(acceptance.acceptedAt, ctx.config.firmTimeZone, dateLocaleOf(locale));
  const reference = acceptance.id.slice(0, 8);
  const pdf = await renderAgreement(
    {
      direction: directionOf(locale),
      lang: locale === "en" ? "en-GB" : locale,
      firm: brand.legalName,
      kicker: t("verification.nda.title"),
      title: version.opportunityTitle,
      meta: [t("verification.nda.copy.reference", { reference, version: version.version })],
      fields: [
        { label: t("verification.nda.copy.acceptedBy"), value: `${acceptance.signerName} (${acceptance.signerEmail})` },
        { label: t("verification.nda.copy.acceptedAt"), value: date },
        { label: t("verification.nda.copy.address"), value: acceptance.ipAddress ?? "—" },
        { label: t("verification.nda.copy.sha"), value: acceptance.textSha256 },
      ],
      paragraphs: version[BODY[locale]]
        .split(/\n\s*\n/)
        .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
        .filter(Boolean),
      pageLabel: t("verification.signing.pdf.page", { n: "{{n}}" }),
    },
    acceptance.acceptedAt,
  );
  const sealed = await sealPdf(await loadForSeal(pdf), await sealKeyOf(ctx), { reason: `Confidentiality agreement accepted, ref. ${reference}`, location: brand.legalName, contactInfo: brand.email, name: brand.legalName }, now(ctx));
  return { bytes: sealed, fileName: `confidentiality-agreement-${reference}.pdf` };
}

// ---- Admins ------------------------------------------------------------------------------------

/** An opportunity's agreement as the admin edits it: its title and every version, newest first, with acceptances. */
export async function getNdaForAdmin(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId: string }) {
  requireAdmin(actor);
  if (!isUuid(opportunityId)) return undefined;
  const [opportunity] = await ctx.db
    .select({ id: investmentOpportunities.id, title: investmentOpportunities.title, slug: investmentOpportunities.slug })
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.id, opportunityId))
    .limit(1);
  if (!opportunity) return undefined;
  const versions = await ctx.db.select().from(ndaVersions).where(eq(ndaVersions.opportunityId, opportunityId)).orderBy(desc(ndaVersions.version));
  const counts =
    versions.length === 0
      ? []
      : await ctx.db
          .select({ id: ndaAcceptances.ndaVersionId, n: sql<number>`count(*)::int` })
          .from(ndaAcceptances)
          .where(inArray(ndaAcceptances.ndaVersionId, versions.map((v) => v.id)))
          .groupBy(ndaAcceptances.ndaVersionId);
  const accepted = new Map(counts.map((c) => [c.id, c.n]));
  const list: AdminNdaVersion[] = versions.map((v) => ({
    id: v.id,
    version: v.version,
    bodies: { en: v.bodyEn, ar: v.bodyAr, ckb: v.bodyCkb },
    acceptances: accepted.get(v.id) ?? 0,
    createdAt: v.createdAt.toISOString(),
  }));
  return { opportunity, versions: list };
}

/** The next version of an opportunity's agreement (the first, when it has none), audited. */
export async function saveNdaVersion(ctx: ServiceContext, actor: Actor, form: NdaForm): Promise<{ version: number }> {
  const adminId = requireAdmin(actor);
  return ctx.db.transaction(async (tx) => {
    const [opportunity] = await tx.select({ id: investmentOpportunities.id, title: investmentOpportunities.title }).from(investmentOpportunities).where(eq(investmentOpportunities.id, form.opportunityId)).for("update").limit(1);
    if (!opportunity) throw new AppError("NOT_FOUND", NDA_MESSAGES.notFound);
    const [{ last } = { last: null }] = await tx.select({ last: max(ndaVersions.version) }).from(ndaVersions).where(eq(ndaVersions.opportunityId, opportunity.id));
    const [created] = await tx
      .insert(ndaVersions)
      .values({ opportunityId: opportunity.id, opportunityTitle: opportunity.title, version: (last ?? 0) + 1, bodyEn: form.bodyEn, bodyAr: form.bodyAr, bodyCkb: form.bodyCkb, createdBy: adminId })
      .returning();
    await recordAudit(tx, { actorId: adminId, action: "nda.version", entity: "nda_versions", entityId: created!.id, before: null, after: created });
    return { version: created!.version };
  });
}
