import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import type { StatementForm } from "~/domain/qualification";
import { english } from "../support/english";
import "~/i18n/catalogues.server";
import { action as accountAction, loader as accountLoader } from "~/routes/account.qualification";
import { action as adminAction } from "~/routes/admin.qualification";
import { auditLog, investorQualifications, qualificationStatements } from "~/server/db/schema.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";
import { entitlementsOf } from "~/server/services/entitlements.server";
import {
  confirmQualification,
  getOwnQualification,
  listQualificationStatements,
  listStatementsForAdmin,
  qualificationStandings,
  retireStatement,
  saveStatement,
} from "~/server/services/qualifications.server";
import { createAdminTestbed, routeArgs, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * Issue 35, item 1: investor qualification. The firm's default statements come with the
 * schema; an investor confirms one in their language and the exact words are kept; an edit
 * is a new version that leaves confirmed words alone; "none of these" is public material
 * only. Only admins write statements (every role tried), each write audited.
 */

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await createAdminTestbed("qualify-");
});
afterAll(() => bed?.destroy());

const liveStatements = () => bed.t.db.select().from(qualificationStatements).where(isNull(qualificationStatements.retiredAt));
const forbidden = (work: () => Promise<unknown>) => expect(work()).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === "FORBIDDEN");

const form = (overrides: Partial<StatementForm> = {}): StatementForm => ({
  jurisdiction: "dfsa",
  qualifies: true,
  titleEn: "Market Counterparty",
  bodyEn: "I declare that I am a Market Counterparty.",
  titleAr: "طرف مقابل في السوق",
  bodyAr: "أُقرّ بأنني طرف مقابل في السوق.",
  titleCkb: "لایەنی بەرامبەری بازاڕ",
  bodyCkb: "ڕادەگەیەنم کە لایەنی بەرامبەری بازاڕم.",
  ...overrides,
});

