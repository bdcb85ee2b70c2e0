import { randomInt } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { format, parseISO } from "date-fns";
import type { BookingDialogData, BookingTimesData } from "../../app/domain/booking-dialog-data";
import { brand } from "../../app/domain/brand";
import type { OfferedSlot } from "../../app/domain/slots";
import { mailsTo, waitForMail, waitForMails } from "../support/mailbox";
import { E2E_ADMIN } from "./e2e-admin";
import { expect, test } from "./fixtures";

/**
 * Issue 13's findings that were tested only at service level, now over real HTTP against
 * the running server (open redirects, auth links and the three session-reading endpoints:
 * security-redirects.spec.ts; two-factor sign-in: two-factor.spec.ts):
 * - the booking form cannot make the firm's mail server carry a stranger's words or links
 *   to an address nobody verified (app/server/email/booking-emails.server.ts);
 * - better-auth's endpoints the app never serves over HTTP answer 404 to a signed-in
 *   investor, and do nothing (docs/decisions/011, `disabledPaths`);
 * - the session cookie is out of page JavaScript's reach, same-site, and lives no longer
 *   than a session may (docs/decisions/011, app/domain/session-lifetime.ts).
 */

const dataDir = () => process.env.E2E_DATA_DIR!;
const forwardedFor = () => `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}`;
const uniqueEmail = (who: string) => `${who}.${Date.now()}.${randomInt(1e6)}@example.com`;

// ---- 1. The booking form is no mail relay ------------------------------------------------

/** What a spammer types into every free-text field the booking form accepts (and some it does not). */
const HOSTILE = {
  firstName: "Claimyour Prizenow",
  lastName: "Wiretransfer Urgentpay",
  phone: "+44 7700 900461",
  investmentAmount: "$987,654,321",
  message: "Your account is locked. Verify it at https://evil.example/phish?id=7 or <a href=\"https://evil.example/x\">here</a> today.",
  // Fields the form does not have, sent all the same by a script.
  company: "Evilcorp Holdings",
  availabilitySlotDescription: "Tomorrow 9am, confirm at https://evil.example/phish-slot",
};

/** A plain enquiry whose every typed field differs from the hostile one. */
const PLAIN = {
  firstName: "Layla",
  lastName: "Al-Rashid",
  phone: "+44 20 7946 0018",
  investmentAmount: "$250,000",
  message: "I would like to hear about the Basra waterfront project.",
};

/** Text of the hostile enquiry that must not reach its unverified address, in any form. */
const TYPED_TEXT = [
  HOSTILE.firstName,
  HOSTILE.lastName,
  "Claimyour",
  "Prizenow",
  "Wiretransfer",
  "Urgentpay",
  HOSTILE.phone,
  "7700 900461",
  "7700900461",
  "987,654,321",
  "987654321",
  "Your account is locked",
  "Verify it at",
  "evil.example",
  "phish",
  HOSTILE.company,
  "Evilcorp",
  "Tomorrow 9am",
];

/** Free slots to try, far from the ones the booking tests race for; another test may take any one. */
async function candidateSlots(request: APIRequestContext): Promise<OfferedSlot[]> {
  const dialog = (await (await request.get("/api/booking")).json()) as BookingDialogData;
  const dates = [...dialog.dates].sort(() => Math.random() - 0.5).slice(0, 3);
  const slots: OfferedSlot[] = [];
  for (const date of dates) {
    const day = (await (await request.get(`/api/booking?date=${date}`)).json()) as BookingTimesData;
    slots.push(...day.times);
  }
  expect(slots.length, "the demo content offers slots").toBeGreaterThan(0);
  return slots.sort(() => Math.random() - 0.5);
}

/** Posts the enquiry as the booking form does (POST /?index), on the first slot still free. */
async function submitOnAFreeSlot(
  request: APIRequestContext,
  baseURL: string,
  fields: Record<string, string>,
): Promise<OfferedSlot> {
  for (const slot of await candidateSlots(request)) {
    const answer = await request.post("/?index", {
      headers: { Origin: baseURL, "X-Forwarded-For": forwardedFor() },
      form: { ...fields, bookingType: "investment_review", availabilitySlotId: slot.id },
    });
    if (answer.status() === 409) continue; // booked a moment ago by another test
    expect(answer.status(), await answer.text()).toBe(200);
    return slot;
  }
  throw new Error("every candidate slot was taken");
}

