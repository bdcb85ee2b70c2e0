import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { incomingTextWebhookBody, sign, startWhatsAppStandIn, statusWebhookBody, type WhatsAppStandIn } from "../../../tests/support/whatsapp-stand-in";
import { parseWebhook, sendTemplateMessage, verifyHandshake, verifyWebhookSignature, WhatsAppError, type WhatsAppConfig } from "./cloud-api.server";

const TOKEN = "EAAG-unit-test-token-0123456789";
const APP_SECRET = "unit-test-app-secret";

let standIn: WhatsAppStandIn;
let config: WhatsAppConfig;

beforeAll(async () => {
  standIn = await startWhatsAppStandIn(0, { accessToken: TOKEN });
  config = { phoneNumberId: "109876543210", accessToken: TOKEN, appSecret: APP_SECRET, verifyToken: "unit-test-verify-token", apiUrl: standIn.url, businessNumber: "+971500000001", timeoutMs: 2_000 };
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

const message = { to: "+9647501234567", template: "booking_confirmed", languageCode: "ar", parameters: ["Layla", "Tuesday 1 December 2026, 10:00 (Asia/Baghdad)"] };

/** The WhatsAppError a send ends in. */
async function failure(send: Promise<unknown>): Promise<WhatsAppError> {
  const error = await send.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WhatsAppError);
  const whatsAppError = error as WhatsAppError;
  expect(whatsAppError.message).not.toContain(TOKEN);
  expect(whatsAppError.message.length).toBeLessThanOrEqual(300);
  return whatsAppError;
}

describe("sendTemplateMessage", () => {
  it("sends the template message as the Cloud API takes it and answers Meta's message id", async () => {
    const { messageId } = await sendTemplateMessage(config, message);
    expect(messageId).toMatch(/^wamid\.[A-Za-z0-9+/]+$/);
    const [request, ...others] = standIn.requests();
    expect(others).toEqual([]);
    expect(request).toMatchObject({
      phoneNumberId: "109876543210",
      to: "9647501234567",
      template: "booking_confirmed",
      languageCode: "ar",
      parameters: message.parameters,
      messageId,
      status: 200,
      authorization: `Bearer ${TOKEN}`,
    });
    expect(request!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "9647501234567",
      type: "template",
      template: {
        name: "booking_confirmed",
        language: { code: "ar" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Layla" },
              { type: "text", text: "Tuesday 1 December 2026, 10:00 (Asia/Baghdad)" },
            ],
          },
        ],
      },
    });
  });

  it("sends parameters as Meta accepts them, and no components for a template without any", async () => {
    await sendTemplateMessage(config, { ...message, parameters: ["two\nlines\tand      spaces"] });
    await sendTemplateMessage(config, { ...message, template: "security_notice", parameters: [] });
    const [withText, without] = standIn.requests();
    expect(withText!.parameters).toEqual(["two lines and   spaces"]);
    expect((without!.body as { template: Record<string, unknown> }).template).toEqual({ name: "security_notice", language: { code: "ar" } });
  });

  it("tries again after Meta's outage, a 429 or a rate limit in a 400", async () => {
    standIn.failNext(1, { status: 500 });
    const outage = await failure(sendTemplateMessage(config, message));
    expect(outage).toMatchObject({ status: 500, code: 131000, retryable: true });
    expect(outage.message).toBe("WhatsApp Cloud API: HTTP 500, code 131000: (#131000) Something went wrong");

    standIn.failNext(1, { status: 429 });
    expect(await failure(sendTemplateMessage(config, message))).toMatchObject({ status: 429, code: 130429, retryable: true });

    standIn.failNext(1, { status: 400, code: 130429 });
    expect(await failure(sendTemplateMessage(config, message))).toMatchObject({ status: 400, code: 130429, retryable: true });

    standIn.failNext(1, { status: 400, code: 131056, message: "(#131056) (Business Account, Consumer Account) pair rate limit hit" });
    expect(await failure(sendTemplateMessage(config, message))).toMatchObject({ code: 131056, retryable: true });

    // The script is used up: the next one goes.
    expect((await sendTemplateMessage(config, message)).messageId).toMatch(/^wamid\./);
    expect(standIn.requests().map((r) => r.status)).toEqual([500, 429, 400, 400, 200]);
  });

  it("gives up on a refused template, a re-engagement message, a bad number or a bad token", async () => {
    standIn.refuseTemplate("booking_confirmed", "ar");
    const refused = await failure(sendTemplateMessage(config, message));
    expect(refused).toMatchObject({ status: 400, code: 132001, retryable: false });
    expect(refused.message).toContain("code 132001");
    expect(refused.message).toContain("template name (booking_confirmed) does not exist in ar");
    // In another language it goes.
    expect((await sendTemplateMessage(config, { ...message, languageCode: "en" })).messageId).toMatch(/^wamid\./);

    standIn.failNext(1, { status: 400, code: 131047, message: "(#131047) Re-engagement message" });
    expect(await failure(sendTemplateMessage(config, message))).toMatchObject({ code: 131047, retryable: false });
    standIn.failNext(1, { status: 400, code: 131026, message: "(#131026) Message undeliverable" });
    expect(await failure(sendTemplateMessage(config, message))).toMatchObject({ code: 131026, retryable: false });

    const expired = await failure(sendTemplateMessage({ ...config, accessToken: "EAAG-an-expired-token" }, message));
    expect(expired).toMatchObject({ status: 401, code: 190, retryable: false });
    expect(expired.message).not.toContain("EAAG-an-expired-token");
    expect(standIn.requests().at(-1)).toMatchObject({ status: 401, authorization: "Bearer EAAG-an-expired-token", messageId: null });
  });

  it("keeps the error message to 300 characters and never says the token", async () => {
    standIn.failNext(1, { status: 400, code: 132000, message: `(#132000) Number of parameters does not match the expected number of params (${TOKEN}) ${"x".repeat(400)}` });
    const error = await failure(sendTemplateMessage(config, message));
    expect(error).toMatchObject({ code: 132000, retryable: false });
    expect(error.message).toContain("params ([token])");
    expect(error.message).toMatch(/…$/);
  });

  it("tries again after a timeout, an unreachable API or an answer that is not Meta's", async () => {
    standIn.hangNext(1);
    const started = Date.now();
    const timeout = await failure(sendTemplateMessage({ ...config, timeoutMs: 300 }, message));
    expect(timeout).toMatchObject({ status: 0, code: null, retryable: true });
    expect(timeout.message).toContain("no answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(1_500);

    const gone = await startWhatsAppStandIn();
    await gone.close();
    expect(await failure(sendTemplateMessage({ ...config, apiUrl: gone.url }, message))).toMatchObject({ status: 0, retryable: true });

    const proxy = (async () => new Response("<html>502 Bad Gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } })) as typeof fetch;
    const badGateway = await failure(sendTemplateMessage(config, message, proxy));
    expect(badGateway).toMatchObject({ status: 502, code: null, retryable: true });
    expect(badGateway.message).toContain("502 Bad Gateway");

    // Accepted without an id: it may have gone, so it is not sent again.
    const odd = (async () => Response.json({ messaging_product: "whatsapp" })) as typeof fetch;
    expect(await failure(sendTemplateMessage(config, message, odd))).toMatchObject({ status: 200, retryable: false });
  });
});

describe("verifyWebhookSignature", () => {
  const body = JSON.stringify(statusWebhookBody({ messageId: "wamid.ABC", status: "delivered", recipient: "+9647501234567" }));

  it("accepts Meta's signature of the raw body, as text or bytes", () => {
    expect(verifyWebhookSignature(APP_SECRET, body, sign(APP_SECRET, body))).toBe(true);
    expect(verifyWebhookSignature(APP_SECRET, Buffer.from(body), sign(APP_SECRET, body).toUpperCase().replace("SHA256=", "sha256="))).toBe(true);
  });

  it("refuses a forged, missing or malformed signature, and a changed body", () => {
    expect(verifyWebhookSignature(APP_SECRET, body, sign("another-secret", body))).toBe(false);
    expect(verifyWebhookSignature(APP_SECRET, `${body} `, sign(APP_SECRET, body))).toBe(false);
    expect(verifyWebhookSignature(APP_SECRET, body, null)).toBe(false);
    expect(verifyWebhookSignature(APP_SECRET, body, "")).toBe(false);
    expect(verifyWebhookSignature(APP_SECRET, body, "sha256=zz")).toBe(false);
    expect(verifyWebhookSignature(APP_SECRET, body, sign(APP_SECRET, body).replace("sha256=", "sha1="))).toBe(false);
    expect(verifyWebhookSignature(APP_SECRET, body, sign(APP_SECRET, body).slice(0, -2))).toBe(false);
    expect(verifyWebhookSignature("", body, sign("", body))).toBe(false);
  });
});

describe("verifyHandshake", () => {
  const query = (values: Record<string, string>) => new URLSearchParams(values);

  it("answers the challenge when the token is ours", () => {
    expect(verifyHandshake("unit-test-verify-token", query({ "hub.mode": "subscribe", "hub.verify_token": "unit-test-verify-token", "hub.challenge": "1158201444" }))).toBe("1158201444");
  });

  it("answers nothing otherwise", () => {
    const good = { "hub.mode": "subscribe", "hub.verify_token": "unit-test-verify-token", "hub.challenge": "1158201444" };
    expect(verifyHandshake("unit-test-verify-token", query({ ...good, "hub.verify_token": "unit-test-verify-tokem" }))).toBeNull();
    expect(verifyHandshake("unit-test-verify-token", query({ ...good, "hub.verify_token": "short" }))).toBeNull();
    expect(verifyHandshake("unit-test-verify-token", query({ ...good, "hub.mode": "unsubscribe" }))).toBeNull();
    expect(verifyHandshake("unit-test-verify-token", query({ ...good, "hub.challenge": "" }))).toBeNull();
    expect(verifyHandshake("unit-test-verify-token", query({ ...good, "hub.challenge": "<script>alert(1)</script>" }))).toBeNull();
    expect(verifyHandshake("unit-test-verify-token", query({ "hub.mode": "subscribe", "hub.challenge": "1158201444" }))).toBeNull();
    expect(verifyHandshake("", query({ ...good, "hub.verify_token": "" }))).toBeNull();
  });
});

describe("parseWebhook", () => {
  // As Meta's documentation shows them (a failed status and a text), with fields we do not read.
  const real = {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "971500000001", phone_number_id: "109876543210" },
              statuses: [
                {
                  id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZCMzlEQUE4OTJBMTE4RTUA",
                  status: "failed",
                  timestamp: "1764403200",
                  recipient_id: "9647501234567",
                  errors: [{ code: 131047, title: "Re-engagement message", message: "Re-engagement message", error_data: { details: "Message failed to send because more than 24 hours have passed since the customer last replied to this number." }, href: "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/" }],
                },
                { id: "wamid.READ", status: "read", timestamp: "1764403260", recipient_id: "9647501234567", pricing: { billable: true } },
              ],
            },
            field: "messages",
          },
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "971500000001", phone_number_id: "109876543210" },
              contacts: [{ profile: { name: "Layla" }, wa_id: "9647501234567" }],
              messages: [{ from: "9647501234567", id: "wamid.IN1", timestamp: "1764403300", type: "text", text: { body: "STOP" } }],
            },
            field: "messages",
          },
        ],
      },
    ],
  };

  it("reads statuses and texts from Meta's payloads", () => {
    expect(parseWebhook(real)).toEqual({
      statuses: [
        {
          messageId: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZCMzlEQUE4OTJBMTE4RTUA",
          status: "failed",
          at: new Date(1764403200 * 1000),
          recipient: "+9647501234567",
          error: "131047 Re-engagement message: Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
        },
        { messageId: "wamid.READ", status: "read", at: new Date(1764403260 * 1000), recipient: "+9647501234567", error: null },
      ],
      messages: [{ from: "+9647501234567", id: "wamid.IN1", text: "STOP", at: new Date(1764403300 * 1000) }],
    });
  });

  it("reads the stand-in's webhooks the same way", () => {
    const status = parseWebhook(statusWebhookBody({ messageId: "wamid.X", status: "delivered", recipient: "+9647501234567", timestamp: 1764403200 }));
    expect(status).toEqual({ statuses: [{ messageId: "wamid.X", status: "delivered", at: new Date(1764403200 * 1000), recipient: "+9647501234567", error: null }], messages: [] });
    const text = parseWebhook(incomingTextWebhookBody({ from: "+9647501234567", text: "توقف", id: "wamid.Y", timestamp: 1764403200 }));
    expect(text.messages).toEqual([{ from: "+9647501234567", id: "wamid.Y", text: "توقف", at: new Date(1764403200 * 1000) }]);
  });

  it("skips what it does not read and keeps the rest", () => {
    const value = real.entry[0]!.changes[0]!.value;
    const mixed = {
      object: "whatsapp_business_account",
      entry: [
        "junk",
        { id: "1" },
        {
          changes: [
            null,
            { field: "account_update", value: { statuses: value.statuses } },
            {
              field: "messages",
              value: {
                statuses: [{ id: "wamid.NO_TIME", status: "sent" }, { id: "wamid.ODD", status: "deleted", timestamp: "1" }, 7, { id: "wamid.OK", status: "sent", timestamp: 1764403200 }],
                messages: [
                  { from: "9647501234567", id: "wamid.IMG", timestamp: "1764403300", type: "image", image: { id: "1" } },
                  { from: "not a number", id: "wamid.BAD", timestamp: "1764403300", type: "text", text: { body: "hi" } },
                  { from: "9647501234567", id: "wamid.BTN", timestamp: "1764403300", type: "button", button: { text: "Stop", payload: "STOP" } },
                ],
              },
            },
          ],
        },
      ],
    };
    const parsed = parseWebhook(mixed);
    expect(parsed.statuses).toEqual([{ messageId: "wamid.OK", status: "sent", at: new Date(1764403200 * 1000), recipient: "", error: null }]);
    expect(parsed.messages.map((m) => [m.id, m.text])).toEqual([["wamid.BTN", "Stop"]]);
  });

  it("answers nothing for other objects and empty bodies, and throws only when the body is not an object", () => {
    expect(parseWebhook({})).toEqual({ statuses: [], messages: [] });
    expect(parseWebhook({ object: "page", entry: real.entry })).toEqual({ statuses: [], messages: [] });
    expect(parseWebhook({ object: "whatsapp_business_account", entry: "nope" })).toEqual({ statuses: [], messages: [] });
    for (const junk of [null, "text", 42, [real]]) expect(() => parseWebhook(junk)).toThrow(AppError);
  });
});

