import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the parts of Stripe's API we call, for tests: the stripe SDK is
 * pointed at it through STRIPE_API_URL. It records every request (with its form body
 * decoded into nested objects, as Stripe reads it) and answers with the objects Stripe
 * would: Checkout Sessions, subscriptions, Billing Portal sessions. Its checkout and
 * portal "pages" are plain HTML, so a browser test can land on them; GET /__requests lists
 * the recorded requests for tests running in another process.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}

type Json = Record<string, unknown>;

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  /** The subscription GET /v1/subscriptions/:id answers for `id` (made from the checkout otherwise). */
  setSubscription(subscription: Json & { id: string }): void;
  /** Makes the next `count` API calls answer 500 like an outage. */
  failNext(count?: number): void;
  /** Makes the next `count` API calls never answer at all (until the stand-in closes). */
  hangNext(count?: number): void;
  close(): Promise<void>;
}

/** Decodes Stripe's form encoding (`line_items[0][price_data][currency]=usd`) into nested objects and arrays. */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const slot = (node as Record<string, unknown>)[part];
      if (last) (node as Record<string, unknown>)[part] = value;
      else {
        if (slot === undefined) (node as Record<string, unknown>)[part] = nextIsIndex ? [] : {};
        node = (node as Record<string, unknown>)[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const DAY = 86_400;

export async function startStripeStandIn(port = 0): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, Json & { id: string }>();
  let failures = 0;
  let hangs = 0;
  const hanging = new Set<ServerResponse>();
  let counter = 0;
  let base = "";

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0]!;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${++counter}` });
        res.end(JSON.stringify(body));
      };
      if (req.method === "GET" && (path.startsWith("/checkout/") || path.startsWith("/portal/"))) {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(`<!doctype html><title>Stripe stand-in</title><h1>Stripe stand-in ${path.startsWith("/checkout/") ? "checkout" : "billing portal"}</h1>`);
        return;
      }
      if (path === "/health") return send(200, { ok: true });
      // For browser tests, whose stand-in runs in another process: what was asked of it.
      if (path === "/__requests") return send(200, requests);
      const body = decodeStripeForm(Buffer.concat(chunks).toString("utf8"));
      requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });
      if (hangs > 0) {
        hangs--;
        hanging.add(res);
        return;
      }
      if (failures > 0) {
        failures--;
        return send(500, { error: { type: "api_error", message: "The stand-in is having an outage." } });
      }
      const id = (prefix: string) => `${prefix}_test_${++counter}`;
      const now = Math.floor(Date.now() / 1000);

      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const session = id("cs");
        const metadata = (body.metadata ?? {}) as Json;
        const interval = (metadata.billingInterval as string) ?? "month";
        // The subscription this checkout will make, for the webhook handler to read.
        const subscription = id("sub");
        if (!subscriptions.has(subscription)) {
          subscriptions.set(subscription, {
            id: subscription,
            object: "subscription",
            status: "trialing",
            customer: "cus_test_standin",
            cancel_at_period_end: false,
            trial_end: now + 14 * DAY,
            metadata,
            items: { object: "list", data: [{ id: id("si"), object: "subscription_item", current_period_end: now + 14 * DAY, price: { id: id("price"), object: "price", recurring: { interval } } }] },
          });
        }
        return send(200, { id: session, object: "checkout.session", mode: body.mode, url: `${base}/checkout/${session}`, subscription, metadata, customer_email: body.customer_email ?? null });
      }
      const subscriptionPath = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
      if (req.method === "GET" && subscriptionPath) {
        const found = subscriptions.get(subscriptionPath[1]!);
        return found ? send(200, found) : send(404, { error: { type: "invalid_request_error", message: "No such subscription" } });
      }
      if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
        const portal = id("bps");
        return send(200, { id: portal, object: "billing_portal.session", customer: body.customer, return_url: body.return_url, url: `${base}/portal/${portal}` });
      }
      return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    setSubscription: (subscription) => void subscriptions.set(subscription.id, subscription),
    failNext: (count = 1) => void (failures = count),
    hangNext: (count = 1) => void (hangs = count),
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
