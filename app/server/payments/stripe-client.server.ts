import Stripe from "stripe";
import { AppError } from "~/domain/app-error";
import { BILLING_MESSAGES } from "~/domain/billing";
import type { AppConfig } from "../runtime/config.server";

/**
 * The Stripe SDK client (issue 7). The firm needs only STRIPE_SECRET_KEY; STRIPE_API_URL
 * points the SDK at another host (the tests' local stand-in).
 */

const clients = new WeakMap<NonNullable<AppConfig["stripe"]>, Stripe>();

/** The Stripe client for this configuration (one per process), or UNAVAILABLE when Stripe is not set up. */
export function stripeClient(config: AppConfig): Stripe {
  const settings = config.stripe;
  if (!settings) throw new AppError("UNAVAILABLE", BILLING_MESSAGES.unavailable);
  let client = clients.get(settings);
  if (!client) {
    const base = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "tigris-advisory" },
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
            protocol: base.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    clients.set(settings, client);
  }
  return client;
}
