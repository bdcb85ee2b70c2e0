import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confidentialAccess } from "~/domain/confidentiality";
import { AppError } from "~/domain/app-error";
import "~/i18n/catalogues.server";
import { auditLog, identityChecks, ndaAcceptances, ndaVersions, opportunityInterests } from "~/server/db/schema.server";
import { createDocument, createOpportunity, createQualification, createUser } from "~/server/seed/factories.server";
import { exportPipelineCsv } from "~/server/services/exports.server";
import { getInvestorPipelineForAdmin, listPipelineForAdmin } from "~/server/services/pipeline.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { acceptNda, getNdaForAdmin, getNdaForReader, ndaCopyFor, saveNdaVersion } from "~/server/services/confidentiality.server";
import { pdfsig } from "../support/pdfsig";
import { deleteOwnAccount } from "~/server/services/account-data.server";
import { downloadDocument, findLibraryDocument } from "~/server/services/documents.server";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { createAdminTestbed, routeArgs, signInCookie, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * Issue 35, item 3: confidentiality agreements. An admin writes an opportunity's agreement
 * in versions (audited); an investor accepts the version they read, and the record keeps
 * who, when, where, which version and the words' SHA-256; a confidential document opens
 * only with an approved identity check and the agreement accepted, and the copy names the
 * acceptance. Acceptances outlive a deleted account.
 */

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await createAdminTestbed("nda-");
});
afterAll(() => bed?.destroy());

const form = (opportunityId: string, words = "Keep it confidential.") => ({ opportunityId, bodyEn: words, bodyAr: "حافظ على سريتها.", bodyCkb: "بە نهێنی بیهێڵەرەوە." });
const refusedWith = (code: string) => (e: unknown) => e instanceof AppError && e.code === code;

