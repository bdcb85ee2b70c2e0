import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "~/server/db/schema.server";
import { contextFor, createAdminTestbed, getRequest, signInCookie, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * Issue 13: sessions no longer slide forever. Every session ends 30 days after sign-in;
 * an admin's ends after 30 idle minutes (and 12 hours after sign-in). The session rows are
 * aged in the database, then the viewer is read as a request would read it.
 */

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await createAdminTestbed("lifetime-");
});
afterAll(() => bed?.destroy());

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(Date.now() - ms);

async function freshSession(email: string) {
  const cookie = await signInCookie(bed.context, email, bed.password);
  const token = /better-auth\.session_token=([^.;]+)/.exec(cookie)![1]!;
  const [row] = await bed.t.db.select().from(session).where(eq(session.token, token));
  return { cookie, id: row!.id };
}
const viewerOf = (cookie: string) => contextFor(bed.context, getRequest("/", { cookie })).viewer();
const rowOf = async (id: string) => (await bed.t.db.select().from(session).where(eq(session.id, id)))[0];

describe(`session lifetimes (${testDriver})`, () => {
  it("ends an investor's session 30 days after sign-in, however active, and deletes it", async () => {
    const live = await freshSession(bed.investor.email);
    await bed.t.db.update(session).set({ createdAt: ago(29 * DAY) }).where(eq(session.id, live.id));
    expect(await viewerOf(live.cookie)).toMatchObject({ email: bed.investor.email });

    const old = await freshSession(bed.investor.email);
    await bed.t.db.update(session).set({ createdAt: ago(30 * DAY + MINUTE), updatedAt: ago(0) }).where(eq(session.id, old.id));
    expect(await viewerOf(old.cookie)).toBeNull();
    expect(await rowOf(old.id)).toBeUndefined();
  });

  it("ends an admin's session after 30 idle minutes, and counts each request as activity", async () => {
    const active = await freshSession(bed.admin.email);
    await bed.t.db.update(session).set({ updatedAt: ago(20 * MINUTE) }).where(eq(session.id, active.id));
    expect(await viewerOf(active.cookie)).toMatchObject({ isAdmin: true });
    expect(Date.now() - (await rowOf(active.id))!.updatedAt.getTime()).toBeLessThan(MINUTE);

    const idle = await freshSession(bed.admin.email);
    await bed.t.db.update(session).set({ updatedAt: ago(31 * MINUTE) }).where(eq(session.id, idle.id));
    expect(await viewerOf(idle.cookie)).toBeNull();
    expect(await rowOf(idle.id)).toBeUndefined();
  });

  it("ends an admin's session 12 hours after sign-in, and leaves an investor's idle day alone", async () => {
    const admin = await freshSession(bed.admin.email);
    await bed.t.db.update(session).set({ createdAt: ago(12 * 60 * MINUTE + MINUTE), updatedAt: ago(0) }).where(eq(session.id, admin.id));
    expect(await viewerOf(admin.cookie)).toBeNull();

    const investor = await freshSession(bed.investor.email);
    await bed.t.db.update(session).set({ updatedAt: ago(DAY) }).where(eq(session.id, investor.id));
    expect(await viewerOf(investor.cookie)).toMatchObject({ isAdmin: false });
  });
});