/** The slot as the server stores and prints it: "Mon, 23 Nov 2026, 09:00–09:30". */
const slotText = (slot: OfferedSlot) => `${format(parseISO(slot.date), "EEE, d MMM yyyy")}, ${slot.startTime.slice(0, 5)}–${slot.endTime.slice(0, 5)}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const REFERENCE = /Booking reference: (TA-[2-9A-Z]{6})/;

/** The admin's notice of the booking made for `email`, and the booking's reference in it. */
async function adminNoticeFor(email: string) {
  const notice = await waitForMail(dataDir(), E2E_ADMIN.email, (m) => Boolean(m.text?.includes(`Email: ${email}`)), 10_000);
  const reference = notice.text?.match(REFERENCE)?.[1];
  expect(reference, "the notice names the booking").toBeTruthy();
  return { notice, reference: reference! };
}

/** The only mail `email` received: the receipt. */
async function receiptTo(email: string) {
  const mails = await waitForMails(dataDir(), email, 1, 10_000);
  expect(mails, `mail to ${email}`).toHaveLength(1);
  return mails[0]!;
}

/** Every link in a mail, from the HTML (href) and from the plain text. */
function linksIn(mail: { html?: string | false; text?: string }): string[] {
  const html = typeof mail.html === "string" ? mail.html : "";
  const hrefs = [...html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((m) => m[1]!);
  const bare = [...`${html}\n${mail.text ?? ""}`.matchAll(/(?:https?:)?\/\/[^\s"'<>]+/gi)].map((m) => m[0]);
  return [...hrefs, ...bare];
}

test("the booking receipt to a typed-in address carries none of the typed text or links; the admins' notice has it", async ({ request, baseURL }) => {
  const visitor = uniqueEmail("relay");
  const slot = await submitOnAFreeSlot(request, baseURL!, { ...HOSTILE, email: visitor });

  // The admins (verified addresses) get everything the visitor typed, as the sanitiser left it.
  const { notice, reference } = await adminNoticeFor(visitor);
  for (const typed of [HOSTILE.firstName, HOSTILE.lastName, HOSTILE.phone, HOSTILE.investmentAmount, "Your account is locked", "https://evil.example/phish?id=7"]) {
    expect(notice.text, `the admins' notice keeps "${typed}"`).toContain(typed);
  }
  // A time the client describes is never stored or mailed: only the slot as stored is.
  expect(notice.text).not.toContain("Tomorrow 9am");
  expect(notice.text).toContain(`Requested time: ${slotText(slot)}`);

  // The visitor's address gets the receipt, and only the firm's words in it.
  const receipt = await receiptTo(visitor);
  const whole = [
    receipt.subject ?? "",
    receipt.text ?? "",
    typeof receipt.html === "string" ? receipt.html : "",
    ...receipt.headerLines.map((h) => h.line),
    ...receipt.attachments.map((a) => a.content.toString("utf8")),
  ].join("\n");
  for (const typed of TYPED_TEXT) {
    expect(whole.toLowerCase(), `the receipt repeats "${typed}"`).not.toContain(typed.toLowerCase());
  }
  for (const link of linksIn(receipt)) {
    const own = link.startsWith(`${baseURL}/`) || link === `mailto:${brand.supportEmail}`;
    expect(own, `a link in the receipt: ${link}`).toBe(true);
  }
  expect(receipt.subject).toBe(`Your consultation request with ${brand.name}`);
  expect(receipt.text).toContain("Consultation type: Investment Review");
  expect(receipt.text).toContain(`Requested time: ${slotText(slot)}`);
  expect(receipt.text).toContain(`Booking reference: ${reference}`);

  // Whatever the visitor types, the receipt reads the same: a plain enquiry's receipt,
  // every typed field different, is word for word this one but for the slot and reference.
  const plainVisitor = uniqueEmail("plain");
  const plainSlot = await submitOnAFreeSlot(request, baseURL!, { ...PLAIN, email: plainVisitor });
  const { reference: plainReference } = await adminNoticeFor(plainVisitor);
  const plainReceipt = await receiptTo(plainVisitor);
  // The slot with its zone ("(London time, GMT)"): two dates may fall either side of a clock change.
  const normalise = (text: string | false | undefined, booked: OfferedSlot, ref: string) =>
    String(text ?? "")
      .replace(new RegExp(`${escapeRegExp(slotText(booked))}(?: \\([^)]*\\))?`, "g"), "<slot>")
      // The booking page's link: the booking's id and its own signature (issue 16).
      .replace(/\/booking\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/g, "/booking/<id>.<signature>")
      .replaceAll(ref, "<reference>");
  expect(normalise(receipt.subject, slot, reference)).toBe(normalise(plainReceipt.subject, plainSlot, plainReference));
  expect(normalise(receipt.text, slot, reference)).toBe(normalise(plainReceipt.text, plainSlot, plainReference));
  expect(normalise(receipt.html, slot, reference)).toBe(normalise(plainReceipt.html, plainSlot, plainReference));
});

