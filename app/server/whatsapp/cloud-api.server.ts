import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { AppError } from "~/domain/app-error";
import type { AppConfig } from "../core/config.server";

/**
 * The WhatsApp Business Cloud API boundary (issue 39): sending one template message, and
 * reading what Meta's webhook tells us (the handshake, the signature, delivery statuses and
 * the investor's replies). Nothing here knows notifications or investors; the job worker
 * decides from `WhatsAppError.retryable` whether to try again. The access token is sent in
 * the Authorization header only: it is never logged nor put in an error's message.
 *
 * Shapes as Meta documents them: POST {apiUrl}/{phoneNumberId}/messages with a JSON
 * template message; the answer {messaging_product, contacts:[{input, wa_id}], messages:[{id}]}
 * or {error:{message, type, code, error_subcode?, error_data:{details}, fbtrace_id}}.
 * tests/support/whatsapp-stand-in.ts answers the same way, for the tests.
 */

export type WhatsAppConfig = NonNullable<AppConfig["whatsapp"]>;

/**
 * Meta's error codes worth another try later: throttling (130429 throughput, 131056 too many
 * messages to one number, 4 and 80007 the app's or account's rate limits) and Meta's own
 * trouble (131000 something went wrong, 131016 and 133004 service unavailable, 1 and 2 API
 * unknown/service). Every other code is final: a template refused (132xxx), a re-engagement
 * message outside the 24 hours (131047), an undeliverable or invalid number (131026, 131030,
 * 100), an expired or wrong token (190).
 */
const RETRYABLE_CODES: ReadonlySet<number> = new Set([130429, 131056, 131000, 131016, 133004, 1, 2, 4, 80007]);

/** Whether a failure with this HTTP status (0: no answer at all) and Meta code may succeed if tried again. */
export function isRetryable(status: number, code: number | null): boolean {
  return status === 0 || status === 429 || status >= 500 || (code !== null && RETRYABLE_CODES.has(code));
}

const MESSAGE_LIMIT = 300;

const clip = (text: string) => (text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT - 1)}…` : text);

/** A failed call to the Cloud API: the HTTP status (0 when none came: a network error or the timeout), Meta's code, and whether to try again. */
export class WhatsAppError extends Error {
  readonly status: number;
  readonly code: number | null;
  readonly retryable: boolean;

  constructor(message: string, options: { status: number; code: number | null; retryable?: boolean; cause?: unknown }) {
    super(clip(message), { cause: options.cause });
    this.name = "WhatsAppError";
    this.status = options.status;
    this.code = options.code;
    this.retryable = options.retryable ?? isRetryable(options.status, options.code);
  }
}

const errorAnswer = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number().int().optional(),
    error_subcode: z.number().int().optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
  }),
});

const sentAnswer = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });

/**
 * A template body parameter as Meta accepts it: no new lines or tabs, and no more than three
 * spaces in a row (it refuses the whole message otherwise, code 132018).
 */
export function templateText(value: string): string {
  return value.replace(/\s*[\r\n\t]+\s*/g, " ").replace(/ {4,}/g, "   ");
}

/** The JSON body of a template message to `to` (E.164), as the Cloud API takes it. */
/** A template message: its body's parameters and, for an authentication template, the code its copy-code button carries. */
export interface TemplateMessage {
  /** E.164 ("+9647501234567"); sent as digits. */
  to: string;
  template: string;
  languageCode: string;
  parameters: string[];
  buttonCode?: string;
}

export function templateMessageBody(message: TemplateMessage) {
  const components = [
    ...(message.parameters.length > 0 ? [{ type: "body", parameters: message.parameters.map((text) => ({ type: "text", text: templateText(text) })) }] : []),
    // An authentication template's copy-code button carries the code again (Meta requires it).
    ...(message.buttonCode ? [{ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: message.buttonCode }] }] : []),
  ];
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to.replace(/\D/g, ""),
    type: "template",
    template: {
      name: message.template,
      language: { code: message.languageCode },
      ...(components.length > 0 ? { components } : {}),
    },
  };
}

/**
 * Sends one approved template message and answers Meta's message id ("wamid...."), or throws
 * a WhatsAppError saying Meta's code and words. Bounded by `config.timeoutMs`; a timeout
 * counts as retryable (the message may have gone: the template's wording must bear a repeat).
 */
export async function sendTemplateMessage(
  config: WhatsAppConfig,
  message: TemplateMessage,
  fetchImpl: typeof fetch = fetch,
): Promise<{ messageId: string }> {
  const hide = (text: string) => (config.accessToken ? text.split(config.accessToken).join("[token]") : text);
  const url = `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  let status = 0;
  let text: string;
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${config.accessToken}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(templateMessageBody(message)),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const reason = timedOut ? `no answer within ${config.timeoutMs} ms` : hide(error instanceof Error ? error.message : String(error));
    throw new WhatsAppError(`WhatsApp Cloud API: ${status ? `HTTP ${status}, the answer was cut off` : "unreachable"}: ${reason}`, { status: 0, code: null, cause: timedOut ? undefined : error });
  }

  const json = parseJson(text);
  if (status >= 200 && status < 300) {
    const sent = sentAnswer.safeParse(json);
    if (sent.success) return { messageId: sent.data.messages[0]!.id };
    // Accepted, yet no message id: it may have gone, so not tried again (a repeat would be a duplicate).
    throw new WhatsAppError(`WhatsApp Cloud API: HTTP ${status} without a message id: ${hide(text.slice(0, 200))}`, { status, code: null, retryable: false });
  }
  const failed = errorAnswer.safeParse(json);
  if (!failed.success) {
    throw new WhatsAppError(`WhatsApp Cloud API: HTTP ${status}: ${hide(text.replace(/\s+/g, " ").trim().slice(0, 200)) || "no body"}`, { status, code: null });
  }
  const { error } = failed.data;
  const code = error.code ?? null;
  const words = [error.error_user_title, error.message, error.error_data?.details ?? error.error_user_msg].filter(
    (part, i, all): part is string => Boolean(part) && !all.slice(0, i).some((earlier) => earlier?.includes(part!)),
  );
  throw new WhatsAppError(hide(`WhatsApp Cloud API: HTTP ${status}, code ${code ?? "none"}${error.error_subcode ? `/${error.error_subcode}` : ""}: ${words.join(" — ") || "no message"}`), { status, code });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Whether X-Hub-Signature-256 ("sha256=" and the hex HMAC-SHA256 of the raw body with the
 * app secret) is Meta's for this body. False when the header or the secret is missing or
 * the header is not of that form; compared in constant time.
 */
