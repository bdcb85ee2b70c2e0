import { createHmac, randomBytes } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the WhatsApp Business Cloud API, for tests: the app is pointed at it
 * through WHATSAPP_API_URL. It takes template messages at POST /{phoneNumberId}/messages
 * (with or without a /vNN.N version before it), records them, and answers as Meta documents:
 * {messaging_product, contacts, messages:[{id:"wamid...."}]}, 401 with code 190 for a wrong
 * bearer token, 400 with code 100 for a malformed body, 400 with code 132001 for a refused
 * template, and whatever failures a test scripts. It also plays Meta's webhook: delivery
 * statuses and an investor's text, POSTed to the app signed with X-Hub-Signature-256.
 *
 * For tests in another process (the e2e run): GET /__requests lists the recorded messages,
 * POST /__reset forgets them and the scripts, POST /__fail-next {count, status, code?,
 * message?}, POST /__hang-next {count} and POST /__refuse-template {name, languageCode?}.
 * The scripts are the whole stand-in's: parallel tests using them see each other's.
 */

export interface RecordedMessage {
  phoneNumberId: string;
  /** As sent: the digits of the number, no "+". */
  to: string;
  template: string;
  languageCode: string;
  /** The body component's text parameters, in order. */
  parameters: string[];
  /** The id answered, or null when the request was answered with an error. */
  messageId: string | null;
  /** The HTTP status answered (0 while a hung request is still unanswered). */
  status: number;
  /** When it came, ISO 8601. */
  at: string;
  /** The Authorization header as it came. */
  authorization: string | null;
  /** The JSON body as it came. */
  body: unknown;
}

export interface ScriptedFailure {
  status: number;
  /** Meta's error code; by default 131000 for a 5xx, 130429 for a 429, 100 otherwise. */
  code?: number;
  message?: string;
}

export interface SignedWebhookOptions {
  /** Signs with a wrong secret, as a forger would. */
  forgeSignature?: boolean;
}

export interface StatusWebhook {
  messageId: string;
  status: "sent" | "delivered" | "read" | "failed";
  /** The number it went to (digits or E.164); by default the recorded message's `to`. */
  recipient?: string;
  /** Meta's error for a failed message. */
  error?: { code: number; title?: string; message?: string; details?: string };
  /** Unix seconds; now by default. */
  timestamp?: number;
}

export interface WhatsAppStandIn {
  url: string;
  /** The template message requests so far, oldest first. */
  requests(): RecordedMessage[];
  /** Forgets the requests and every script (failures, hangs, refused templates). */
  reset(): void;
  /** The next `count` message requests are answered with this failure. */
  failNext(count: number, answer: ScriptedFailure): void;
  /** The next `count` message requests are never answered (until reset or close). */
  hangNext(count: number): void;
  /** Messages with this template (in this language, or any) are refused: 400, code 132001. */
  refuseTemplate(name: string, languageCode?: string): void;
  /** Meta's status webhook for one message, POSTed signed to `webhookUrl`. */
  postStatus(webhookUrl: string, appSecret: string, status: StatusWebhook, options?: SignedWebhookOptions): Promise<Response>;
  /** An investor's text message, as Meta's webhook delivers it, POSTed signed to `webhookUrl`. */
  postIncomingText(webhookUrl: string, appSecret: string, message: { from: string; text: string }, options?: SignedWebhookOptions): Promise<Response>;
  close(): Promise<void>;
}

/** The X-Hub-Signature-256 header Meta sends with `body`. */
export function sign(appSecret: string, body: string | Buffer): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

const digitsOf = (phone: string) => phone.replace(/\D/g, "");

/** The webhook's envelope around one change's value, as Meta sends it. */
function webhookEnvelope(phoneNumberId: string, businessNumber: string, value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: { messaging_product: "whatsapp", metadata: { display_phone_number: digitsOf(businessNumber), phone_number_id: phoneNumberId }, ...value },
          },
        ],
      },
    ],
  };
}

export interface WebhookIdentity {
  phoneNumberId?: string;
  businessNumber?: string;
}

const DEFAULT_PHONE_NUMBER_ID = "109876543210";
const DEFAULT_BUSINESS_NUMBER = "+971500000001";