// ---- 2. better-auth's unused endpoints are off -------------------------------------------

/**
 * Each endpoint with a body that would do harm if it were served. GET is probed too
 * (better-auth would answer 404 to the wrong method anyway; the POST is what counts for
 * the POST-only ones). GET of get-session, list-sessions and list-accounts is in
 * security-redirects.spec.ts.
 */
const UNUSED_ENDPOINTS: { path: string; get: boolean; body: (password: string) => Record<string, unknown> }[] = [
  { path: "/api/auth/get-session", get: false, body: () => ({}) },
  { path: "/api/auth/list-sessions", get: false, body: () => ({}) },
  { path: "/api/auth/list-accounts", get: false, body: () => ({}) },
  { path: "/api/auth/revoke-sessions", get: true, body: () => ({}) },
  { path: "/api/auth/update-session", get: true, body: () => ({}) },
  { path: "/api/auth/change-password", get: true, body: (password) => ({ currentPassword: password, newPassword: "hijacked password 2031", revokeOtherSessions: true }) },
  { path: "/api/auth/change-email", get: true, body: () => ({ newEmail: "hijacker@evil.example" }) },
  { path: "/api/auth/update-user", get: true, body: () => ({ name: "Hijacked Name", firstName: "Hijacked" }) },
  { path: "/api/auth/delete-user", get: true, body: (password) => ({ password }) },
  { path: "/api/auth/two-factor/enable", get: true, body: (password) => ({ password }) },
  { path: "/api/auth/two-factor/disable", get: true, body: (password) => ({ password }) },
  { path: "/api/auth/two-factor/verify-totp", get: true, body: () => ({ code: "000000" }) },
  { path: "/api/auth/two-factor/verify-backup-code", get: true, body: () => ({ code: "ABCDE-FGHIJ" }) },
  { path: "/api/auth/two-factor/get-totp-uri", get: true, body: (password) => ({ password }) },
];

