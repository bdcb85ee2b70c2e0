import { startStripeStandIn } from "../support/stripe-stand-in";
import { startOidcProvider } from "./oidc-provider";

/** Starts the stand-in identity providers and Stripe for the run; Playwright calls the returned teardown. */
export default async function globalSetup() {
  const providers = await Promise.all([
    startOidcProvider("google", Number(process.env.E2E_GOOGLE_PORT)),
    startOidcProvider("linkedin", Number(process.env.E2E_LINKEDIN_PORT)),
  ]);
  const stripe = await startStripeStandIn(Number(process.env.E2E_STRIPE_PORT));
  return async () => {
    await Promise.all([...providers.map((p) => p.stop()), stripe.close()]);
  };
}
