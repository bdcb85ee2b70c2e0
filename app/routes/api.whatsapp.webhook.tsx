import { anonymous } from "~/server/security/actor.server";
import { answerResponse, readText } from "~/server/http/answer.server";
import { answerWhatsAppHandshake, receiveWhatsAppWebhook } from "~/server/services/whatsapp-webhook.server";
import type { Route } from "./+types/api.whatsapp.webhook";

/**
 * /api/whatsapp/webhook (issue 39): GET answers Meta's verify-token handshake; POST takes the
 * signed statuses and messages. A bad signature is refused and changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return answerResponse(context, { failure: "Webhook handling failed" }, async () => {
    const challenge = answerWhatsAppHandshake(context, anonymous, new URL(request.url).searchParams);
    return new Response(challenge, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, POST" } });
  return answerResponse(context, { failure: "Webhook handling failed" }, async () => {
    const rawBody = await readText(request);
    await receiveWhatsAppWebhook(context, anonymous, { rawBody, signature: request.headers.get("x-hub-signature-256") });
    return Response.json({ received: true });
  });
}
