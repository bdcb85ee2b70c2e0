import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { isUuid } from "~/domain/uuid";
import { pipelineStage, type InvestorPipeline, type PipelineRow, type PipelineSigning } from "~/domain/pipeline";
import { signingReference } from "~/domain/signing";
import { investmentOpportunities, ndaAcceptances, ndaVersions, opportunityInterests, signingRequests, user } from "../db/schema.server";
import type { Database } from "../db/client.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { identityStatuses } from "./identity-checks.server";
import { qualificationStandings } from "./qualifications.server";

/**
 * An opportunity's pipeline for the admins (issue 35, item 5): every investor with an
 * expression of interest in it or its agreement accepted (at most 500), with their latest
 * interest, category, identity check and acceptance, furthest along first. Admins only.
 */

export const PIPELINE_LIMIT = 500;

export async function listPipelineForAdmin(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId: string }): Promise<PipelineRow[]> {
  requireAdmin(actor);
  if (!isUuid(opportunityId)) return [];
  const interested = ctx.db
    .select({ userId: sql<string>`${opportunityInterests.userId}`.as("user_id") })
    .from(opportunityInterests)
    .where(and(eq(opportunityInterests.opportunityId, opportunityId), sql`${opportunityInterests.userId} is not null`));
  const accepted = ctx.db
    .select({ userId: sql<string>`${ndaAcceptances.userId}`.as("user_id") })
    .from(ndaAcceptances)
    .where(and(eq(ndaAcceptances.opportunityId, opportunityId), sql`${ndaAcceptances.userId} is not null`));
  const signing = ctx.db
    .select({ userId: sql<string>`${signingRequests.userId}`.as("user_id") })
    .from(signingRequests)
    .where(and(eq(signingRequests.opportunityId, opportunityId), sql`${signingRequests.userId} is not null`, sql`${signingRequests.status} <> 'withdrawn'`));
  const people = await ctx.db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, sql`(${interested} union ${accepted} union ${signing})`))
    .limit(PIPELINE_LIMIT);
  if (people.length === 0) return [];
  const ids = people.map((p) => p.id);
  const [interests, agreements, standings, identities, signings] = await Promise.all([
    ctx.db
      .selectDistinctOn([opportunityInterests.userId], { userId: opportunityInterests.userId, status: opportunityInterests.status, amountUsd: opportunityInterests.amountUsd, at: opportunityInterests.createdAt })
      .from(opportunityInterests)
      .where(and(eq(opportunityInterests.opportunityId, opportunityId), inArray(opportunityInterests.userId, ids)))
      .orderBy(opportunityInterests.userId, desc(opportunityInterests.createdAt)),
    ctx.db
      .selectDistinctOn([ndaAcceptances.userId], { userId: ndaAcceptances.userId, version: ndaVersions.version, at: ndaAcceptances.acceptedAt })
      .from(ndaAcceptances)
      .innerJoin(ndaVersions, eq(ndaVersions.id, ndaAcceptances.ndaVersionId))
      .where(and(eq(ndaAcceptances.opportunityId, opportunityId), inArray(ndaAcceptances.userId, ids)))
      .orderBy(ndaAcceptances.userId, desc(ndaAcceptances.acceptedAt)),
    qualificationStandings(ctx.db, ids),
    identityStatuses(ctx.db, ids),
    latestSignings(ctx.db, { userIds: ids, opportunityIds: [opportunityId] }),
  ]);
  const interestOf = new Map(interests.map((i) => [i.userId!, i]));
  const agreementOf = new Map(agreements.map((a) => [a.userId!, a]));
  const rows = people.map((person): PipelineRow => {
    const interest = interestOf.get(person.id);
    const agreement = agreementOf.get(person.id);
    const facts = {
      qualification: standings.get(person.id) ?? "unstated",
      identity: identities.get(person.id) ?? "not_started",
      agreement: agreement ? { version: agreement.version, at: agreement.at.toISOString() } : null,
      signing: signings.get(`${person.id}:${opportunityId}`) ?? null,
    } as const;
    return {
      userId: person.id,
      name: person.name,
      email: person.email,
      interest: interest ? { status: interest.status, amountUsd: Number(interest.amountUsd), at: interest.at.toISOString() } : null,
      ...facts,
      stage: pipelineStage(facts),
    };
  });
  const order = ["signed", "agreement", "identity", "qualified", "interest"];
  return rows.sort((a, b) => order.indexOf(a.stage) - order.indexOf(b.stage) || a.name.localeCompare(b.name));
}

/** The opportunity's title, or undefined (the page's heading and the CSV's name). */
export async function findPipelineOpportunity(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId: string }) {
  requireAdmin(actor);
  if (!isUuid(opportunityId)) return undefined;
  const [row] = await ctx.db.select({ id: investmentOpportunities.id, title: investmentOpportunities.title }).from(investmentOpportunities).where(eq(investmentOpportunities.id, opportunityId)).limit(1);
  return row;
}