export function verifyWebhookSignature(appSecret: string, rawBody: string | Buffer, header: string | null): boolean {
  if (!appSecret || !header) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(match[1]!, "hex"), expected);
}

/**
 * Meta's subscription handshake (GET with hub.mode=subscribe, hub.verify_token and
 * hub.challenge): the challenge to answer as text/plain when the token is ours, else null
 * (answer 403). A challenge that is not a short plain token is not echoed.
 */
export function verifyHandshake(verifyToken: string, query: URLSearchParams): string | null {
  const token = query.get("hub.verify_token");
  const challenge = query.get("hub.challenge");
  if (!verifyToken || query.get("hub.mode") !== "subscribe" || token === null || !challenge) return null;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  if (!timingSafeEqual(digest(token), digest(verifyToken))) return null;
  return /^[A-Za-z0-9._-]{1,256}$/.test(challenge) ? challenge : null;
}

export type WhatsAppStatus = "sent" | "delivered" | "read" | "failed";

export interface WebhookStatus {
  /** Meta's message id, as sendTemplateMessage answered it. */
  messageId: string;
  status: WhatsAppStatus;
  at: Date;
  /** The number it went to, E.164 ("+964..."), or "" when Meta did not say. */
  recipient: string;
  /** For a failure: Meta's code, title and details, at most 300 characters; else null. */
  error: string | null;
}

export interface WebhookMessage {
  /** The sender, E.164 with "+". */
  from: string;
  id: string;
  text: string;
  at: Date;
}

const unixTime = z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]).transform((v) => new Date(Number(v) * 1000));
const digits = z.string().regex(/^\+?[1-9]\d{5,14}$/).transform((v) => `+${v.replace(/^\+/, "")}`);

const entryShape = z.object({ changes: z.array(z.unknown()) });
const changeShape = z.object({
  field: z.literal("messages"),
  value: z.object({ statuses: z.array(z.unknown()).optional(), messages: z.array(z.unknown()).optional() }),
});
const statusError = z.object({
  code: z.number().int().optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});
const statusShape = z.object({
  id: z.string().min(1),
  status: z.enum(["sent", "delivered", "read", "failed"]),
  timestamp: unixTime,
  recipient_id: digits.optional().catch(undefined),
  errors: z.array(statusError).optional().catch(undefined),
});
const messageShape = z.object({
  from: digits,
  id: z.string().min(1),
  timestamp: unixTime,
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  // A quick-reply button's words ("Stop"), as a typed reply would say them.
  button: z.object({ text: z.string() }).optional(),
});

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function describeError(errors: z.infer<typeof statusError>[] | undefined): string | null {
  const first = errors?.[0];
  if (!first) return null;
  const words = [first.title, first.error_data?.details ?? (first.message !== first.title ? first.message : undefined)].filter((part): part is string => Boolean(part));
  return clip(`${first.code ?? "no code"}${words.length > 0 ? ` ${words.join(": ")}` : ""}`);
}

/**
 * What a webhook POST tells us: message statuses and the texts investors sent. Tolerant as
 * Meta asks of receivers: other objects, fields and kinds of message are ignored, and a
 * malformed entry is skipped rather than failing the rest. Throws (a BAD_BODY AppError)
 * only when the body is not a JSON object at all.
 */
export function parseWebhook(body: unknown): { statuses: WebhookStatus[]; messages: WebhookMessage[] } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("BAD_BODY", "error.formUnreadable", { detail: { reason: "the WhatsApp webhook's body is not a JSON object" } });
  }
  const statuses: WebhookStatus[] = [];
  const messages: WebhookMessage[] = [];
  const root = body as Record<string, unknown>;
  if (root.object !== undefined && root.object !== "whatsapp_business_account") return { statuses, messages };
  for (const rawEntry of arrayOf(root.entry)) {
    const entry = entryShape.safeParse(rawEntry);
    if (!entry.success) continue;
    for (const rawChange of entry.data.changes) {
      const change = changeShape.safeParse(rawChange);
      if (!change.success) continue;
      for (const rawStatus of change.data.value.statuses ?? []) {
        const parsed = statusShape.safeParse(rawStatus);
        if (!parsed.success) continue;
        const { id, status, timestamp, recipient_id, errors } = parsed.data;
        statuses.push({ messageId: id, status, at: timestamp, recipient: recipient_id ?? "", error: describeError(errors) });
      }
      for (const rawMessage of change.data.value.messages ?? []) {
        const parsed = messageShape.safeParse(rawMessage);
        if (!parsed.success) continue;
        const { from, id, timestamp, type, text, button } = parsed.data;
        const words = type === "text" ? text?.body : type === "button" ? button?.text : undefined;
        if (words === undefined) continue;
        messages.push({ from, id, text: words, at: timestamp });
      }
    }
  }
  return { statuses, messages };
}
