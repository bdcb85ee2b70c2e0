import { postSignedWebhook, statusWebhookBody, incomingTextWebhookBody, type RecordedMessage, type ScriptedFailure, type StatusWebhook } from "../support/whatsapp-stand-in";

/**
 * The WhatsApp Business settings the e2e server runs with; its Cloud API is the stand-in
 * started in global-setup.ts (tests/support/whatsapp-stand-in.ts). The stand-in's scripts
 * (failures, refused templates) are shared by every worker: a spec that scripts one should
 * look for its own investor's messages, and leave the scripts as it found them.
 */
export const E2E_WHATSAPP = {
  phoneNumberId: "109876543210",
  accessToken: "EAAG-e2e-tigris",
  appSecret: "e2e-whatsapp-app-secret",
  verifyToken: "e2e-whatsapp-verify-token-0001",
  businessNumber: "+971500000001",
} as const;

/** Where the stand-in listens (chosen in playwright.config.ts). */
export const whatsappStandInUrl = () => `http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT}`;

/** The app's webhook, where Meta would post. */
const webhookUrl = (baseURL: string) => `${baseURL.replace(/\/+$/, "")}/api/whatsapp/webhook`;

const identity = { phoneNumberId: E2E_WHATSAPP.phoneNumberId, businessNumber: E2E_WHATSAPP.businessNumber };

async function standIn(path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${whatsappStandInUrl()}${path}`, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`the WhatsApp stand-in answered ${path} with ${response.status} ${await response.text()}`);
  return response;
}

/** The template messages the server has asked the stand-in to send, oldest first (`to` is digits, without "+"). */
export async function whatsappRequests(): Promise<RecordedMessage[]> {
  return (await (await standIn("/__requests")).json()) as RecordedMessage[];
}

/** Makes the stand-in answer the next `count` messages with this failure (for every worker). */
export async function whatsappFailNext(count: number, answer: ScriptedFailure): Promise<void> {
  await standIn("/__fail-next", { count, ...answer });
}

/** Makes the stand-in refuse a template (in one language, or in all): 400, code 132001. */
export async function whatsappRefuseTemplate(name: string, languageCode?: string): Promise<void> {
  await standIn("/__refuse-template", { name, languageCode });
}

/**
 * Meta's signed status webhook for one message, posted to the app; the recipient is the
 * number the stand-in sent it to unless given. Answers the app's response.
 */
export async function postWhatsAppStatus(baseURL: string, status: StatusWebhook, options: { forgeSignature?: boolean } = {}): Promise<Response> {
  const recipient = status.recipient ?? (await whatsappRequests()).find((r) => r.messageId === status.messageId)?.to ?? "9647700000000";
  return postSignedWebhook(webhookUrl(baseURL), E2E_WHATSAPP.appSecret, statusWebhookBody({ ...status, recipient }, identity), options);
}

/** An investor's text to the business number ("STOP", a verification code), as Meta's signed webhook posts it to the app. */
export async function postWhatsAppText(baseURL: string, message: { from: string; text: string }, options: { forgeSignature?: boolean } = {}): Promise<Response> {
  return postSignedWebhook(webhookUrl(baseURL), E2E_WHATSAPP.appSecret, incomingTextWebhookBody(message, identity), options);
}
