import { opportunityPath } from "~/domain/site-map";
import { and, desc, eq, ilike, isNotNull } from "drizzle-orm";
import { ACTIVITY_LIMIT, type ActivityEvent } from "~/domain/activity";
import { likePattern } from "~/domain/admin-messages";
import { documentPath } from "~/domain/documents";
import { documentDownloads, documents, investmentOpportunities, opportunityInterests, profiles, user } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";

/**
 * Investors' recent activity for the admins (issue 15): their downloads and their
 * expressions of interest, newest first, of everyone or of the investors whose e-mail
 * matches `q`. Each kind is read newest first up to ACTIVITY_LIMIT, then the two merged and
 * cut to ACTIVITY_LIMIT: a merge of two tables that no one index orders, so the list has
 * one order (newest first) and one page, never a keyset page of its own.
 */
export async function recentActivity(ctx: ServiceContext, actor: Actor, { q }: { q: string }): Promise<ActivityEvent[]> {
  requireAdmin(actor);
  const who = q ? ilike(user.email, likePattern(q)) : undefined;
  const investor = { id: user.id, email: user.email, firstName: profiles.firstName, lastName: profiles.lastName };
  const [downloads, interests] = await Promise.all([
    ctx.db
      .select({ ...investor, rowId: documentDownloads.id, at: documentDownloads.createdAt, subjectId: documents.id, subject: documents.title })
      .from(documentDownloads)
      .innerJoin(user, eq(user.id, documentDownloads.userId))
      .leftJoin(profiles, eq(profiles.id, user.id))
      .innerJoin(documents, eq(documents.id, documentDownloads.documentId))
      .where(and(isNotNull(documentDownloads.userId), who))
      .orderBy(desc(documentDownloads.createdAt), desc(documentDownloads.id))
      .limit(ACTIVITY_LIMIT),
    ctx.db
      .select({
        ...investor,
        rowId: opportunityInterests.id,
        at: opportunityInterests.createdAt,
        subjectId: investmentOpportunities.id,
        subjectSlug: investmentOpportunities.slug,
        subject: investmentOpportunities.title,
        amountUsd: opportunityInterests.amountUsd,
        status: opportunityInterests.status,
        withdrawnAt: opportunityInterests.withdrawnAt,
      })
      .from(opportunityInterests)
      .innerJoin(user, eq(user.id, opportunityInterests.userId))
      .leftJoin(profiles, eq(profiles.id, user.id))
      .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, opportunityInterests.opportunityId))
      .where(who)
      .orderBy(desc(opportunityInterests.createdAt), desc(opportunityInterests.id))
      .limit(ACTIVITY_LIMIT),
  ]);
  const name = (r: { firstName: string | null; lastName: string | null; email: string }) => `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim() || r.email;
  const events: ActivityEvent[] = [
    ...downloads.map((d) => ({
      id: `download:${d.rowId}`,
      kind: "download" as const,
      at: d.at.toISOString(),
      investor: { id: d.id, name: name(d), email: d.email },
      subject: d.subject,
      subjectPath: documentPath(d.subjectId),
      interest: null,
    })),
    ...interests.map((i) => ({
      id: `interest:${i.rowId}`,
      kind: "interest" as const,
      at: i.at.toISOString(),
      investor: { id: i.id, name: name(i), email: i.email },
      subject: i.subject,
      subjectPath: opportunityPath(i.subjectSlug),
      interest: { amountUsd: Number(i.amountUsd), status: i.status, withdrawn: i.withdrawnAt !== null },
    })),
  ];
  return events.sort((a, b) => b.at.localeCompare(a.at)).slice(0, ACTIVITY_LIMIT);
}