/** An investor's form post to /account/qualification, as the page's form sends it. */
async function answer(fields: Record<string, string>, cookie = bed.investor.cookie, locale = "en") {
  const prefix = locale === "en" ? "" : `/${locale}`;
  const request = new Request(`${bed.context.config.siteUrl}${prefix}/account/qualification`, {
    method: "POST",
    headers: { Origin: bed.context.config.siteUrl, Cookie: cookie, [CLIENT_IP_HEADER]: "203.0.113.44", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const context = { ...bed.context, locale: locale as "en" };
  const result = (await accountAction(routeArgs(request, context))) as unknown as { data: { ok: boolean; message?: string; fieldErrors?: Record<string, string[]> }; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, data: result.data };
}

describe(`qualification (${testDriver})`, () => {
  it("starts with the firm's defaults, in order and in every language: the UK's two, the DFSA's, the ADGM's, and none of these", async () => {
    const en = await listQualificationStatements({ ...bed.context, locale: "en" }, bed.investor.actor);
    expect(en.map((s) => [s.jurisdiction, s.qualifies, s.title])).toEqual([
      ["uk", true, "Certified high net worth investor"],
      ["uk", true, "Self-certified sophisticated investor"],
      ["dfsa", true, "Professional Client (DFSA, Dubai International Financial Centre)"],
      ["adgm", true, "Professional Client (FSRA, Abu Dhabi Global Market)"],
      ["any", false, "None of these"],
    ]);
    expect(en[0]!.body).toContain("£100,000");
    const ar = await listQualificationStatements({ ...bed.context, locale: "ar" }, bed.investor.actor);
    expect(ar.at(-1)!.title).toBe("لا شيء مما سبق");
    const ckb = await listQualificationStatements({ ...bed.context, locale: "ckb" }, bed.investor.actor);
    expect(ckb.at(-1)!.title).toBe("هیچ کامیان");
    // A visitor reads none of it.
    await expect(listQualificationStatements(bed.context, anonymous)).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === "UNAUTHENTICATED");
  });

  it("keeps the words an investor confirmed, in their language, with the date, address and digest; the latest answer is where they stand", async () => {
    const actor = bed.investor.actor;
    expect(await getOwnQualification(bed.context, actor)).toBeNull();
    expect((await qualificationStandings(bed.t.db, [actor.userId])).get(actor.userId)).toBe("unstated");
    const [hnw] = await listQualificationStatements({ ...bed.context, locale: "ar" }, actor);

    // The form refuses an answer without a statement or without the box ticked, and saves nothing.
    const missing = await answer({ confirm: "yes" });
    expect(missing.status).toBe(400);
    expect(missing.data.fieldErrors?.statementId).toEqual(["verification.qualification.chooseOne"]);
    const unticked = await answer({ statementId: hnw!.id });
    expect(unticked.data.fieldErrors?.confirm).toEqual(["verification.qualification.confirmRequired"]);
    expect(await getOwnQualification(bed.context, actor)).toBeNull();

    // Answered from the Arabic page: the Arabic words are the ones kept.
    expect((await answer({ statementId: hnw!.id, confirm: "yes" }, bed.investor.cookie, "ar")).data).toEqual({ ok: true });
    const [row] = await bed.t.db.select().from(investorQualifications).where(eq(investorQualifications.userId, actor.userId));
    expect(row).toMatchObject({ locale: "ar", qualifies: true, jurisdiction: "uk", title: hnw!.title, wording: hnw!.body, ipAddress: "203.0.113.44" });
    expect(row!.wordingSha256).toBe(createHash("sha256").update(hnw!.body, "utf8").digest("hex"));
    const loaded = (await accountLoader(routeArgs(new Request(`${bed.context.config.siteUrl}/account/qualification`, { headers: { Cookie: bed.investor.cookie } }), bed.context))) as {
      record: { standing: string; wording: string; locale: string };
    };
    expect(loaded.record).toMatchObject({ standing: "qualified", wording: hnw!.body, locale: "ar" });

    // None of these: public material only, whatever the plan; answering again lifts it.
    const none = (await listQualificationStatements(bed.context, actor)).find((s) => !s.qualifies)!;
    await confirmQualification(bed.context, actor, { statementId: none.id, confirm: "yes" });
    const fresh = { ...bed.context };
    expect(await entitlementsOf(fresh, actor)).toMatchObject({ publicOnly: true, documentAudiences: ["public"], earlyAccessDays: 0 });
    expect((await getOwnQualification(bed.context, actor))!.standing).toBe("not-qualified");
    await confirmQualification(bed.context, actor, { statementId: hnw!.id, confirm: "yes" });
    expect(await entitlementsOf({ ...bed.context }, actor)).toMatchObject({ publicOnly: false, documentAudiences: ["public", "signed_in"] });
    expect(await bed.t.db.select().from(investorQualifications).where(eq(investorQualifications.userId, actor.userId))).toHaveLength(3);
  });

  it("lets only admins read the firm's statements as written or change them: a visitor and an investor are refused by every service and the page's action", async () => {
    const [statement] = await liveStatements();
    const others: Actor[] = [anonymous, bed.investor.actor];
    for (const actor of others) {
      await forbidden(() => listStatementsForAdmin(bed.context, actor));
      await forbidden(() => saveStatement(bed.context, actor, form()));
      await forbidden(() => saveStatement(bed.context, actor, form({ id: statement!.id })));
      await forbidden(() => retireStatement(bed.context, actor, { id: statement!.id }));
    }
    const request = new Request(`${bed.context.config.siteUrl}/admin/qualification`, {
      method: "POST",
      headers: { Origin: bed.context.config.siteUrl, Cookie: bed.investor.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "statement-retire", id: statement!.id }),
    });
    const refused = (await adminAction(routeArgs(request, bed.context))) as unknown as { init: { status?: number } | null };
    expect(refused.init?.status).toBe(403);
    expect(await liveStatements()).toHaveLength(5);
  });

  it("adds a statement, then revises it as a new version that leaves the confirmed words alone, then retires it: each audited", async () => {
    const admin = bed.admin.actor;
    const { id } = await saveStatement(bed.context, admin, form());
    const investor = bed.investor.actor;
    await confirmQualification(bed.context, investor, { statementId: id, confirm: "yes" });
    let listed = (await listStatementsForAdmin(bed.context, admin)).find((s) => s.id === id)!;
    expect(listed).toMatchObject({ version: 1, jurisdiction: "dfsa", confirmations: 1 });
    expect(listed.texts.ckb.title).toBe("لایەنی بەرامبەری بازاڕ");

    const revised = await saveStatement(bed.context, admin, form({ id, titleEn: "Market Counterparty (revised)", bodyEn: "I declare, as revised, that I am a Market Counterparty." }));
    expect(revised.revised).toBe(true);
    const rows = await bed.t.db.select().from(qualificationStatements).where(eq(qualificationStatements.lineage, id));
    expect(rows.map((r) => [r.version, r.retiredAt === null]).sort()).toEqual([
      [1, false],
      [2, true],
    ]);
    // The investor's answer still says what they read; it is not the revised words.
    const mine = await getOwnQualification(bed.context, investor);
    expect(mine).toMatchObject({ title: "Market Counterparty", wording: "I declare that I am a Market Counterparty.", version: 1 });
    // The old version can no longer be confirmed: the page shows the new words.
    await expect(confirmQualification(bed.context, investor, { statementId: id, confirm: "yes" })).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.code === "CONFLICT" && e.message === "verification.qualification.gone",
    );
    // Revising a version that is no longer live is refused.
    await expect(saveStatement(bed.context, admin, form({ id }))).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === "NOT_FOUND");
    listed = (await listStatementsForAdmin(bed.context, admin)).find((s) => s.id === revised.id)!;
    expect(listed).toMatchObject({ version: 2, confirmations: 0 });

    await retireStatement(bed.context, admin, { id: revised.id });
    expect((await listQualificationStatements(bed.context, investor)).map((s) => s.id)).not.toContain(revised.id);
    const audit = await bed.t.db.select().from(auditLog).where(and(eq(auditLog.entity, "qualification_statements"), eq(auditLog.actorId, bed.admin.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["qualification.create", "qualification.retire", "qualification.revise"]);
  });

  it("answers the admin's form with each field's message, in every language required", async () => {
    const request = new Request(`${bed.context.config.siteUrl}/admin/qualification`, {
      method: "POST",
      headers: { Origin: bed.context.config.siteUrl, Cookie: bed.admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "statement-save", jurisdiction: "uk", titleEn: "Only English", bodyEn: "Only the English was written." }),
    });
    const result = (await adminAction(routeArgs(request, bed.context))) as unknown as { data: { ok: boolean; fieldErrors?: Record<string, string[]> }; init: { status?: number } | null };
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors).toMatchObject({ titleAr: [english("verification.admin.required")], bodyCkb: [english("verification.admin.required")] });
    expect((await liveStatements()).map((s) => s.titleEn)).not.toContain("Only English");
  });
});
