import { startOidcProvider } from "./oidc-provider";

/** Starts the stand-in identity provider for the run; Playwright calls the returned teardown. */
export default async function globalSetup() {
  const provider = await startOidcProvider(Number(process.env.E2E_OIDC_PORT));
  return async () => {
    await provider.stop();
  };
}
