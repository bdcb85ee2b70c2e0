import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import type { AdviserFormValues } from "~/domain/adviser-form";
import type { PublicAdviser } from "~/domain/advisers";
import { english } from "../support/english";
// The admin action says its messages in the request's language: the catalogues must be loaded.
import "~/i18n/catalogues.server";
import { action as teamAction, loader as teamAdminLoader } from "~/routes/admin.team";
import { loader as homeLoader } from "~/routes/home";
import { loader as teamLoader } from "~/routes/team";
import { adviserTranslations, advisers, auditLog, siteContentVersion, storedFiles } from "~/server/db/schema.server";
import { createAdviser, seedDemoAdvisers } from "~/server/seed/factories.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";
import {
  deleteAdviser,
  listAdvisersForAdmin,
  listPublishedAdvisers,
  moveAdviser,
  removeAdviserPhoto,
  saveAdviser,
  setAdviserPublished,
} from "~/server/services/advisers.server";
import { findFile, readFileBytes } from "~/server/storage/files.server";
import { imageResponse } from "~/server/storage/images.server";
import { createAdminTestbed, getRequest, routeArgs, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * Issue 33: the firm's advisers. Only admins read the unpublished ones or write (every role
 * tried against every service); the public pages show the published ones only, in order and
 * in the page's language; a photo is stored with its adviser and leaves with it.
 */

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await createAdminTestbed("team-");
});
afterAll(() => bed?.destroy());

/** The smallest valid PNG: a 1x1 pixel. */
const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));

const values = (overrides: Partial<AdviserFormValues> = {}): AdviserFormValues => ({
  name: "Nadia Kareem",
  role: "Adviser",
  bio: "Covers Basra.",
  role_ar: null,
  bio_ar: null,
  role_ckb: null,
  bio_ckb: null,
  languages: ["ar", "en"],
  markets: ["iraq"],
  isPublished: true,
  removePhoto: false,
  ...overrides,
});

type Answer = { status: number; data: { ok: boolean; message?: string; fieldErrors?: Record<string, string[]> } };

/** The Team area's multipart post, as the page's form sends it. */
async function post(fields: Array<[string, string]>, photo?: Uint8Array, cookie = bed.admin.cookie): Promise<Answer> {
  const body = new FormData();
  for (const [k, v] of fields) body.append(k, v);
  if (photo) body.set("photo", new File([photo.slice()], "portrait.png", { type: "image/png" }));
  const request = new Request(`${bed.context.config.siteUrl}/admin/team`, {
    method: "POST",
    headers: { Origin: bed.context.config.siteUrl, Cookie: cookie, [CLIENT_IP_HEADER]: "203.0.113.9" },
    body,
  });
  const result = (await teamAction(routeArgs(request, bed.context))) as unknown as { data: Answer["data"]; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, data: result.data };
}

const named = async (name: string) => (await bed.t.db.select().from(advisers).where(eq(advisers.name, name)))[0];
const forbidden = (work: () => Promise<unknown>) => expect(work()).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === "FORBIDDEN");

