import { eq, lt } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { isStopMessage, maskPhone, nextDeliveryStatus, type DeliveryStatus } from "~/domain/notifications";
import type { ServiceContext } from "../context/service-context.server";
import type { Database } from "../db/client.server";
import { notificationDeliveries, whatsappInboundMessages } from "../db/schema.server";
import type { Actor } from "../security/actor.server";
import { parseWebhook, verifyHandshake, verifyWebhookSignature, type WebhookMessage } from "../whatsapp/cloud-api.server";
import { confirmPhoneCodeFromWhatsApp, withdrawConsentByStop } from "./notification-preferences.server";

/**
 * The WhatsApp Cloud API's webhook (issue 39, decision 054). GET is Meta's subscription
 * handshake: the challenge is echoed when the verify token matches. POST carries the
 * statuses of our messages (sent, delivered, read, failed), kept on each message's row, and
 * the investors' own messages: "STOP" (in English, Arabic or Sorani) withdraws their consent
 * at once; a pending verification code sent from the phone through the wa.me link verifies
 * it. The body is trusted only when its X-Hub-Signature-256 is the app secret's HMAC of it.
 * A signed body can be posted again (Meta retries; anyone who saw it can replay it): each
 * investor's message is acted on once, by its id, across instances, and a STOP ends only a
 * consent given before it was sent (issue 52, item 11). Statuses need neither: each moves a
 * message's status forward only (nextDeliveryStatus), so a repeated one changes nothing.
 */
export function answerWhatsAppHandshake(ctx: Pick<ServiceContext, "config">, _actor: Actor, query: URLSearchParams): string {
  const token = ctx.config.whatsapp?.verifyToken;
  if (!token) throw new AppError("UNAVAILABLE", "WhatsApp webhooks are not configured");
  const challenge = verifyHandshake(token, query);
  if (challenge === null) throw new AppError("FORBIDDEN", "The verify token does not match");
  return challenge;
}

export interface WebhookOutcome {
  statuses: number;
  stopped: number;
  verified: number;
  /** Messages already acted on (Meta's retry, or a replay): nothing done again. */
  repeated: number;
}

const now = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();

/**
 * Claims an investor's message for this webhook, once across every instance: its id is
 * written in the transaction that acts on it, so a second delivery, here or on another
 * instance, waits for the first and then finds it (or, if the first failed, acts itself).
 */
async function firstDelivery(tx: Database, message: WebhookMessage, at: Date): Promise<boolean> {
  const [claimed] = await tx.insert(whatsappInboundMessages).values({ id: message.id, sentAt: message.at, receivedAt: at }).onConflictDoNothing().returning({ id: whatsappInboundMessages.id });
  return Boolean(claimed);
}

/** Forgets the messages acted on more than 30 days ago (the hourly maintenance): Meta retries for at most 7. */
export async function pruneWhatsAppMessageIds(db: Database, at: Date = new Date()): Promise<number> {
  const before = new Date(at.getTime() - 30 * 24 * 3_600_000);
  return (await db.delete(whatsappInboundMessages).where(lt(whatsappInboundMessages.receivedAt, before)).returning({ id: whatsappInboundMessages.id })).length;
}

export async function receiveWhatsAppWebhook(ctx: ServiceContext, _actor: Actor, input: { rawBody: string; signature: string | null }): Promise<WebhookOutcome> {
  const secret = ctx.config.whatsapp?.appSecret;
  if (!secret) throw new AppError("UNAVAILABLE", "WhatsApp webhooks are not configured");
  if (!verifyWebhookSignature(secret, input.rawBody, input.signature)) throw new AppError("UNAUTHENTICATED", "Invalid X-Hub-Signature-256");
  let body: unknown;
  try {
    body = JSON.parse(input.rawBody);
  } catch (error) {
    throw new AppError("BAD_REQUEST", "The webhook's body is not JSON", { cause: error });
  }
  const { statuses, messages } = parseWebhook(body);
  const outcome: WebhookOutcome = { statuses: 0, stopped: 0, verified: 0, repeated: 0 };
  const at = now(ctx);

  for (const status of statuses) {
    outcome.statuses += await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(notificationDeliveries).where(eq(notificationDeliveries.providerMessageId, status.messageId)).for("update");
      if (!row) return 0;
      const next: DeliveryStatus = nextDeliveryStatus(row.status, status.status);
      await tx
        .update(notificationDeliveries)
        .set({
          status: next,
          ...(status.status === "delivered" && !row.deliveredAt ? { deliveredAt: status.at } : {}),
          // A "read" implies delivery: the status webhooks may come out of order or one be lost.
          ...(status.status === "read" ? { readAt: row.readAt ?? status.at, deliveredAt: row.deliveredAt ?? status.at } : {}),
          ...(status.status === "failed" ? { failedAt: status.at, lastError: status.error } : {}),
        })
        .where(eq(notificationDeliveries.id, row.id));
      return 1;
    });
  }

  // Each message acted on once (by its id), and a STOP only on the consent given before it.
  for (const message of messages) {
    await ctx.db.transaction(async (tx) => {
      if (!(await firstDelivery(tx, message, at))) {
        outcome.repeated += 1;
        ctx.log.info({ from: maskPhone(message.from), messageId: message.id }, "WhatsApp message delivered again: already acted on");
      } else if (isStopMessage(message.text)) {
        const users = await withdrawConsentByStop(tx, { from: message.from, sentAt: message.at }, at);
        outcome.stopped += users.length;
        ctx.log.info({ from: maskPhone(message.from), accounts: users.length }, "WhatsApp STOP received: consent withdrawn where given before it");
      } else if (await confirmPhoneCodeFromWhatsApp(tx, { from: message.from, text: message.text }, at)) {
        outcome.verified += 1;
        ctx.log.info({ from: maskPhone(message.from) }, "WhatsApp number verified by a code sent from the phone");
      }
    });
  }
  return outcome;
}