/** A status webhook's body (the recipient must be given here). */
export function statusWebhookBody(status: StatusWebhook & { recipient: string }, identity: WebhookIdentity = {}) {
  const timestamp = String(status.timestamp ?? Math.floor(Date.now() / 1000));
  const entry: Record<string, unknown> = { id: status.messageId, status: status.status, timestamp, recipient_id: digitsOf(status.recipient) };
  if (status.status !== "failed") {
    entry.conversation = { id: "CONVERSATION_ID", origin: { type: "utility" } };
    entry.pricing = { billable: true, pricing_model: "PMP", category: "utility" };
  }
  if (status.error) {
    const title = status.error.title ?? "Message failed to send";
    entry.errors = [{ code: status.error.code, title, message: status.error.message ?? title, error_data: { details: status.error.details ?? title } }];
  }
  return webhookEnvelope(identity.phoneNumberId ?? DEFAULT_PHONE_NUMBER_ID, identity.businessNumber ?? DEFAULT_BUSINESS_NUMBER, { statuses: [entry] });
}

/** An incoming text's webhook body. */
export function incomingTextWebhookBody(message: { from: string; text: string; id?: string; timestamp?: number; name?: string }, identity: WebhookIdentity = {}) {
  const from = digitsOf(message.from);
  return webhookEnvelope(identity.phoneNumberId ?? DEFAULT_PHONE_NUMBER_ID, identity.businessNumber ?? DEFAULT_BUSINESS_NUMBER, {
    contacts: [{ profile: { name: message.name ?? "Investor" }, wa_id: from }],
    messages: [
      {
        from,
        id: message.id ?? `wamid.${randomBytes(24).toString("base64url")}`,
        timestamp: String(message.timestamp ?? Math.floor(Date.now() / 1000)),
        type: "text",
        text: { body: message.text },
      },
    ],
  });
}

/** POSTs `body` to `webhookUrl` as Meta does: JSON, signed with the app secret (or, forged, with another). */
export function postSignedWebhook(webhookUrl: string, appSecret: string, body: unknown, options: SignedWebhookOptions = {}): Promise<Response> {
  const text = JSON.stringify(body);
  const secret = options.forgeSignature ? `${appSecret}-forged` : appSecret;
  return fetch(webhookUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "facebookexternalua", "X-Hub-Signature-256": sign(secret, text) },
    body: text,
  });
}

type Json = Record<string, unknown>;

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The template message in a request body, or null when it is not one Meta would take. */
function templateMessage(body: unknown): { to: string; template: string; languageCode: string; parameters: string[] } | null {
  if (typeof body !== "object" || body === null) return null;
  const b = body as Json;
  const template = b.template as Json | undefined;
  const language = template?.language as Json | undefined;
  if (b.messaging_product !== "whatsapp" || b.type !== "template" || typeof b.to !== "string" || !/^\+?[1-9]\d{5,14}$/.test(b.to)) return null;
  if (typeof template?.name !== "string" || typeof language?.code !== "string") return null;
  const components = template.components ?? [];
  if (!Array.isArray(components)) return null;
  const parameters: string[] = [];
  for (const component of components as Json[]) {
    if (component?.type !== "body") continue;
    if (!Array.isArray(component.parameters)) return null;
    for (const parameter of component.parameters as Json[]) {
      if (parameter?.type !== "text" || typeof parameter.text !== "string") return null;
      parameters.push(parameter.text);
    }
  }
  return { to: b.to, template: template.name, languageCode: language.code, parameters };
}

const metaError = (status: number, code: number, message: string, details?: string, type = "OAuthException") => ({
  status,
  body: { error: { message, type, code, ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}), fbtrace_id: `A${randomBytes(9).toString("base64url")}` } },
});

