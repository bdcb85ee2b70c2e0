import { startOidcProvider } from "./oidc-provider";

/** Starts the stand-in identity providers for the run; Playwright calls the returned teardown. */
export default async function globalSetup() {
  const providers = await Promise.all([
    startOidcProvider("google", Number(process.env.E2E_GOOGLE_PORT)),
    startOidcProvider("linkedin", Number(process.env.E2E_LINKEDIN_PORT)),
  ]);
  return async () => {
    await Promise.all(providers.map((p) => p.stop()));
  };
}
