import { anonymous } from "~/server/security/actor.server";
import { answerResponse, readText } from "~/server/http/answer.server";
import { receiveStripeWebhook } from "~/server/services/subscriptions.server";
import type { Route } from "./+types/api.stripe.webhook";

/**
 * POST /api/stripe/webhook: Stripe's signed events (issue 7). The signature is checked on
 * the raw body; a bad one is 400 and changes nothing. A failure after that is 500, so
 * Stripe retries; an event already applied answers 200 at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  return answerResponse(context, { failure: "Webhook handling failed" }, async () => {
    const rawBody = await readText(request);
    await receiveStripeWebhook(context, anonymous, { rawBody, signature: request.headers.get("stripe-signature") });
    return Response.json({ received: true });
  });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