function scriptedAnswer(failure: ScriptedFailure) {
  const code = failure.code ?? (failure.status >= 500 ? 131000 : failure.status === 429 ? 130429 : 100);
  const message = failure.message ?? (code === 130429 ? "(#130429) Rate limit hit" : code === 131000 ? "(#131000) Something went wrong" : `(#${code}) The stand-in was told to fail`);
  return metaError(failure.status, code, message, message.replace(/^\(#\d+\) /, ""));
}

export async function startWhatsAppStandIn(port = 0, options: { accessToken?: string } & WebhookIdentity = {}): Promise<WhatsAppStandIn> {
  let recorded: RecordedMessage[] = [];
  let failures: Array<ScriptedFailure> = [];
  let hangs = 0;
  let refused: Array<{ name: string; languageCode?: string }> = [];
  const hanging = new Set<ServerResponse>();
  const identity: WebhookIdentity = { phoneNumberId: options.phoneNumberId, businessNumber: options.businessNumber };

  const reset = () => {
    recorded = [];
    failures = [];
    hangs = 0;
    refused = [];
    for (const res of hanging) res.destroy();
    hanging.clear();
  };
  const failNext = (count: number, answer: ScriptedFailure) => void (failures = Array.from({ length: count }, () => answer));
  const refuseTemplate = (name: string, languageCode?: string) => void refused.push({ name, languageCode });

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0]!;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const text = Buffer.concat(chunks).toString("utf8");
      const body = parseJson(text);
      const json = (body ?? {}) as Json;

      if (path === "/health") return send(200, { ok: true });
      // For tests whose stand-in runs in another process.
      if (req.method === "GET" && path === "/__requests") return send(200, recorded);
      if (req.method === "POST" && path === "/__reset") return reset(), send(200, { ok: true });
      if (req.method === "POST" && path === "/__fail-next") {
        if (typeof json.status !== "number") return send(400, { error: "status is a number" });
        failNext(Number(json.count ?? 1), { status: json.status, code: typeof json.code === "number" ? json.code : undefined, message: typeof json.message === "string" ? json.message : undefined });
        return send(200, { ok: true });
      }
      if (req.method === "POST" && path === "/__hang-next") return (hangs = Number(json.count ?? 1)), send(200, { ok: true });
      if (req.method === "POST" && path === "/__refuse-template") {
        if (typeof json.name !== "string") return send(400, { error: "name is a string" });
        refuseTemplate(json.name, typeof json.languageCode === "string" ? json.languageCode : undefined);
        return send(200, { ok: true });
      }

      const messages = /^(?:\/v\d+\.\d+)?\/(\d+)\/messages$/.exec(path);
      if (req.method !== "POST" || !messages) {
        return send(400, metaError(400, 100, `Unsupported ${req.method} request. Object with ID '${path.split("/").filter(Boolean).at(-1) ?? ""}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, undefined, "GraphMethodException").body);
      }
      const authorization = req.headers.authorization ?? null;
      const message = templateMessage(body);
      const entry: RecordedMessage | null = message
        ? { phoneNumberId: messages[1]!, ...message, messageId: null, status: 0, at: new Date().toISOString(), authorization, body }
        : null;
      if (entry) recorded.push(entry);
      const answer = (status: number, answerBody: unknown) => {
        if (entry) entry.status = status;
        send(status, answerBody);
      };

      const bearer = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
      if (!bearer || (options.accessToken !== undefined && bearer !== options.accessToken)) {
        const failure = metaError(401, 190, "Invalid OAuth access token - Cannot parse access token");
        return answer(failure.status, failure.body);
      }
      if (!message) {
        const failure = metaError(400, 100, "(#100) Invalid parameter", "The request body is not a template message the API takes");
        return answer(failure.status, failure.body);
      }
      if (hangs > 0) {
        hangs--;
        hanging.add(res);
        return;
      }
      const failure = failures.shift();
      if (failure) {
        const scripted = scriptedAnswer(failure);
        return answer(scripted.status, scripted.body);
      }
      if (refused.some((r) => r.name === message.template && (r.languageCode === undefined || r.languageCode === message.languageCode))) {
        const refusal = metaError(400, 132001, "(#132001) Template name does not exist in the translation", `template name (${message.template}) does not exist in ${message.languageCode}`);
        return answer(refusal.status, refusal.body);
      }
      const waId = digitsOf(message.to);
      const messageId = `wamid.${Buffer.concat([Buffer.from(`HBgM${waId}FQIAERgS`), randomBytes(12)]).toString("base64").replace(/=+$/, "")}`;
      entry!.messageId = messageId;
      return answer(200, { messaging_product: "whatsapp", contacts: [{ input: message.to, wa_id: waId }], messages: [{ id: messageId, message_status: "accepted" }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests: () => recorded.slice(),
    reset,
    failNext,
    hangNext: (count) => void (hangs = count),
    refuseTemplate,
    postStatus: (webhookUrl, appSecret, status, signOptions) => {
      const recipient = status.recipient ?? recorded.find((r) => r.messageId === status.messageId)?.to ?? "9647700000000";
      return postSignedWebhook(webhookUrl, appSecret, statusWebhookBody({ ...status, recipient }, identity), signOptions);
    },
    postIncomingText: (webhookUrl, appSecret, message, signOptions) => postSignedWebhook(webhookUrl, appSecret, incomingTextWebhookBody(message, identity), signOptions),
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