describe("the stand-in's webhooks", () => {
  it("posts signed status and text webhooks, and forged ones on request", async () => {
    const received: Array<{ valid: boolean; body: string }> = [];
    const app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const raw = Buffer.concat(chunks);
        const valid = verifyWebhookSignature(APP_SECRET, raw, (req.headers["x-hub-signature-256"] as string | undefined) ?? null);
        received.push({ valid, body: raw.toString("utf8") });
        res.writeHead(valid ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const webhookUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/whatsapp/webhook`;
    try {
      const { messageId } = await sendTemplateMessage(config, message);
      expect((await standIn.postStatus(webhookUrl, APP_SECRET, { messageId, status: "delivered" })).status).toBe(200);
      expect((await standIn.postIncomingText(webhookUrl, APP_SECRET, { from: "+9647501234567", text: "STOP" })).status).toBe(200);
      expect((await standIn.postStatus(webhookUrl, APP_SECRET, { messageId, status: "read" }, { forgeSignature: true })).status).toBe(401);
      expect((await standIn.postIncomingText(webhookUrl, APP_SECRET, { from: "+9647501234567", text: "hi" }, { forgeSignature: true })).status).toBe(401);
      expect(received.map((r) => r.valid)).toEqual([true, true, false, false]);
      // The recipient is the number the message went to.
      expect(parseWebhook(JSON.parse(received[0]!.body)).statuses).toMatchObject([{ messageId, status: "delivered", recipient: "+9647501234567" }]);
      expect(parseWebhook(JSON.parse(received[1]!.body)).messages).toMatchObject([{ from: "+9647501234567", text: "STOP" }]);
    } finally {
      app.closeAllConnections();
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it("is scripted over HTTP by tests in another process", async () => {
    const post = (path: string, body: unknown) => fetch(`${standIn.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await post("/__fail-next", { count: 1, status: 500 })).status).toBe(200);
    expect(await failure(sendTemplateMessage(config, message))).toMatchObject({ status: 500, retryable: true });
    expect((await post("/__refuse-template", { name: "booking_confirmed" })).status).toBe(200);
    expect(await failure(sendTemplateMessage(config, message))).toMatchObject({ code: 132001 });
    const recorded = (await (await fetch(`${standIn.url}/__requests`)).json()) as Array<{ status: number; to: string }>;
    expect(recorded.map((r) => [r.status, r.to])).toEqual([
      [500, "9647501234567"],
      [400, "9647501234567"],
    ]);
    expect((await post("/__reset", {})).status).toBe(200);
    expect(standIn.requests()).toEqual([]);
    expect((await sendTemplateMessage(config, message)).messageId).toMatch(/^wamid\./);
  });

  it("answers a malformed body with code 100", async () => {
    const response = await fetch(`${standIn.url}/v23.0/109876543210/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ messaging_product: "whatsapp", to: "9647501234567", type: "text", text: { body: "free text" } }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(100);
    expect(standIn.requests()).toEqual([]);
  });
});
