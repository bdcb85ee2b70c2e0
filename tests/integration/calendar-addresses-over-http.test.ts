import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarConnectSchema } from "~/domain/adviser-schedule";
import type { ServiceContext } from "~/server/context/service-context.server";
import { serializeError } from "~/server/core/logger.server";
import { adviserCalendars } from "~/server/db/schema.server";
import { connectCalendar, syncCalendar } from "~/server/services/adviser-calendars.server";
import { addAdviserAccount, createAdminTestbed, type AdminTestbed } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { testDriver } from "./test-database";

/**
 * Issue 52, item 2, over real HTTP: the adviser saves a calendar address on /adviser/hours
 * through the whole app as production configures it (NODE_ENV=production, so
 * CALDAV_ALLOW_PRIVATE_ADDRESSES is false). An address on this machine or the firm's network
 * is refused with one message, the same whether something answers there or not, so the form
 * is no port scanner; the detail goes to the log, the password nowhere. A calendar connected
 * before to such an address fails without a word of why, and is not polled every minute.
 */

const lines: Array<Record<string, unknown>> = [];
const logger = pino(
  { level: "info", serializers: { err: serializeError } },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  }),
);

/** The adviser's app password, which must appear in no answer and no log line. */
const PASSWORD = "calendar-app-password-7319";
/** What the adviser is told, whatever went wrong (the English catalogue's words). */
const UNREACHABLE = "We could not open that calendar. Check the address (your calendar provider&#x27;s https address for CalDAV), the user name and the app password.";

/**
 * A CalDAV server inside the firm's network, as far as the app can tell: it answers PROPFIND
 * and REPORT as a calendar does. Every request it gets is counted.
 */
async function insideCalendar(): Promise<{ server: Server; port: number; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(207, { "Content-Type": "application/xml; charset=utf-8" });
    response.end(
      request.method === "PROPFIND"
        ? `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/"><d:response><d:href>${request.url}</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/></d:resourcetype><cs:getctag>1</cs:getctag><d:sync-token>http://inside/sync/1</d:sync-token></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`
        : `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:sync-token>http://inside/sync/1</d:sync-token></d:multistatus>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, requests };
}

let app: RealApp;
let bed: AdminTestbed;
let adviser: Awaited<ReturnType<typeof addAdviserAccount>>;
let inside: Awaited<ReturnType<typeof insideCalendar>>;
let closedPort: number;
beforeAll(async () => {
  app = await listenForApp();
  bed = await createAdminTestbed("cal-http-", { SITE_URL: app.base });
  adviser = await addAdviserAccount(bed, "cal-http-adviser@example.com", { name: "Layla Aziz" });
  inside = await insideCalendar();
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  await app.mount({ parts: bed.context, database: bed.t, logger });
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => inside?.server.close(resolve));
  await app?.close();
  await bed?.destroy();
});

/** The hours page's calendar form, posted as the browser posts it without JavaScript. */
const connect = (url: string) =>
  fetch(`${app.base}/adviser/hours`, {
    method: "POST",
    headers: { Cookie: adviser.cookie, Origin: app.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ formKey: "calendar-connect", intent: "calendar-connect", id: adviser.adviserId, url, username: "layla", password: PASSWORD }),
    redirect: "manual",
  });

const storedCalendars = () => bed.t.db.select().from(adviserCalendars).where(eq(adviserCalendars.adviserId, adviser.adviserId));

describe(`an adviser's calendar address over real HTTP (${testDriver})`, () => {
  it("refuses an address inside with one message, the same where a calendar answers, a port is closed or the clouds' metadata lives; the detail in the log, the password nowhere", { timeout: 60_000 }, async () => {
    const addresses = {
      // Something that answers as a calendar, on this machine: plain http, then https by name and by mapped address.
      [`http://127.0.0.1:${inside.port}/layla/work/`]: "scheme",
      [`https://localhost:${inside.port}/layla/work/`]: "address",
      [`https://[::ffff:127.0.0.1]:${inside.port}/layla/work/`]: "address",
      // Nothing listens there.
      [`https://127.0.0.1:${closedPort}/layla/work/`]: "address",
      // Databases, metadata services, the firm's network, the carrier's.
      "https://127.0.0.1:5432/": "address",
      "https://169.254.169.254/latest/meta-data/": "address",
      "https://10.0.0.5/remote.php/dav/calendars/layla/personal/": "address",
      "https://100.100.100.200/": "address",
    };
    const answers: Array<{ status: number; notice: string | undefined }> = [];
    for (const [url, kind] of Object.entries(addresses)) {
      lines.length = 0;
      const response = await connect(url);
      const html = await response.text();
      const notice = /role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
      answers.push({ status: response.status, notice });
      // (Compared as booleans: a failure here should not print the whole page.)
      expect(html.includes(UNREACHABLE), `${url}: the one message`).toBe(true);
      expect(html.includes(PASSWORD), `${url}: the password sent back`).toBe(false);
      expect(/ECONNREFUSED|ETIMEDOUT|not a public address|could not be reached|https only/.exec(html)?.[0], url).toBeUndefined();
      // The log says what happened (for the firm), never the password.
      const refusal = lines.find((l) => l.msg === "request refused");
      expect(refusal?.detail, url).toMatchObject({ adviserId: adviser.adviserId, url: new URL(url).href, kind });
      expect(JSON.stringify(lines), url).not.toContain(PASSWORD);
    }
    // One answer for all of them: nothing tells an open port from a closed one.
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 409, notice: expect.stringContaining("We could not open that calendar.") });
    expect(inside.requests).toEqual([]);
    expect(await storedCalendars()).toEqual([]);
  });

  it("shows a calendar connected before to an address now refused as failing, without why, and tries it again only in an hour", async () => {
    // Connected while this machine could be reached (as a test's Radicale is), then read as production reads it.
    const allowed: ServiceContext = { ...bed.context, config: { ...bed.context.config, calendars: { allowPrivateAddresses: true } } };
    const url = `http://127.0.0.1:${inside.port}/layla/work/`;
    await connectCalendar(allowed, adviser.actor, { adviserId: adviser.adviserId, values: calendarConnectSchema.parse({ url, username: "layla", password: PASSWORD }) });
    expect(inside.requests.length).toBeGreaterThan(0);
    inside.requests.length = 0;

    const now = new Date();
    expect(await syncCalendar({ ...bed.context, clock: () => now }, adviser.adviserId)).toEqual({ ok: false, read: 0 });
    expect(inside.requests).toEqual([]);
    const [row] = await storedCalendars();
    expect(row).toMatchObject({ failures: 1, lastError: "scheme" });
    expect(row!.nextSyncAt.getTime() - now.getTime()).toBe(60 * 60_000);

    for (const path of ["/adviser/hours", "/adviser"]) {
      const html = await (await fetch(`${app.base}${path}`, { headers: { Cookie: adviser.cookie } })).text();
      expect(html.includes("The calendar could not be read (once). Check its address, user name and app password."), path).toBe(true);
      expect(/"lastError"|"scheme"|https only/.exec(html)?.[0], path).toBeUndefined();
    }
  });
});