async function investor(prefix: string, identity: "approved" | "submitted" | null = "approved") {
  const email = `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
  const { id } = await createUser(bed.t.db, { email, password: bed.password, firstName: "Samira", lastName: "Haddad" });
  if (identity) await bed.t.db.insert(identityChecks).values({ userId: id, status: identity, documentType: "passport", submittedAt: new Date() });
  return { id, email, actor: { kind: "user", userId: id, isAdmin: false } as const };
}

const fresh = () => ({ ...bed.context });

describe(`confidentiality agreements (${testDriver})`, () => {
  it("decides a confidential document's access: audience first, then sign-in, identity, agreement", () => {
    const doc = { isConfidential: true, opportunityId: "o1" };
    expect(confidentialAccess("upgrade", doc, { signedIn: true, identityApproved: true, ndaOpportunityIds: ["o1"] })).toBe("upgrade");
    expect(confidentialAccess("granted", doc, { signedIn: false, identityApproved: false, ndaOpportunityIds: [] })).toBe("sign-in");
    expect(confidentialAccess("granted", doc, { signedIn: true, identityApproved: false, ndaOpportunityIds: ["o1"] })).toBe("identity");
    expect(confidentialAccess("granted", doc, { signedIn: true, identityApproved: true, ndaOpportunityIds: [] })).toBe("nda");
    expect(confidentialAccess("granted", doc, { signedIn: true, identityApproved: true, ndaOpportunityIds: ["o1"] })).toBe("granted");
    expect(confidentialAccess("granted", { ...doc, isConfidential: false }, { signedIn: true, identityApproved: false, ndaOpportunityIds: [] })).toBe("granted");
    // An admin needs neither.
    expect(confidentialAccess("granted", doc, null)).toBe("granted");
  });

  it("lets only admins write an agreement; each save is the next version, audited, and an earlier one is never changed", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Confidential Tower" });
    for (const actor of [anonymous, bed.investor.actor] as Actor[]) {
      await expect(saveNdaVersion(bed.context, actor, form(opportunity.id))).rejects.toSatisfy(refusedWith("FORBIDDEN"));
      await expect(getNdaForAdmin(bed.context, actor, { opportunityId: opportunity.id })).rejects.toSatisfy(refusedWith("FORBIDDEN"));
    }
    expect(await saveNdaVersion(bed.context, bed.admin.actor, form(opportunity.id, "Version one words."))).toEqual({ version: 1 });
    expect(await saveNdaVersion(bed.context, bed.admin.actor, form(opportunity.id, "Version two words."))).toEqual({ version: 2 });
    const versions = await bed.t.db.select().from(ndaVersions).where(eq(ndaVersions.opportunityId, opportunity.id));
    expect(versions.map((v) => [v.version, v.bodyEn]).sort()).toEqual([
      [1, "Version one words."],
      [2, "Version two words."],
    ]);
    const audit = await bed.t.db.select().from(auditLog).where(and(eq(auditLog.action, "nda.version"), eq(auditLog.actorId, bed.admin.id)));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect((await getNdaForAdmin(bed.context, bed.admin.actor, { opportunityId: opportunity.id }))!.versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it("keeps who accepted which version, when, from where and the SHA-256 of the words read; a version replaced meanwhile is refused", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Accepted Tower" });
    await saveNdaVersion(bed.context, bed.admin.actor, form(opportunity.id));
    const me = await investor("accept");
    const context = { ...bed.context, locale: "ar" as const, clientAddress: "203.0.113.80" };
    const shown = await getNdaForReader(context, me.actor, { slug: opportunity.slug });
    expect(shown!.current).toMatchObject({ version: 1, body: "حافظ على سريتها.", locale: "ar" });
    expect(shown!.acceptance).toBeNull();

    // A newer version saved while the investor read: their acceptance of the old one is refused.
    await saveNdaVersion(bed.context, bed.admin.actor, form(opportunity.id, "Newer words."));
    await expect(acceptNda(context, me.actor, { slug: opportunity.slug, versionId: shown!.current!.id })).rejects.toSatisfy(refusedWith("CONFLICT"));
    const current = (await getNdaForReader(context, me.actor, { slug: opportunity.slug }))!.current!;
    const accepted = await acceptNda(context, me.actor, { slug: opportunity.slug, versionId: current.id });
    expect(accepted).toMatchObject({ version: 2, signerName: "Samira Haddad", textSha256: createHash("sha256").update("حافظ على سريتها.", "utf8").digest("hex") });
    const [row] = await bed.t.db.select().from(ndaAcceptances).where(eq(ndaAcceptances.userId, me.id));
    expect(row).toMatchObject({ signerEmail: me.email, locale: "ar", ipAddress: "203.0.113.80", opportunityId: opportunity.id });
    // Accepting again keeps the first record.
    await acceptNda(context, me.actor, { slug: opportunity.slug, versionId: current.id });
    expect(await bed.t.db.select().from(ndaAcceptances).where(eq(ndaAcceptances.userId, me.id))).toHaveLength(1);
    // A visitor cannot read or accept it.
    await expect(getNdaForReader(bed.context, anonymous, { slug: opportunity.slug })).rejects.toSatisfy(refusedWith("UNAUTHENTICATED"));
  });

  it("opens a confidential document only with an approved identity check and the agreement accepted, and stamps the acceptance on the copy", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Gated Tower" });
    const doc = await createDocument(bed.t.db, { title: "Gated sales plan", audience: "signed_in", opportunityId: opportunity.id, isConfidential: true });
    await saveNdaVersion(bed.context, bed.admin.actor, form(opportunity.id));
    const get = (actor: Actor) => downloadDocument(fresh(), actor, { id: doc.id, ifNoneMatch: null, method: "GET" });

    expect(await get(anonymous)).toMatchObject({ outcome: "sign-in" });
    const pending = await investor("pending", "submitted");
    expect(await get(pending.actor)).toMatchObject({ outcome: "identity" });
    const approved = await investor("approved");
    expect(await get(approved.actor)).toMatchObject({ outcome: "nda", opportunitySlug: opportunity.slug });
    expect((await findLibraryDocument(fresh(), approved.actor, { id: doc.id }))!).toMatchObject({ isConfidential: true, access: "nda" });

    const version = (await getNdaForReader(bed.context, approved.actor, { slug: opportunity.slug }))!.current!;
    const accepted = await acceptNda(bed.context, approved.actor, { slug: opportunity.slug, versionId: version.id });
    const sent = await get(approved.actor);
    expect(sent.outcome).toBe("file");
    const body = await (sent as { file: { body: () => Promise<ReadableStream<Uint8Array>> | ReadableStream<Uint8Array> | Uint8Array } }).file.body();
    const bytes = body instanceof Uint8Array ? body : new Uint8Array(await new Response(body).arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain(`Prepared for ${approved.email}`);
    expect(text).toContain(`(version 1, ref. ${accepted.id.slice(0, 8)})`);

    // An admin opens it without either.
    expect((await get(bed.admin.actor)).outcome).toBe("file");
    // Not confidential: the identity check and the agreement are not asked for.
    const open = await createDocument(bed.t.db, { title: "Open brochure", audience: "signed_in", opportunityId: opportunity.id });
    expect((await downloadDocument(fresh(), pending.actor, { id: open.id, ifNoneMatch: null, method: "GET" })).outcome).toBe("file");
  });

  it("gives the investor who accepted a sealed PDF copy of the words they accepted, with the record; nobody else", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Copy Tower" });
    await saveNdaVersion(bed.context, bed.admin.actor, form(opportunity.id, "The words accepted, version one."));
    const me = await investor("copy");
    const other = await investor("copy-other");
    expect(await ndaCopyFor(fresh(), me.actor, { slug: opportunity.slug })).toBeUndefined();
    const version = (await getNdaForReader(bed.context, me.actor, { slug: opportunity.slug }))!.current!;
    const accepted = await acceptNda({ ...fresh(), clientAddress: "198.51.100.4" }, me.actor, { slug: opportunity.slug, versionId: version.id });
    const copy = await ndaCopyFor(fresh(), me.actor, { slug: opportunity.slug });
    expect(copy!.fileName).toBe(`confidentiality-agreement-${accepted.id.slice(0, 8)}.pdf`);
    expect(pdfsig(copy!.bytes)).toContain("Signature is Valid");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(copy!.bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("The words accepted, version one.");
    expect(flat).toContain(me.email);
    expect(flat).toContain("198.51.100.4");
    // The checksum is wider than its cell, so it is broken between its letters over two lines
    // (issue 52, item 10: nothing runs off the page): read without the line's break.
    expect(flat.replace(/\s+/g, "")).toContain(createHash("sha256").update("The words accepted, version one.", "utf8").digest("hex"));
    expect(await ndaCopyFor(fresh(), other.actor, { slug: opportunity.slug })).toBeUndefined();
    await expect(ndaCopyFor(fresh(), anonymous, { slug: opportunity.slug })).rejects.toSatisfy(refusedWith("UNAUTHENTICATED"));
  });

  it("shows the investor where they stand on their dashboard: category, identity check and agreements", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Standing Tower" });
    await saveNdaVersion(bed.context, bed.admin.actor, form(opportunity.id));
    const me = await investor("standing");
    const cookie = await signInCookie(bed.context, me.email, bed.password);
    const standing = async () =>
      ((await dashboardLoader(routeArgs(new Request(`${bed.context.config.siteUrl}/dashboard`, { headers: { Cookie: cookie } }), bed.context))) as { standing: unknown }).standing;
    expect(await standing()).toEqual({ qualification: "unstated", identity: "approved", identityExpiresAt: null, agreements: [], signing: [], calls: [] });
    const version = (await getNdaForReader(bed.context, me.actor, { slug: opportunity.slug }))!.current!;
    await acceptNda(bed.context, me.actor, { slug: opportunity.slug, versionId: version.id });
    expect(await standing()).toMatchObject({ agreements: [{ opportunityTitle: "Standing Tower", slug: opportunity.slug, version: 1 }] });
  });

  it("shows the admins an opportunity's pipeline, furthest along first, and exports it as CSV; nobody else", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Pipeline Tower" });
    await saveNdaVersion(bed.context, bed.admin.actor, form(opportunity.id));
    const ahead = await investor("ahead");
    await createQualification(bed.t.db, { userId: ahead.id });
    await bed.t.db.insert(opportunityInterests).values({ opportunityId: opportunity.id, userId: ahead.id, amountUsd: 500000 });
    const version = (await getNdaForReader(bed.context, ahead.actor, { slug: opportunity.slug }))!.current!;
    await acceptNda(bed.context, ahead.actor, { slug: opportunity.slug, versionId: version.id });
    const behind = await investor("behind", null);
    await bed.t.db.insert(opportunityInterests).values({ opportunityId: opportunity.id, userId: behind.id, amountUsd: 250000 });
    await investor("elsewhere");

    const rows = await listPipelineForAdmin(bed.context, bed.admin.actor, { opportunityId: opportunity.id });
    expect(rows.map((r) => [r.email, r.stage, r.interest?.amountUsd, r.agreement?.version ?? null])).toEqual([
      [ahead.email, "agreement", 500000, 1],
      [behind.email, "interest", 250000, null],
    ]);
    for (const actor of [anonymous, ahead.actor] as Actor[]) {
      await expect(listPipelineForAdmin(bed.context, actor, { opportunityId: opportunity.id })).rejects.toSatisfy(refusedWith("FORBIDDEN"));
      await expect(exportPipelineCsv(bed.context, actor, { opportunityId: opportunity.id })).rejects.toSatisfy(refusedWith("FORBIDDEN"));
    }
    const csv = await new Response(await exportPipelineCsv(bed.context, bed.admin.actor, { opportunityId: opportunity.id })).text();
    const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Investor,E-mail,Stage,Interest status,Indicative amount (USD),Interest registered at,Investor category,Identity check,Agreement version,Agreement accepted at,Document to sign,Document status,Signed at");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${ahead.email},Agreement accepted,New,500000.00`);

    // Per investor: their category, identity check and each opportunity they took a step in.
    const path = await getInvestorPipelineForAdmin(bed.context, bed.admin.actor, { userId: ahead.id });
    expect(path).toMatchObject({ investor: { email: ahead.email, qualification: "qualified", identity: "approved" }, opportunities: [{ title: "Pipeline Tower", stage: "agreement", agreement: { version: 1 } }] });
    expect(await getInvestorPipelineForAdmin(bed.context, bed.admin.actor, { userId: "no-such-user" })).toBeUndefined();
    await expect(getInvestorPipelineForAdmin(bed.context, ahead.actor, { userId: ahead.id })).rejects.toSatisfy(refusedWith("FORBIDDEN"));
  });

  it("keeps an acceptance as a business record when the account is deleted", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Record Tower" });
    await saveNdaVersion(bed.context, bed.admin.actor, form(opportunity.id));
    const me = await investor("leaving");
    const version = (await getNdaForReader(bed.context, me.actor, { slug: opportunity.slug }))!.current!;
    const accepted = await acceptNda(bed.context, me.actor, { slug: opportunity.slug, versionId: version.id });
    await deleteOwnAccount(bed.context, me.actor, { password: bed.password, sessionId: "unused" });
    const [kept] = await bed.t.db.select().from(ndaAcceptances).where(eq(ndaAcceptances.id, accepted.id));
    expect(kept).toMatchObject({ userId: null, signerEmail: me.email, signerName: "Samira Haddad" });
  });
});
