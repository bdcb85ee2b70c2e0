import type { AppConfig } from "../core/config.server";

/**
 * A minimal client of the WhatsApp Business Cloud API's messages endpoint: one template
 * message, answered with its message id. (A stand-in for the full client of issue 39,
 * which replaces this file with the same signature.)
 */

export class WhatsAppError extends Error {
  constructor(
    message: string,
    /** Whether trying again later may succeed (a 5xx, a 429, the network). */
    readonly retryable: boolean,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = "WhatsAppError";
  }
}

export async function sendTemplateMessage(
  config: NonNullable<AppConfig["whatsapp"]>,
  message: { to: string; template: string; languageCode: string; parameters: string[] },
  fetchImpl: typeof fetch = fetch,
): Promise<{ messageId: string }> {
  const body = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to.replace(/^\+/, ""),
    type: "template",
    template: {
      name: message.template,
      language: { code: message.languageCode },
      components: message.parameters.length ? [{ type: "body", parameters: message.parameters.map((text) => ({ type: "text", text })) }] : [],
    },
  };
  let response: Response;
  try {
    response = await fetchImpl(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${config.accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (cause) {
    throw new WhatsAppError(`WhatsApp request failed: ${String(cause)}`, true);
  }
  const answer = (await response.json().catch(() => null)) as { messages?: { id?: string }[]; error?: { message?: string; code?: number } } | null;
  if (!response.ok) {
    const retryable = response.status >= 500 || response.status === 429;
    throw new WhatsAppError(`WhatsApp answered ${response.status}: ${answer?.error?.message ?? "no message"}`, retryable, response.status, answer?.error?.code);
  }
  const messageId = answer?.messages?.[0]?.id;
  if (!messageId) throw new WhatsAppError("WhatsApp answered without a message id", false, response.status);
  return { messageId };
}
