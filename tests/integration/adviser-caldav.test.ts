import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { calendarConnectSchema } from "~/domain/adviser-schedule";
import { enquirySchema } from "~/domain/enquiry";
import type { ServiceContext } from "~/server/context/service-context.server";
import { adviserBusyTimes, adviserCalendars, availabilitySlots, bookingCalendarEvents, consultationBookings, emailOutbox } from "~/server/db/schema.server";
import { keyring } from "~/server/core/envelope.server";
import { anonymous } from "~/server/security/actor.server";
import { rewrapSealedFiles } from "~/server/storage/sealed-files.server";
import { createAdviser, createSlot } from "~/server/seed/factories.server";
import { connectCalendar, disconnectCalendar, pushBookingEvent, syncCalendar, syncDueCalendars } from "~/server/services/adviser-calendars.server";
import { changeBooking, handBookingOver, updateBookingStatus } from "~/server/services/booking-changes.server";
import { submitEnquiry } from "~/server/services/enquiries.server";
import { bookingClock, listSlotsOnDate } from "~/server/services/slots.server";
import { RADICALE_PASSWORD, radicaleService, startRadicale, type Radicale } from "../support/radicale";
import { missingReason, serviceValue } from "../support/test-services";
import { createAdminTestbed, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * Advisers' own calendars against a real CalDAV server (issue 37, item 5): Radicale from
 * Debian's package, started here on a free port. An event the adviser adds in their calendar
 * hides the slot; a booking appears there with the invite's UID and time and goes when it
 * is cancelled; an outage is shown on the calendar and retried later, and leaves the other
 * advisers bookable.
 */

const radicale = radicaleService();
const python = serviceValue(radicale);

describe.skipIf(!python)(`advisers' calendars over CalDAV, against Radicale (${testDriver})`, () => {
  let bed: AdminTestbed;
  let server: Radicale;
  let karwan: string;
  let rania: string;
  let karwanCalendar: string;
  let now = new Date("2031-03-01T08:00:00Z");
  const ctx = (): ServiceContext => ({ ...bed.context, clock: () => now, config: { ...bed.context.config, bookingNoticeHours: 0 } });
  let visitor = 0;
  const book = (slotId: string) =>
    submitEnquiry({ ...ctx(), clientKey: `198.51.100.${++visitor}` }, anonymous, enquirySchema.parse({ firstName: "Dana", lastName: "Karim", email: `dana.${visitor}@example.com`, investmentAmount: "$900,000", message: "About a residence in Erbil, please.", bookingType: "consultation", availabilitySlotId: slotId }));
  const offered = async (adviserId: string, date: string) => (await listSlotsOnDate(ctx(), anonymous, { now: bookingClock(ctx()), date, scope: { kind: "advisers", ids: [adviserId] } })).map((s) => s.startTime);
  const event = (uid: string, start: string, end: string) =>
    ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//adviser//phone//EN", "BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20310101T000000Z", `DTSTART:${start}`, `DTEND:${end}`, "SUMMARY:Private", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");

  beforeAll(async () => {
    // Radicale runs on this machine: the exception production refuses (issue 52, item 2).
    bed = await createAdminTestbed("caldav-", { NODE_ENV: "test", CALDAV_ALLOW_PRIVATE_ADDRESSES: "true" });
    server = await startRadicale(python!);
    karwan = (await createAdviser(bed.t.db, { name: "Karwan Aziz", languages: ["ckb", "ar"], markets: ["kurdistan-region"], takesBookings: true, timeZone: "Asia/Baghdad" })).id;
    rania = (await createAdviser(bed.t.db, { name: "Rania Haddad", languages: ["en", "ar"], markets: ["uae"], takesBookings: true })).id;
    karwanCalendar = await server.calendar("karwan");
  });
  afterAll(async () => {
    await server?.destroy();
    await bed?.destroy();
  });

  it("refuses a calendar it cannot open, saying why, and keeps nothing", async () => {
    const values = calendarConnectSchema.parse({ url: `${server.base}/karwan/missing/`, username: "karwan", password: RADICALE_PASSWORD });
    const refused = await connectCalendar(ctx(), bed.admin.actor, { adviserId: karwan, values }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe("team.admin.calendar.unreachable");
    expect(await bed.t.db.select().from(adviserCalendars)).toEqual([]);
    // Only admins connect one.
    await expect(connectCalendar(ctx(), bed.investor.actor, { adviserId: karwan, values })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("counts only a real calendar collection: a page answering 200, a redirect (even to a calendar) and a folder are refused alike, the detail for the log only", async () => {
    const home = await server.calendar("karwan", "elsewhere");
    const stand = createServer((request, response) => {
      if (request.url?.startsWith("/page/")) {
        response.writeHead(200, { "Content-Type": "text/html" });
        response.end("<!doctype html><title>Welcome</title>");
      } else if (request.url?.startsWith("/xml/")) {
        response.writeHead(207, { "Content-Type": "application/xml" });
        response.end('<?xml version="1.0"?><html xmlns="DAV:"><multistatus/></html>');
      } else {
        response.writeHead(301, { Location: home });
        response.end();
      }
    });
    await new Promise<void>((resolve) => stand.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;
    try {
      const tries = { [`${base}/page/`]: "not-dav", [`${base}/xml/`]: "not-dav", [`${base}/moved/`]: "redirect", [`${server.base}/karwan/`]: "not-calendar" };
      for (const [url, kind] of Object.entries(tries)) {
        const values = calendarConnectSchema.parse({ url, username: "karwan", password: RADICALE_PASSWORD });
        const refused = (await connectCalendar(ctx(), bed.admin.actor, { adviserId: karwan, values }).catch((e: unknown) => e)) as AppError;
        expect(refused, url).toBeInstanceOf(AppError);
        // One message, with nothing of what happened in it; the kind and the detail are for the log.
        expect({ message: refused.message, values: refused.values }, url).toEqual({ message: "team.admin.calendar.unreachable", values: undefined });
        expect(refused.detail, url).toMatchObject({ adviserId: karwan, url, kind });
        expect(JSON.stringify(refused.detail)).not.toContain(RADICALE_PASSWORD);
      }
      expect(await bed.t.db.select().from(adviserCalendars)).toEqual([]);
    } finally {
      await new Promise((resolve) => stand.close(resolve));
    }
  });

  it("hides a slot when the adviser's own calendar has an event then, reading only what changed, and keeps the password sealed", async () => {
    await server.put(karwanCalendar, "karwan", "dentist.ics", event("dentist", "20310303T070000Z", "20310303T080000Z"));
    for (const time of ["09:00:00", "10:00:00", "11:00:00", "12:00:00"]) await createSlot(bed.t.db, { adviserId: karwan, date: "2031-03-03", startTime: time, endTime: time.replace(":00:00", ":30:00") });
    const values = calendarConnectSchema.parse({ url: karwanCalendar, username: "karwan", password: RADICALE_PASSWORD });
    await connectCalendar(ctx(), bed.admin.actor, { adviserId: karwan, values });
    // The firm's clock here is London's: 07:00–08:00 UTC is 07:00–08:00 there, so nothing yet at 09:00.
    expect(await offered(karwan, "2031-03-03")).toEqual(["09:00:00", "10:00:00", "11:00:00", "12:00:00"]);
    const [stored] = await bed.t.db.select().from(adviserCalendars);
    expect(Buffer.from(stored!.secretCiphertext).toString("utf8")).not.toContain(RADICALE_PASSWORD);

    // The adviser adds a meeting at 10:00–11:00 London time on their phone.
    await server.put(karwanCalendar, "karwan", "lunch.ics", event("lunch", "20310303T100000Z", "20310303T110000Z"));
    now = new Date(now.getTime() + 61_000);
    expect(await syncDueCalendars(ctx())).toEqual({ synced: 1, failed: 0 });
    expect(await offered(karwan, "2031-03-03")).toEqual(["09:00:00", "11:00:00", "12:00:00"]);
    // Nothing changed since: the ctag says so and nothing is read; one change: one object read.
    expect(await syncCalendar(ctx(), karwan)).toEqual({ ok: true, read: 0 });
    await server.remove(karwanCalendar, "karwan", "lunch.ics");
    expect(await syncCalendar(ctx(), karwan)).toEqual({ ok: true, read: 0 });
    expect(await offered(karwan, "2031-03-03")).toEqual(["09:00:00", "10:00:00", "11:00:00", "12:00:00"]);
    await server.put(karwanCalendar, "karwan", "call.ics", event("call", "20310303T115000Z", "20310303T120500Z"));
    expect(await syncCalendar(ctx(), karwan)).toEqual({ ok: true, read: 1 });
    // 11:50–12:05 overlaps the 12:00 slot, not the 11:00 one (it ends at 11:30).
    expect(await offered(karwan, "2031-03-03")).toEqual(["09:00:00", "10:00:00", "11:00:00"]);
    expect((await bed.t.db.select().from(adviserBusyTimes).where(eq(adviserBusyTimes.adviserId, karwan))).map((b) => b.href.split("/").at(-1)).sort()).toEqual(["call.ics", "dentist.ics"]);

    // A master key rotation (npm run identity:rewrap) seals the password's key again: the
    // calendar is read with the new master key alone, and the old one can be dropped.
    const current = bed.context.config.identity.keys.current.key;
    const newKey = randomBytes(32);
    expect(await rewrapSealedFiles(bed.t.db, keyring([newKey, current]))).toBeGreaterThanOrEqual(1);
    const [rewrapped] = await bed.t.db.select().from(adviserCalendars).where(eq(adviserCalendars.adviserId, karwan));
    expect(rewrapped!.secretKeyId).not.toBe(stored!.secretKeyId);
    const onlyNew = (): ServiceContext => ({ ...ctx(), config: { ...ctx().config, identity: { ...ctx().config.identity, keys: keyring([newKey]) } } });
    await server.put(karwanCalendar, "karwan", "after-rotation.ics", event("after-rotation", "20310303T090000Z", "20310303T093000Z"));
    expect(await syncCalendar(onlyNew(), karwan)).toEqual({ ok: true, read: 1 });
    expect(await offered(karwan, "2031-03-03")).toEqual(["10:00:00", "11:00:00"]);
    await server.remove(karwanCalendar, "karwan", "after-rotation.ics");
    await rewrapSealedFiles(bed.t.db, keyring([current, newKey]));
    expect(await syncCalendar(ctx(), karwan)).toMatchObject({ ok: true });
    expect(await offered(karwan, "2031-03-03")).toEqual(["09:00:00", "10:00:00", "11:00:00"]);
  });

  it("writes a booking into the adviser's calendar with the invite's UID and time, and removes it when cancelled", async () => {
    const slot = await createSlot(bed.t.db, { adviserId: karwan, date: "2031-03-04", startTime: "14:00:00", endTime: "14:30:00" });
    const booking = await book(slot.id);
    const queued = await bed.t.jobs.waiting("calendar-push", booking.bookingId);
    expect(queued).toHaveLength(1);
    expect(await pushBookingEvent(ctx(), booking.bookingId)).toBe("written");
    const uid = `${booking.bookingId}@tigrisadvisory.com`;
    let objects = await server.objects(karwanCalendar, "karwan");
    const written = objects.get(`${uid}.ics`);
    expect(written).toBeDefined();
    expect(written).toContain(`UID:${uid}`);
    expect(written).toMatch(/DTSTART;TZID=Europe\/London:20310304T140000/);
    expect(written).toMatch(/DTEND;TZID=Europe\/London:20310304T143000/);
    expect(written).toContain("SEQUENCE:0");
    expect(written).toContain("STATUS:TENTATIVE");
    expect(written).not.toMatch(/ATTENDEE|ORGANIZER|METHOD/);
    // Our own event is not read back as the adviser being busy.
    await syncCalendar(ctx(), karwan);
    expect(await bed.t.db.select().from(adviserBusyTimes).where(eq(adviserBusyTimes.href, new URL(`${uid}.ics`, karwanCalendar).pathname))).toEqual([]);

    // Confirmed by an admin: the same event, a higher SEQUENCE.
    await updateBookingStatus(ctx(), bed.admin.actor, { bookingId: booking.bookingId, status: "confirmed" });
    await pushBookingEvent(ctx(), booking.bookingId);
    objects = await server.objects(karwanCalendar, "karwan");
    expect(objects.get(`${uid}.ics`)).toContain("SEQUENCE:1");
    expect(objects.get(`${uid}.ics`)).toContain("STATUS:CONFIRMED");

    // Cancelled from the investor's link: gone from the adviser's calendar.
    await changeBooking(ctx(), anonymous, { token: booking.manageToken, change: { intent: "cancel", reason: "Travelling" } });
    expect(await pushBookingEvent(ctx(), booking.bookingId)).toBe("removed");
    expect((await server.objects(karwanCalendar, "karwan")).has(`${uid}.ics`)).toBe(false);
    expect(await bed.t.db.select().from(bookingCalendarEvents).where(eq(bookingCalendarEvents.bookingId, booking.bookingId))).toEqual([]);
  });

  it("hands a booking to a colleague at the same time: the investor is told, the event moves between the advisers' calendars", async () => {
    const raniaCalendar = await server.calendar("rania");
    await connectCalendar(ctx(), bed.admin.actor, { adviserId: rania, values: calendarConnectSchema.parse({ url: raniaCalendar, username: "rania", password: RADICALE_PASSWORD }) });
    const slot = await createSlot(bed.t.db, { adviserId: karwan, date: "2031-03-06", startTime: "11:00:00", endTime: "11:30:00" });
    const booking = await book(slot.id);
    await updateBookingStatus(ctx(), bed.admin.actor, { bookingId: booking.bookingId, status: "confirmed" });
    await pushBookingEvent(ctx(), booking.bookingId);
    const file = `${booking.bookingId}@tigrisadvisory.com.ics`;
    expect((await server.objects(karwanCalendar, "karwan")).has(file)).toBe(true);

    // Rania is busy then in her own calendar: refused, nothing changes.
    await server.put(raniaCalendar, "rania", "busy.ics", event("busy", "20310306T110000Z", "20310306T113000Z"));
    await syncCalendar(ctx(), rania);
    await expect(handBookingOver(ctx(), bed.admin.actor, { bookingId: booking.bookingId, adviserId: rania })).rejects.toMatchObject({ code: "CONFLICT" });
    await server.remove(raniaCalendar, "rania", "busy.ics");
    await syncCalendar(ctx(), rania);
    // Only admins.
    await expect(handBookingOver(ctx(), bed.investor.actor, { bookingId: booking.bookingId, adviserId: rania })).rejects.toMatchObject({ code: "FORBIDDEN" });

    await handBookingOver(ctx(), bed.admin.actor, { bookingId: booking.bookingId, adviserId: rania });
    const [moved] = await bed.t.db
      .select({ adviserId: availabilitySlots.adviserId, date: availabilitySlots.date, startTime: availabilitySlots.startTime, sequence: consultationBookings.inviteSequence })
      .from(consultationBookings)
      .innerJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
      .where(eq(consultationBookings.id, booking.bookingId));
    expect(moved).toEqual({ adviserId: rania, date: "2031-03-06", startTime: "11:00:00", sequence: 2 });
    const [told] = await bed.t.db.select().from(emailOutbox).where(and(eq(emailOutbox.bookingId, booking.bookingId), eq(emailOutbox.kind, "booking-handed-over")));
    expect(told!.subject).toBe("Your consultation with Tigris Advisory: a new adviser");
    expect(told!.textBody).toContain("is now with Rania Haddad. The time is unchanged.");
    // Karwan's 11:00 is free again; the event left his calendar for hers.
    expect(await offered(karwan, "2031-03-06")).toContain("11:00:00");
    await pushBookingEvent(ctx(), booking.bookingId);
    expect((await server.objects(karwanCalendar, "karwan")).has(file)).toBe(false);
    expect((await server.objects(raniaCalendar, "rania")).get(file)).toContain("SEQUENCE:2");
  });

  it("shows an outage on the calendar, tries again later each time later, and leaves the other advisers bookable", async () => {
    await server.stop();
    try {
      now = new Date(now.getTime() + 61_000);
      // Both advisers' calendars are on the one server here.
      expect(await syncDueCalendars(ctx())).toEqual({ synced: 0, failed: 2 });
      let [row] = await bed.t.db.select().from(adviserCalendars).where(eq(adviserCalendars.adviserId, karwan));
      expect(row!.failures).toBe(1);
      // Only the kind of failure is kept on the row (the detail is in the log); it reads "failing" to the adviser.
      expect(row!.lastError).toBe("network");
      expect(row!.nextSyncAt.getTime() - now.getTime()).toBe(60_000);
      // Not tried again before its turn; then a second failure waits two minutes.
      now = new Date(now.getTime() + 30_000);
      expect(await syncDueCalendars(ctx())).toEqual({ synced: 0, failed: 0 });
      now = new Date(now.getTime() + 31_000);
      expect(await syncDueCalendars(ctx())).toEqual({ synced: 0, failed: 2 });
      [row] = await bed.t.db.select().from(adviserCalendars).where(eq(adviserCalendars.adviserId, karwan));
      expect(row!.nextSyncAt.getTime() - now.getTime()).toBe(120_000);

      // Another adviser is booked meanwhile; so is this one, from what was last read.
      // Another adviser without a calendar is booked meanwhile.
      await disconnectCalendar(ctx(), bed.admin.actor, { adviserId: rania });
      const other = await createSlot(bed.t.db, { adviserId: rania, date: "2031-03-05", startTime: "10:00:00", endTime: "10:30:00" });
      await expect(book(other.id)).resolves.toMatchObject({ adviserName: "Rania Haddad" });
      const own = await createSlot(bed.t.db, { adviserId: karwan, date: "2031-03-05", startTime: "10:00:00", endTime: "10:30:00" });
      const booked = await book(own.id);
      // Writing it into the unreachable calendar fails (the job is retried) and says so on the calendar.
      await expect(pushBookingEvent(ctx(), booked.bookingId)).rejects.toThrow(/could not be reached/);
    } finally {
      await server.start();
    }
    now = new Date(now.getTime() + 121_000);
    expect(await syncDueCalendars(ctx())).toEqual({ synced: 1, failed: 0 });
    const [row] = await bed.t.db.select().from(adviserCalendars).where(eq(adviserCalendars.adviserId, karwan));
    expect(row).toMatchObject({ failures: 0, lastError: null });
  });

  it("forgets the busy times when the calendar is disconnected", async () => {
    await disconnectCalendar(ctx(), bed.admin.actor, { adviserId: karwan });
    expect(await bed.t.db.select().from(adviserBusyTimes).where(eq(adviserBusyTimes.adviserId, karwan))).toEqual([]);
    expect(await offered(karwan, "2031-03-03")).toEqual(["09:00:00", "10:00:00", "11:00:00", "12:00:00"]);
  });
});

it.skipIf(Boolean(python))(`advisers' calendars against Radicale: ${missingReason(radicale)}`, () => {});