/**
 * One investor's pipeline (issue 35, item 5, "per investor"): their category and identity
 * check, and each opportunity they registered interest in or whose agreement they accepted,
 * with the stage reached there. Admins only; undefined for no such account.
 */
export async function getInvestorPipelineForAdmin(ctx: ServiceContext, actor: Actor, { userId }: { userId: string }): Promise<InvestorPipeline | undefined> {
  requireAdmin(actor);
  const [person] = await ctx.db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  if (!person) return undefined;
  const [interests, agreements, standings, identities, signings] = await Promise.all([
    ctx.db
      .selectDistinctOn([opportunityInterests.opportunityId], {
        opportunityId: opportunityInterests.opportunityId,
        status: opportunityInterests.status,
        amountUsd: opportunityInterests.amountUsd,
        at: opportunityInterests.createdAt,
      })
      .from(opportunityInterests)
      .where(eq(opportunityInterests.userId, person.id))
      .orderBy(opportunityInterests.opportunityId, desc(opportunityInterests.createdAt)),
    ctx.db
      .selectDistinctOn([ndaAcceptances.opportunityId], { opportunityId: ndaAcceptances.opportunityId, version: ndaVersions.version, at: ndaAcceptances.acceptedAt })
      .from(ndaAcceptances)
      .innerJoin(ndaVersions, eq(ndaVersions.id, ndaAcceptances.ndaVersionId))
      .where(and(eq(ndaAcceptances.userId, person.id), sql`${ndaAcceptances.opportunityId} is not null`))
      .orderBy(ndaAcceptances.opportunityId, desc(ndaAcceptances.acceptedAt)),
    qualificationStandings(ctx.db, [person.id]),
    identityStatuses(ctx.db, [person.id]),
    latestSignings(ctx.db, { userIds: [person.id] }),
  ]);
  const signed = [...signings.keys()].map((key) => key.split(":")[1]!);
  const ids = [...new Set([...interests.map((i) => i.opportunityId), ...agreements.map((a) => a.opportunityId!), ...signed])];
  const titles =
    ids.length === 0
      ? []
      : await ctx.db.select({ id: investmentOpportunities.id, title: investmentOpportunities.title }).from(investmentOpportunities).where(inArray(investmentOpportunities.id, ids));
  const qualification = standings.get(person.id) ?? "unstated";
  const identity = identities.get(person.id) ?? "not_started";
  const opportunities = titles
    .map((o) => {
      const interest = interests.find((i) => i.opportunityId === o.id);
      const agreement = agreements.find((a) => a.opportunityId === o.id);
      const facts = { qualification, identity, agreement: agreement ? { version: agreement.version, at: agreement.at.toISOString() } : null, signing: signings.get(`${person.id}:${o.id}`) ?? null };
      return {
        id: o.id,
        title: o.title,
        interest: interest ? { status: interest.status, amountUsd: Number(interest.amountUsd), at: interest.at.toISOString() } : null,
        agreement: facts.agreement,
        signing: facts.signing,
        stage: pipelineStage(facts),
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
  return { investor: { ...person, qualification, identity }, opportunities };
}

/**
 * The latest agreement to sign of each investor in each opportunity (withdrawn ones aside),
 * keyed "<user id>:<opportunity id>"; a signed one wins over a later one still waiting.
 */
async function latestSignings(db: Database, { userIds, opportunityIds }: { userIds: string[]; opportunityIds?: string[] }): Promise<Map<string, PipelineSigning>> {
  const rows = await db
    .selectDistinctOn([signingRequests.userId, signingRequests.opportunityId], {
      id: signingRequests.id,
      userId: signingRequests.userId,
      opportunityId: signingRequests.opportunityId,
      kind: signingRequests.kind,
      status: signingRequests.status,
      preparedAt: signingRequests.preparedAt,
      signedAt: signingRequests.signedAt,
    })
    .from(signingRequests)
    .where(
      and(
        inArray(signingRequests.userId, userIds),
        opportunityIds ? inArray(signingRequests.opportunityId, opportunityIds) : sql`${signingRequests.opportunityId} is not null`,
        sql`${signingRequests.status} <> 'withdrawn'`,
      ),
    )
    .orderBy(signingRequests.userId, signingRequests.opportunityId, sql`${signingRequests.status} = 'signed' desc`, desc(signingRequests.preparedAt));
  return new Map(
    rows.map((r) => [
      `${r.userId}:${r.opportunityId}`,
      { kind: r.kind, status: r.status === "signed" ? "signed" : "awaiting", reference: signingReference(r.kind, r.id), at: (r.signedAt ?? r.preparedAt).toISOString() },
    ]),
  );
}
