import { isAppError } from "~/domain/app-error";
import { receiveStripeWebhook } from "~/server/services/subscriptions.server";
import type { Route } from "./+types/api.stripe.webhook";

/**
 * POST /api/stripe/webhook: Stripe's signed events (issue 7). The signature is checked on
 * the raw body; a bad one is 400 and changes nothing. A failure after that is 500, so
 * Stripe retries; an event already applied answers 200 at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const body = await request.text();
  try {
    const { event, outcome } = await receiveStripeWebhook(context.db, context.config, body, request.headers.get("stripe-signature"));
    context.log.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook");
    return Response.json({ received: true });
  } catch (error) {
    if (isAppError(error) && error.status < 500) {
      context.log.warn({ err: error }, "stripe webhook refused");
      return new Response(error.message, { status: error.status });
    }
    context.log.error({ err: error }, "stripe webhook failed");
    return new Response("Webhook handling failed", { status: isAppError(error) ? error.status : 500 });
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
