import { eq } from "drizzle-orm";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSlot } from "~/server/seed/factories.server";
import { consultationBookings } from "~/server/db/schema.server";
import { ENQUIRY_FIELD_CASES, ENQUIRY_TOAST_WORDS, VALID_ENQUIRY } from "../support/spec-messages";
import { createTestContext, type TestContext } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * SPEC.md sections 5 and 8, word for word, from the whole app over real HTTP (Express, the
 * route modules of the production build, their catalogues): every validation message of the
 * enquiry form as the browser's own post (single fetch) receives it, and the section 8
 * toasts as the page shows them to a post made without JavaScript. The expected words are
 * the literal strings of tests/support/spec-messages.ts.
 */

let t: TestDatabase;
let app: RealApp;
let context: TestContext;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await listenForApp();
  context = createTestContext(t, { SITE_URL: app.base, TRUST_PROXY: "loopback" });
  await app.mount({ parts: context, database: t });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.destroy();
});

let n = 0;
/** Each post from an address and with an e-mail of its own, so the per-address and per-e-mail limits stay apart. */
const nextAddress = () => `192.0.2.${++n}`;
const nextEmail = () => `spec-${++n}-${Date.now()}@example.com`;

/** The form's fields as the browser posts them: the table's valid enquiry, no slot chosen. */
const formFields = (overrides: Record<string, string> = {}) => ({
  ...VALID_ENQUIRY,
  email: nextEmail(),
  availabilitySlotId: "",
  ...overrides,
});

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${app.base}${path}`, {
    method: "POST",
    headers: { Origin: app.base, "X-Forwarded-For": nextAddress(), ...headers },
    body,
    redirect: "manual",
  });
}

/** What the enquiry form's JavaScript posts (fetcher.submit to /?index) and the action's answer, decoded. */
async function postAsTheForm(fields: Record<string, string>): Promise<{ status: number; result: unknown }> {
  const response = await post("/_.data?index", new URLSearchParams(fields));
  const decoded = await decodeViaTurboStream(response.body!, globalThis);
  await decoded.done;
  return { status: response.status, result: decoded.value };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Pages escape apostrophes and friends; compare the words as a reader sees them. */
const unescapeHtml = (html: string) =>
  html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * A post made without JavaScript: the page it answers with, and the text of the result
 * paragraph the form shows in place of a toast (its bold title, then the description).
 */
async function postAsDocument(body: BodyInit, headers: Record<string, string> = {}) {
  const response = await post("/?index", body, headers);
  const html = await response.text();
  const paragraph = /<p role="(?:status|alert)" class="rounded-md[^"]*">([\s\S]*?)<\/p>/.exec(html)?.[1];
  const words = paragraph === undefined ? null : unescapeHtml(paragraph.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, ""));
  return { status: response.status, words };
}
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

describe(`SPEC.md's enquiry messages over real HTTP (${testDriver})`, () => {
  it.each(ENQUIRY_FIELD_CASES.map((c) => [`${c.field}: ${c.message}`, c] as const))("%s", async (_name, { field, value, message }) => {
    const fields = formFields({ [field]: value });
    const answer = await postAsTheForm(fields);
    expect(answer.status).toBe(400);
    // This rule alone, in the table's exact words.
    expect(answer.result).toEqual({ data: { status: "invalid", fieldErrors: { [field]: message } } });
    expect(await t.db.$count(consultationBookings, eq(consultationBookings.email, fields.email))).toBe(0);
  });

  it("takes the table's valid enquiry", async () => {
    const fields = formFields();
    const answer = await postAsTheForm(fields);
    expect(answer).toMatchObject({ status: 200, result: { data: { status: "sent", reference: expect.stringMatching(/^TA-[2-9A-Z]{6}$/) } } });
    expect(await t.db.$count(consultationBookings, eq(consultationBookings.email, fields.email))).toBe(1);
  });
});

describe(`SPEC.md section 8's enquiry toasts, as the page says them without JavaScript (${testDriver})`, () => {
  const { success, cooldown, slotTaken, failure } = ENQUIRY_TOAST_WORDS;
  const said = (words: { title: string; description: string }) => `${words.title}. ${words.description}`;
  /** The success paragraph, with the booking's reference after SPEC's words (issue 32). */
  const saidSent = () => expect.stringMatching(new RegExp(`^${escapeRegExp(said(success))} Your booking reference: TA-[2-9A-Z]{6}$`));

  it("success, then the cooldown for an immediate second post from the same address", async () => {
    const address = nextAddress();
    const sent = await postAsDocument(form(formFields()).body, { ...form({}).headers, "X-Forwarded-For": address });
    expect(sent).toEqual({ status: 200, words: saidSent() });
    const again = await postAsDocument(form(formFields()).body, { ...form({}).headers, "X-Forwarded-For": address });
    expect(again).toEqual({ status: 429, words: said(cooldown) });
  });

  it("a slot taken by someone else a moment before", async () => {
    const slot = await createSlot(t.db, { date: "2031-03-03", startTime: "10:00:00", endTime: "10:30:00" });
    const first = await postAsDocument(form(formFields({ availabilitySlotId: slot.id })).body, form({}).headers);
    expect(first).toEqual({ status: 200, words: saidSent() });
    const second = await postAsDocument(form(formFields({ availabilitySlotId: slot.id })).body, form({}).headers);
    expect(second).toEqual({ status: 409, words: said(slotTaken) });
  });

  it("a submission that could not be processed", async () => {
    const broken = await postAsDocument('--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated', {
      "Content-Type": "multipart/form-data; boundary=XYZ",
    });
    expect(broken).toEqual({ status: 400, words: said(failure) });
  });
});
