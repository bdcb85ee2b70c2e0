import { startStripeStandIn } from "../support/stripe-stand-in";
import { startWhatsAppStandIn } from "../support/whatsapp-stand-in";
import { E2E_WHATSAPP } from "./e2e-whatsapp";
import { startOidcProvider } from "./oidc-provider";

/** Starts the stand-in identity providers, Stripe and WhatsApp's Cloud API for the run; Playwright calls the returned teardown. */
export default async function globalSetup() {
  const providers = await Promise.all([
    startOidcProvider("google", Number(process.env.E2E_GOOGLE_PORT)),
    startOidcProvider("linkedin", Number(process.env.E2E_LINKEDIN_PORT)),
  ]);
  const stripe = await startStripeStandIn(Number(process.env.E2E_STRIPE_PORT));
  const whatsapp = await startWhatsAppStandIn(Number(process.env.E2E_WHATSAPP_PORT), E2E_WHATSAPP);
  return async () => {
    await Promise.all([...providers.map((p) => p.stop()), stripe.close(), whatsapp.close()]);
  };
}
