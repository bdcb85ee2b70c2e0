import { OAuth2Server } from "oauth2-mock-server";

/**
 * Real OpenID Connect providers for the end-to-end tests, standing in for Google and
 * LinkedIn: each serves discovery, signs id tokens with its own key and answers userinfo.
 * Their authorize endpoints approve at once (no login screen), as for a user already
 * signed in at the provider.
 */
export const OIDC_PROVIDERS = {
  google: {
    client: { id: "e2e-google-client", secret: "e2e-google-secret" },
    identity: {
      sub: "google-oauth2|amira-khalil",
      email: "amira.khalil@example.com",
      email_verified: true,
      given_name: "Amira",
      family_name: "Khalil",
      name: "Amira Khalil",
    },
  },
  linkedin: {
    client: { id: "e2e-linkedin-client", secret: "e2e-linkedin-secret" },
    identity: {
      sub: "linkedin|yousef-darwish",
      email: "yousef.darwish@example.com",
      email_verified: true,
      given_name: "Yousef",
      family_name: "Darwish",
      name: "Yousef Darwish",
    },
  },
} as const;

export type OidcProviderName = keyof typeof OIDC_PROVIDERS;

export async function startOidcProvider(name: OidcProviderName, port: number): Promise<OAuth2Server> {
  const { client, identity } = OIDC_PROVIDERS[name];
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, identity, { aud: client.id });
  });
  server.service.on("beforeUserinfo", (response) => {
    response.body = { ...identity };
  });
  await server.start(port, "localhost");
  return server;
}
