import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import type { NotificationKind } from "~/domain/notifications";
import { loader as pollLoader } from "~/routes/api.notifications";
import { action as pageAction, loader as pageLoader } from "~/routes/notifications";
import { notifications } from "~/server/db/schema.server";
import { createUser } from "~/server/seed/factories.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationSummary,
  NOTIFICATIONS_PAGE_SIZE,
  unreadNotificationCount,
} from "~/server/services/notifications.server";
import { createAdminTestbed, formRequest, getRequest, routeArgs, serviceContext, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * The notification centre's read side (issue 39): each signed-in reader sees and marks only
 * their own notifications; the bell's version moves when one arrives or is read; the poll
 * answers 304 while nothing changed; the list page opens a notification (marking it read)
 * without scripts.
 */

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await createAdminTestbed("bell-");
});
afterAll(async () => {
  await bed?.destroy();
});

const ctx = () => serviceContext(bed.t);
const actorOf = (userId: string): Actor => ({ kind: "user", userId, isAdmin: false });

async function insert(userId: string, kind: NotificationKind, createdAt: Date, extra: Partial<typeof notifications.$inferInsert> = {}) {
  const [row] = await bed.t.db
    .insert(notifications)
    .values({ userId, kind, data: { name: "Samira", title: "Q3 report" }, link: "/documents", createdAt, ...extra })
    .returning();
  return row!;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const minute = (n: number) => new Date(Date.UTC(2026, 10, 20, 9, n));

describe(`the notification centre (${testDriver})`, () => {
  it("refuses an anonymous reader everything", async () => {
    for (const work of [
      listNotifications(ctx(), anonymous, {}),
      notificationSummary(ctx(), anonymous),
      unreadNotificationCount(ctx(), anonymous),
      markNotificationRead(ctx(), anonymous, { id: "00000000-0000-4000-8000-000000000000" }),
      markAllNotificationsRead(ctx(), anonymous),
    ]) {
      const error = await refusal(work);
      expect(error.code).toBe("UNAUTHENTICATED");
      expect(error.status).toBe(401);
    }
  });

  it("lists the reader's own notifications newest first, 20 a page, and another investor's never", async () => {
    const me = await createUser(bed.t.db, {});
    const other = await createUser(bed.t.db, {});
    const mine = [];
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 3; i++) mine.push(await insert(me.id, "document-published", minute(i)));
    // Two at the same moment: the id orders them, and the page boundary splits neither.
    const twin = await insert(me.id, "receipt-issued", minute(2));
    await insert(other.id, "security-notice", minute(30));

    const first = await listNotifications(ctx(), actorOf(me.id), {});
    expect(first.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.items[0]).toEqual({
      id: mine.at(-1)!.id,
      kind: "document-published",
      data: { name: "Samira", title: "Q3 report" },
      link: "/documents",
      readAt: null,
      createdAt: minute(NOTIFICATIONS_PAGE_SIZE + 2),
    });
    expect(first.next).toEqual(expect.any(String));
    const second = await listNotifications(ctx(), actorOf(me.id), { before: first.next });
    expect(second.next).toBeUndefined();
    const all = [...first.items, ...second.items];
    expect(all).toHaveLength(NOTIFICATIONS_PAGE_SIZE + 4);
    expect(new Set(all.map((n) => n.id)).size).toBe(all.length);
    expect(all.map((n) => n.id)).toContain(twin.id);
    const times = all.map((n) => n.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const theirs = await listNotifications(ctx(), actorOf(other.id), {});
    expect(theirs.items.map((n) => n.kind)).toEqual(["security-notice"]);
    // A cursor that is not one reads the newest page.
    expect((await listNotifications(ctx(), actorOf(me.id), { before: "nonsense" })).items[0]!.id).toBe(mine.at(-1)!.id);
  });

  it("does not let another investor read or mark mine", async () => {
    const me = await createUser(bed.t.db, {});
    const other = await createUser(bed.t.db, {});
    const note = await insert(me.id, "signature-requested", minute(1), { data: { document: "Subscription agreement" }, link: "/account/agreements" });

    const error = await refusal(markNotificationRead(ctx(), actorOf(other.id), { id: note.id }));
    expect(error.code).toBe("NOT_FOUND");
    expect((await refusal(markNotificationRead(ctx(), actorOf(other.id), { id: "not-a-uuid" }))).code).toBe("NOT_FOUND");
    await markAllNotificationsRead(ctx(), actorOf(other.id));
    const [stored] = await bed.t.db.select().from(notifications).where(eq(notifications.id, note.id));
    expect(stored!.readAt).toBeNull();
    expect((await listNotifications(ctx(), actorOf(other.id), {})).items).toEqual([]);
    expect((await notificationSummary(ctx(), actorOf(other.id))).unread).toBe(0);

    // Mine: read once, and a second time keeps the first moment.
    const first = new Date("2026-11-21T10:00:00Z");
    expect(await markNotificationRead(serviceContext(bed.t, { clock: () => first }), actorOf(me.id), { id: note.id })).toEqual({ link: "/account/agreements" });
    await markNotificationRead(serviceContext(bed.t, { clock: () => new Date("2026-11-22T10:00:00Z") }), actorOf(me.id), { id: note.id });
    const [read] = await bed.t.db.select().from(notifications).where(eq(notifications.id, note.id));
    expect(read!.readAt).toEqual(first);
  });

  it("marks all of the reader's own read, and only theirs", async () => {
    const me = await createUser(bed.t.db, {});
    const other = await createUser(bed.t.db, {});
    await insert(me.id, "booking-confirmed", minute(1));
    await insert(me.id, "booking-reminder-24h", minute(2));
    await insert(other.id, "opportunity-alert", minute(3));
    expect(await unreadNotificationCount(ctx(), actorOf(me.id))).toBe(2);

    expect(await markAllNotificationsRead(ctx(), actorOf(me.id))).toEqual({ marked: 2 });
    expect(await unreadNotificationCount(ctx(), actorOf(me.id))).toBe(0);
    expect(await unreadNotificationCount(ctx(), actorOf(other.id))).toBe(1);
    expect(await markAllNotificationsRead(ctx(), actorOf(me.id))).toEqual({ marked: 0 });
  });

  it("changes the summary's version when a notification arrives or is read, and only then", async () => {
    const me = await createUser(bed.t.db, {});
    const empty = await notificationSummary(ctx(), actorOf(me.id));
    expect(empty).toEqual({ unread: 0, latest: [], version: expect.any(String) });
    expect((await notificationSummary(ctx(), actorOf(me.id))).version).toBe(empty.version);

    const notes = [];
    for (let i = 0; i < 7; i++) notes.push(await insert(me.id, "progress-update", minute(i)));
    const arrived = await notificationSummary(ctx(), actorOf(me.id));
    expect(arrived.unread).toBe(7);
    expect(arrived.latest.map((n) => n.id)).toEqual(notes.slice(2).reverse().map((n) => n.id));
    expect(arrived.version).not.toBe(empty.version);

    await markNotificationRead(ctx(), actorOf(me.id), { id: notes[6]!.id });
    const read = await notificationSummary(ctx(), actorOf(me.id));
    expect(read.unread).toBe(6);
    expect(read.latest[0]!.readAt).toEqual(expect.any(Date));
    expect(read.version).not.toBe(arrived.version);

    // Another reader's news leaves mine as it was.
    const other = await createUser(bed.t.db, {});
    await insert(other.id, "progress-update", minute(40));
    expect((await notificationSummary(ctx(), actorOf(me.id))).version).toBe(read.version);
  });

  it("answers the poll with the summary and an ETag, 304 while nothing changed, and 401 to an anonymous poller", async () => {
    const anonymousAnswer = (await pollLoader(routeArgs(getRequest("/api/notifications"), bed.context))) as unknown as Response | { data: unknown; init: ResponseInit };
    const status = anonymousAnswer instanceof Response ? anonymousAnswer.status : anonymousAnswer.init?.status;
    expect(status).toBe(401);

    const investor = bed.investor;
    await insert(investor.id, "instalment-call", minute(5), { data: { amount: "USD 25,000.00", opportunity: "Erbil Gardens", dueDate: "2026-12-15" }, link: "/portfolio" });
    const poll = async (etag?: string) => {
      const request = getRequest("/api/notifications", { cookie: investor.cookie });
      if (etag) request.headers.set("If-None-Match", etag);
      const answered = (await pollLoader(routeArgs(request, bed.context))) as unknown;
      if (answered instanceof Response) return { status: answered.status, headers: answered.headers, body: answered.status === 200 ? await answered.json() : null };
      const { data, init } = answered as { data: unknown; init: ResponseInit | null };
      return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
    };
    const first = await poll();
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.body).toMatchObject({ unread: 1, latest: [{ kind: "instalment-call", link: "/portfolio", readAt: null, createdAt: minute(5).toISOString() }] });

    const again = await poll(etag);
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);

    await insert(investor.id, "receipt-issued", minute(6));
    const changed = await poll(etag);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ unread: 2 });
    expect(changed.headers.get("ETag")).not.toBe(etag);
  });

  it("opens a notification from the list page: marks it read and goes to its subject, and marks all read", async () => {
    const investor = bed.investor;
    await bed.t.db.delete(notifications).where(eq(notifications.userId, investor.id));
    const note = await insert(investor.id, "booking-confirmed", new Date(), {
      data: { name: "Samira", startsAt: "2026-12-01T07:00:00.000Z", timeZone: "Asia/Baghdad", reference: "TA-7K2Q" },
      link: "/dashboard",
    });
    await insert(investor.id, "security-notice", new Date(), { link: "https://evil.example/" });

    // Anonymous: to sign in, and back here afterwards.
    const away = await pageLoader(routeArgs(getRequest("/notifications"), bed.context)).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect(away?.status).toBe(302);
    expect(away?.headers.get("Location")).toBe("/auth?redirectTo=%2Fnotifications");

    const page = (await pageLoader(routeArgs(getRequest("/notifications", { cookie: investor.cookie }), bed.context))) as unknown as {
      items: { id: string; title: string; body: string; unread: boolean }[];
      unread: number;
    };
    expect(page.unread).toBe(2);
    const shown = page.items.find((i) => i.id === note.id)!;
    expect(shown).toMatchObject({ title: "Consultation confirmed", unread: true });
    expect(shown.body).toMatch(/1 December 2026.*10:00 \(Asia\/Baghdad\)\. Reference TA-7K2Q\./);

    // Another signed-in user (the testbed's admin) cannot open it.
    const refused = (await pageAction(routeArgs(formRequest("/notifications", { intent: "open", id: note.id }, { cookie: bed.admin.cookie }), bed.context))) as unknown as {
      init: ResponseInit | null;
    };
    expect(refused.init?.status).toBe(404);
    expect((await bed.t.db.select().from(notifications).where(eq(notifications.id, note.id)))[0]!.readAt).toBeNull();

    const opened = await pageAction(routeArgs(formRequest("/notifications", { intent: "open", id: note.id }, { cookie: investor.cookie }), bed.context)).then(
      (value: unknown) => value,
      (thrown: unknown) => thrown,
    );
    expect(opened).toBeInstanceOf(Response);
    expect((opened as Response).status).toBe(302);
    expect((opened as Response).headers.get("Location")).toBe("/dashboard");
    expect((await bed.t.db.select().from(notifications).where(eq(notifications.id, note.id)))[0]!.readAt).not.toBeNull();

    const allRead = (await pageAction(routeArgs(formRequest("/notifications", { intent: "read-all" }, { cookie: investor.cookie }), bed.context))) as unknown as {
      data: { toast: { type: string; title: string } };
    };
    expect(allRead.data.toast).toEqual({ type: "success", title: "All notifications are marked as read." });
    expect(await unreadNotificationCount(ctx(), investor.actor)).toBe(0);

    // Older: the page's link past the twentieth reads the rest; in Arabic, the words are Arabic.
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE; i++) await insert(investor.id, "opportunity-alert", minute(i), { data: { opportunity: `Project ${i}` } });
    type Page = { items: { body: string }[]; next: string | null; paged: boolean };
    const newest = (await pageLoader(routeArgs(getRequest("/notifications", { cookie: investor.cookie }), bed.context))) as unknown as Page;
    expect(newest.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(newest.paged).toBe(false);
    const older = (await pageLoader(
      routeArgs(getRequest(`/notifications?before=${encodeURIComponent(newest.next!)}`, { cookie: investor.cookie }), bed.context),
    )) as unknown as Page;
    expect(older).toMatchObject({ paged: true, next: null });
    expect(older.items.map((i) => i.body)).toEqual(["Project 1 is now open.", "Project 0 is now open."]);
    const arabic = (await pageLoader(routeArgs(getRequest("/ar/notifications", { cookie: investor.cookie }), { ...bed.context, locale: "ar" }))) as unknown as Page;
    expect(arabic.items.at(-1)!.body).toBe("أصبحت Project 2 متاحة الآن.");
  });
});
