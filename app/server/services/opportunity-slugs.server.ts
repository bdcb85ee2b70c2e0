import { and, eq, like, ne } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { firstFreeSlug, SLUG_MESSAGES, slugify } from "~/domain/opportunity-slugs";
import type { Database } from "../db/client.server";
import { investmentOpportunities, opportunitySlugHistory } from "../db/schema.server";

/**
 * Opportunities' addresses (issue 33). A slug is one opportunity's current address or one
 * opportunity's old address (opportunity_slug_history, answering 301), never both and
 * never two opportunities': a bookmark keeps leading where it led. Called inside the
 * transaction that saves the opportunity (`tx` first, as recordAudit).
 */

/** Whether `slug` leads anywhere but to `ownerId`: another opportunity's current or old address. */
async function takenByAnother(tx: Database, slug: string, ownerId: string | null): Promise<boolean> {
  const [current] = await tx
    .select({ id: investmentOpportunities.id })
    .from(investmentOpportunities)
    .where(ownerId ? and(eq(investmentOpportunities.slug, slug), ne(investmentOpportunities.id, ownerId)) : eq(investmentOpportunities.slug, slug))
    .limit(1);
  if (current) return true;
  const [old] = await tx
    .select({ id: opportunitySlugHistory.opportunityId })
    .from(opportunitySlugHistory)
    .where(ownerId ? and(eq(opportunitySlugHistory.slug, slug), ne(opportunitySlugHistory.opportunityId, ownerId)) : eq(opportunitySlugHistory.slug, slug))
    .limit(1);
  return Boolean(old);
}

/** Every address, current or old, that starts with `base`: the ones a numbered suffix must avoid. */
async function addressesLike(tx: Database, base: string): Promise<Set<string>> {
  const pattern = `${base.replace(/[\\%_]/g, "\\$&")}%`;
  const current = await tx.select({ slug: investmentOpportunities.slug }).from(investmentOpportunities).where(like(investmentOpportunities.slug, pattern));
  const old = await tx.select({ slug: opportunitySlugHistory.slug }).from(opportunitySlugHistory).where(like(opportunitySlugHistory.slug, pattern));
  return new Set([...current, ...old].map((row) => row.slug));
}

/**
 * The slug a new opportunity gets: the admin's, refused when it leads elsewhere already,
 * or one made from its English title, numbered when that is taken ("erbil-2").
 */
export async function slugForNewOpportunity(tx: Database, { wanted, title }: { wanted: string | null; title: string }): Promise<string> {
  if (wanted) {
    if (await takenByAnother(tx, wanted, null)) throw new AppError("CONFLICT", SLUG_MESSAGES.taken, { detail: { slug: wanted } });
    return wanted;
  }
  const base = slugify(title);
  const taken = await addressesLike(tx, base);
  return firstFreeSlug(base, (slug) => taken.has(slug));
}

/**
 * An existing opportunity's slug after a save: unchanged when none is wanted; otherwise
 * the wanted one (refused when it leads to another opportunity), the old one kept in the
 * history so it answers 301, and the new one taken out of the history if it was there.
 */
export async function renameSlug(tx: Database, { opportunityId, current, wanted }: { opportunityId: string; current: string; wanted: string | null }): Promise<string> {
  if (!wanted || wanted === current) return current;
  if (await takenByAnother(tx, wanted, opportunityId)) throw new AppError("CONFLICT", SLUG_MESSAGES.taken, { detail: { slug: wanted } });
  await tx.delete(opportunitySlugHistory).where(eq(opportunitySlugHistory.slug, wanted));
  await tx.insert(opportunitySlugHistory).values({ slug: current, opportunityId }).onConflictDoNothing();
  return wanted;
}

/** The opportunity an old address belonged to, if any. */
export async function formerOwnerOf(db: Database, slug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: opportunitySlugHistory.opportunityId })
    .from(opportunitySlugHistory)
    .where(eq(opportunitySlugHistory.slug, slug))
    .limit(1);
  return row?.id;
}
