import Stripe from "stripe";
import { AppError } from "~/domain/app-error";
import { BILLING_MESSAGES } from "~/domain/billing";
import type { AppConfig } from "../core/config.server";

/**
 * The Stripe SDK client (issue 7). The firm needs only STRIPE_SECRET_KEY; STRIPE_API_URL
 * points the SDK at another host (the tests' local stand-in).
 */

/** Retries after a failed or timed-out call (each one waits at most STRIPE_TIMEOUT_MS). */
export const STRIPE_RETRIES = 1;

const clients = new WeakMap<NonNullable<AppConfig["stripe"]>, Stripe>();

/** The Stripe client for this configuration (one per process), or UNAVAILABLE when Stripe is not set up. */
export function stripeClient(config: AppConfig): Stripe {
  const settings = config.stripe;
  if (!settings) throw new AppError("UNAVAILABLE", BILLING_MESSAGES.unavailable);
  let client = clients.get(settings);
  if (!client) {
    const base = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    // The investor waits on the checkout button: one try and one retry, each bounded by
    // STRIPE_TIMEOUT_MS, then the SPEC's checkout failure message (issue 14). Retries carry
    // the SDK's idempotency key, so a retried request never makes a second session.
    client = new Stripe(settings.secretKey, {
      maxNetworkRetries: STRIPE_RETRIES,
      timeout: settings.timeoutMs,
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