test("better-auth's endpoints the app does not serve answer 404 to a signed-in investor and change nothing", async ({ page, investor, baseURL }) => {
  const request = page.request;
  const sessionCookie = (await page.context().cookies()).find((c) => c.name === "better-auth.session_token");
  expect(sessionCookie, "the fixture's session cookie").toBeTruthy();
  const token = decodeURIComponent(sessionCookie!.value).split(".")[0]!;
  expect(token.length).toBeGreaterThan(10);

  const probes: { method: "GET" | "POST"; path: string; data?: Record<string, unknown> }[] = UNUSED_ENDPOINTS.flatMap(({ path, get, body }) => [
    ...(get ? [{ method: "GET" as const, path }] : []),
    { method: "POST" as const, path, data: body(investor.password) },
  ]);
  for (const { method, path, data } of probes) {
    const answer = await request.fetch(path, {
      method,
      headers: { Origin: baseURL!, "X-Forwarded-For": forwardedFor() },
      data,
      maxRedirects: 0,
    });
    const what = `${method} ${path}`;
    const body = await answer.text();
    expect(answer.status(), `${what}: ${body}`).toBe(404);
    expect(body, what).not.toContain(token);
    expect(body.toLowerCase(), what).not.toContain("token");
    expect(answer.headers()["set-cookie"], what).toBeUndefined();
  }

  // None of them acted: the session lives, the name and password are unchanged, and no
  // mail went to the address an attacker would have named.
  expect((await request.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);
  const profile = await (await request.get("/account/profile", { maxRedirects: 0 })).text();
  expect(profile).toContain(investor.firstName);
  expect(profile).not.toContain("Hijacked");
  expect(await mailsTo(dataDir(), "hijacker@evil.example")).toHaveLength(0);
  const signIn = await request.post("/auth", {
    headers: { Origin: baseURL!, "X-Forwarded-For": forwardedFor() },
    form: { intent: "sign-in", email: investor.email, password: investor.password, redirectTo: "/dashboard" },
    maxRedirects: 0,
  });
  expect(signIn.status(), await signIn.text()).toBe(302);
  expect(signIn.headers().location).toBe("/dashboard");
});

// ---- 3. The session cookie's flags and lifetime ------------------------------------------

/** 30 days (issue 13), written out rather than read from the product's SESSION_LIMITS. */
const MAX_SESSION_SECONDS = 30 * 24 * 60 * 60;

/** One Set-Cookie header's name, value and attributes (names lower-cased). */
function parseSetCookie(header: string) {
  const [pair, ...attributes] = header.split(";").map((part) => part.trim());
  const eq = pair!.indexOf("=");
  const flags = new Map<string, string>();
  for (const attribute of attributes) {
    const at = attribute.indexOf("=");
    flags.set((at < 0 ? attribute : attribute.slice(0, at)).toLowerCase(), at < 0 ? "" : attribute.slice(at + 1));
  }
  return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), flags };
}

test("the session cookie is HttpOnly, SameSite=Lax, for the whole site, and lives at most 30 days", async ({ page, investor, baseURL }) => {
  // As the browser holds it after the fixture's sign-in.
  const now = Date.now() / 1000;
  const held = (await page.context().cookies()).find((c) => c.name === "better-auth.session_token");
  expect(held, "the fixture's session cookie").toBeTruthy();
  expect(held!.httpOnly).toBe(true);
  expect(held!.sameSite).toBe("Lax");
  expect(held!.path).toBe("/");
  expect(held!.expires, "a cookie with an end").toBeGreaterThan(now);
  expect(held!.expires - now).toBeLessThanOrEqual(MAX_SESSION_SECONDS);

  // As the server sends it, on the sign-in answer itself.
  const signIn = await page.request.post("/auth", {
    headers: { Origin: baseURL!, "X-Forwarded-For": forwardedFor() },
    form: { intent: "sign-in", email: investor.email, password: investor.password, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(signIn.status(), await signIn.text()).toBe(302);
  const cookies = signIn
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => parseSetCookie(h.value));
  const sent = cookies.find((c) => c.name === "better-auth.session_token");
  expect(sent, `the session cookie among ${cookies.map((c) => c.name).join(", ")}`).toBeTruthy();
  const { flags } = sent!;
  expect(flags.has("httponly"), "HttpOnly").toBe(true);
  expect(flags.get("samesite")?.toLowerCase(), "SameSite").toBe("lax");
  expect(flags.get("path"), "Path").toBe("/");
  expect(flags.has("domain"), "no Domain: this host only").toBe(false);
  expect(flags.has("max-age") || flags.has("expires"), "Max-Age or Expires").toBe(true);
  if (flags.has("max-age")) {
    const maxAge = Number(flags.get("max-age"));
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(MAX_SESSION_SECONDS);
  }
  if (flags.has("expires")) {
    const expires = Date.parse(flags.get("expires")!) / 1000;
    expect(expires).toBeGreaterThan(now);
    expect(expires - now).toBeLessThanOrEqual(MAX_SESSION_SECONDS + 60);
  }
});