describe(`advisers (${testDriver})`, () => {
  it("lets only admins read the whole list or change anything: a visitor and an investor are refused by every service", async () => {
    const adviser = await createAdviser(bed.t.db, { name: "Permission Check", isPublished: false });
    const others: Actor[] = [anonymous, bed.investor.actor];
    for (const actor of others) {
      await forbidden(() => listAdvisersForAdmin(bed.context, actor));
      await forbidden(() => saveAdviser(bed.context, actor, { values: values({ name: "Intruder" }) }));
      await forbidden(() => saveAdviser(bed.context, actor, { values: values({ id: adviser.id, name: "Renamed" }) }));
      await forbidden(() => setAdviserPublished(bed.context, actor, { id: adviser.id, publish: true }));
      await forbidden(() => moveAdviser(bed.context, actor, { id: adviser.id, direction: "up" }));
      await forbidden(() => removeAdviserPhoto(bed.context, actor, { id: adviser.id }));
      await forbidden(() => deleteAdviser(bed.context, actor, { id: adviser.id }));
    }
    expect(await named("Intruder")).toBeUndefined();
    expect(await named("Permission Check")).toMatchObject({ isPublished: false });
    // Everyone may read the published ones; the hidden one is not among them.
    for (const actor of [...others, bed.admin.actor]) {
      expect((await listPublishedAdvisers(bed.context, actor, { locale: "en" })).map((a) => a.name)).not.toContain("Permission Check");
    }
    expect((await listAdvisersForAdmin(bed.context, bed.admin.actor)).map((a) => a.name)).toContain("Permission Check");
    // The admin's own writes go through, each audited.
    await setAdviserPublished(bed.context, bed.admin.actor, { id: adviser.id, publish: true });
    await deleteAdviser(bed.context, bed.admin.actor, { id: adviser.id });
    const audit = await bed.t.db.select().from(auditLog).where(eq(auditLog.entityId, adviser.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["adviser.delete", "adviser.publish"]);
    expect(audit.every((a) => a.actorId === bed.admin.id)).toBe(true);
  });

  it("keeps an unpublished adviser off /team and the home page, and shows the published ones in order", async () => {
    await bed.t.db.delete(advisers);
    await createAdviser(bed.t.db, { name: "Second Shown", position: 2 });
    await createAdviser(bed.t.db, { name: "First Shown", position: 1 });
    await createAdviser(bed.t.db, { name: "Never Shown", position: 0, isPublished: false });
    const team = (await teamLoader(routeArgs(getRequest("/team"), bed.context))) as { advisers: PublicAdviser[] };
    expect(team.advisers.map((a) => a.name)).toEqual(["First Shown", "Second Shown"]);
    const home = (await homeLoader(routeArgs(getRequest("/"), bed.context))) as { teamMarkup: string | null };
    expect(home.teamMarkup).toMatch(/First Shown[^]*Second Shown/);
    expect(home.teamMarkup).not.toContain("Never Shown");
    // None published: the home page's section has nothing, the team page its empty state.
    await bed.t.db.update(advisers).set({ isPublished: false });
    expect(((await teamLoader(routeArgs(getRequest("/team"), bed.context))) as { advisers: PublicAdviser[] }).advisers).toEqual([]);
    expect(((await homeLoader(routeArgs(getRequest("/"), bed.context))) as { teamMarkup: string | null }).teamMarkup).toBeNull();
  });

  it("shows each adviser's role and biography in the page's language, the English where none was written", async () => {
    await bed.t.db.delete(advisers);
    await createAdviser(bed.t.db, { name: "Layla Al-Hashimi", role: "Senior Adviser", bio: "English bio." }, { ar: { role: "مستشارة أولى", bio: "نبذة بالعربية." } });
    const [ar] = await listPublishedAdvisers(bed.context, anonymous, { locale: "ar" });
    expect(ar).toMatchObject({ name: "Layla Al-Hashimi", initials: "LH", role: "مستشارة أولى", bio: "نبذة بالعربية.", textLocale: "ar" });
    const [ckb] = await listPublishedAdvisers(bed.context, anonymous, { locale: "ckb" });
    expect(ckb).toMatchObject({ role: "Senior Adviser", bio: "English bio.", textLocale: "en" });
  });

  it("adds an adviser in three languages through the admin's form, refuses a bad form, then edits, reorders, hides and deletes", async () => {
    await bed.t.db.delete(advisers);
    const first = await createAdviser(bed.t.db, { name: "Already There", position: 1 });
    const refused = await post([["intent", "adviser-save"], ["name", ""], ["role", "Adviser"], ["bio", "Bio."], ["markets", "iraq"], ["role_ar", "مستشار"]]);
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors).toMatchObject({
      name: [english("team.admin.form.nameRequired")],
      languages: [english("team.admin.form.languagesRequired")],
      bio_ar: [english("team.admin.form.translationPair")],
    });
    const form: Array<[string, string]> = [
      ["intent", "adviser-save"],
      ["name", "Karwan Aziz"],
      ["role", "Adviser, Kurdistan Region"],
      ["bio", "Covers Erbil."],
      ["role_ar", "مستشار، إقليم كردستان"],
      ["bio_ar", "يغطي أربيل."],
      ["role_ckb", "ڕاوێژکار، هەرێمی کوردستان"],
      ["bio_ckb", "هەولێر دەگرێتەوە."],
      ["languages", "kmr"],
      ["languages", "ckb"],
      ["markets", "kurdistan-region"],
      ["isPublished", "on"],
    ];
    expect(await post(form)).toEqual({ status: 200, data: { ok: true } });
    const karwan = (await named("Karwan Aziz"))!;
    // Placed last; the codes in the lists' order.
    expect(karwan).toMatchObject({ position: first.position + 1, languages: ["ckb", "kmr"], markets: ["kurdistan-region"], isPublished: true, photoUrl: null });
    expect(await bed.t.db.select({ locale: adviserTranslations.locale }).from(adviserTranslations).where(eq(adviserTranslations.adviserId, karwan.id))).toHaveLength(2);

    // Edited: the Sorani text left empty falls back to English.
    const edited = form.map(([k, v]): [string, string] => (k === "role_ckb" || k === "bio_ckb" ? [k, ""] : [k, v]));
    expect(await post([...edited, ["id", karwan.id]])).toEqual({ status: 200, data: { ok: true } });
    const [ckb] = (await listPublishedAdvisers(bed.context, anonymous, { locale: "ckb" })).filter((a) => a.name === "Karwan Aziz");
    expect(ckb).toMatchObject({ role: "Adviser, Kurdistan Region", textLocale: "en" });

    // Moved up, above the one that was first.
    expect(await post([["intent", "adviser-move"], ["id", karwan.id], ["direction", "up"]])).toEqual({ status: 200, data: { ok: true } });
    expect((await listPublishedAdvisers(bed.context, anonymous, { locale: "en" })).map((a) => a.name)).toEqual(["Karwan Aziz", "Already There"]);
    // Hidden, then deleted with its translations.
    expect(await post([["intent", "adviser-publish"], ["id", karwan.id], ["publish", "false"]])).toEqual({ status: 200, data: { ok: true } });
    expect((await listPublishedAdvisers(bed.context, anonymous, { locale: "en" })).map((a) => a.name)).toEqual(["Already There"]);
    expect(await post([["intent", "adviser-delete"], ["id", karwan.id]])).toEqual({ status: 200, data: { ok: true } });
    expect(await named("Karwan Aziz")).toBeUndefined();
    expect(await bed.t.db.select().from(adviserTranslations).where(eq(adviserTranslations.adviserId, karwan.id))).toEqual([]);
    const actions = (await bed.t.db.select().from(auditLog).where(eq(auditLog.entityId, karwan.id))).map((a) => a.action);
    expect(actions.sort()).toEqual(["adviser.create", "adviser.delete", "adviser.move", "adviser.unpublish", "adviser.update"]);
    // Gone already: not found, said in words.
    const gone = await post([["intent", "adviser-delete"], ["id", karwan.id]]);
    expect(gone).toMatchObject({ status: 404, data: { ok: false, message: english("team.admin.toast.notFound") } });
  });

  it("stores an uploaded photo with its adviser, serves it, and removes its file when the photo or the adviser goes", async () => {
    await bed.t.db.delete(advisers);
    const adviser = await createAdviser(bed.t.db, { name: "Photo Sitter" });
    const base: Array<[string, string]> = [["intent", "adviser-save"], ["id", adviser.id], ["name", "Photo Sitter"], ["role", "Adviser"], ["bio", "Bio."], ["languages", "en"], ["markets", "iraq"], ["isPublished", "on"]];
    // Not an image: refused, nothing stored.
    const files = async () => (await bed.t.db.select({ id: storedFiles.id }).from(storedFiles)).length;
    const before = await files();
    const notImage = await post(base, new TextEncoder().encode("<svg onload=alert(1)>"));
    expect(notImage).toMatchObject({ status: 400, data: { fieldErrors: { photo: [english("admin.image.wrongType")] } } });
    expect(await files()).toBe(before);

    expect(await post(base, PNG)).toEqual({ status: 200, data: { ok: true } });
    const withPhoto = (await named("Photo Sitter"))!;
    expect(withPhoto.photoUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    const served = await imageResponse(bed.t.db, new Request(`http://x${withPhoto.photoUrl}`), withPhoto.photoUrl!.slice("/media/".length));
    expect(served?.status).toBe(200);
    expect(Buffer.from(await served!.arrayBuffer())).toEqual(Buffer.from(PNG));
    const [shown] = await listPublishedAdvisers(bed.context, anonymous, { locale: "en" });
    expect(shown).toMatchObject({ photoUrl: withPhoto.photoUrl, initials: "PS" });

    // Replaced: the old file goes in the same transaction.
    const firstFile = withPhoto.photoUrl!.slice(7, 43);
    expect(await post(base, PNG)).toEqual({ status: 200, data: { ok: true } });
    const replaced = (await named("Photo Sitter"))!;
    expect(replaced.photoUrl).not.toBe(withPhoto.photoUrl);
    expect(await findFile(bed.t.db, firstFile)).toBeUndefined();

    // Removed: the initials again, the file gone.
    const secondFile = replaced.photoUrl!.slice(7, 43);
    expect(await readFileBytes(bed.t.db, (await findFile(bed.t.db, secondFile))!)).toHaveLength(PNG.byteLength);
    expect(await post([["intent", "adviser-photo-remove"], ["id", adviser.id]])).toEqual({ status: 200, data: { ok: true } });
    expect((await named("Photo Sitter"))!.photoUrl).toBeNull();
    expect(await findFile(bed.t.db, secondFile)).toBeUndefined();

    // Deleted with a photo: its file goes too.
    expect(await post(base, PNG)).toEqual({ status: 200, data: { ok: true } });
    const third = (await named("Photo Sitter"))!.photoUrl!.slice(7, 43);
    expect(await post([["intent", "adviser-delete"], ["id", adviser.id]])).toEqual({ status: 200, data: { ok: true } });
    expect(await findFile(bed.t.db, third)).toBeUndefined();
    expect(await files()).toBe(before);
  });

  it("gives the admin page every adviser, hidden ones too, with their translations", async () => {
    await bed.t.db.delete(advisers);
    await createAdviser(bed.t.db, { name: "Hidden One", isPublished: false }, { ckb: { role: "ڕاوێژکار", bio: "کورتە." } });
    const data = (await teamAdminLoader(routeArgs(getRequest("/admin/team", { cookie: bed.admin.cookie }), bed.context))) as { advisers: Array<{ name: string; translations: unknown }> };
    expect(data.advisers).toEqual([expect.objectContaining({ name: "Hidden One", translations: { ar: { role: "", bio: "" }, ckb: { role: "ڕاوێژکار", bio: "کورتە." } } })]);
  });

  it("seeds the demo's advisers as illustrative profiles in three languages, with initials and no photographs", async () => {
    await bed.t.db.delete(advisers);
    await seedDemoAdvisers(bed.t.db);
    for (const [locale, marker] of [["en", "Illustrative profile."], ["ar", "ملف تعريفي توضيحي."], ["ckb", "پرۆفایلێکی نموونەیی."]] as const) {
      const shown = await listPublishedAdvisers(bed.context, anonymous, { locale });
      expect(shown).toHaveLength(4);
      for (const adviser of shown) {
        expect(adviser.bio.startsWith(marker), `${locale} ${adviser.name}`).toBe(true);
        expect(adviser.textLocale).toBe(locale);
        expect(adviser.photoUrl).toBeNull();
        expect(adviser.initials).toMatch(/^[A-Z]{2}$/);
      }
    }
  });

  it("raises the site content version on every change, so the render cache serves no stale team page", async () => {
    const version = async () => (await bed.t.db.select({ v: siteContentVersion.version }).from(siteContentVersion))[0]!.v;
    let last = await version();
    const raised = async () => {
      const now = await version();
      const up = now > last;
      last = now;
      return up;
    };
    const adviser = await createAdviser(bed.t.db, { name: "Cache Check" });
    expect(await raised()).toBe(true);
    await bed.t.db.insert(adviserTranslations).values({ adviserId: adviser.id, locale: "ar", role: "مستشار", bio: "نبذة." });
    expect(await raised()).toBe(true);
    await setAdviserPublished(bed.context, bed.admin.actor, { id: adviser.id, publish: false });
    expect(await raised()).toBe(true);
    await deleteAdviser(bed.context, bed.admin.actor, { id: adviser.id });
    expect(await raised()).toBe(true);
  });
});
