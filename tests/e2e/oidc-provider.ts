import { OAuth2Server } from "oauth2-mock-server";

/**
 * A real OpenID Connect provider for the end-to-end tests, standing in for Google: it
 * serves discovery, signs id tokens with its own key, and answers userinfo. Its
 * authorize endpoint approves at once (no login screen), as a signed-in Google user would.
 */
export const OIDC_CLIENT = { id: "e2e-google-client", secret: "e2e-google-secret" };

export const OIDC_IDENTITY = {
  sub: "google-oauth2|amira-khalil",
  email: "amira.khalil@example.com",
  email_verified: true,
  given_name: "Amira",
  family_name: "Khalil",
  name: "Amira Khalil",
};

export async function startOidcProvider(port: number): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, OIDC_IDENTITY, { aud: OIDC_CLIENT.id });
  });
  server.service.on("beforeUserinfo", (response) => {
    response.body = { ...OIDC_IDENTITY };
  });
  await server.start(port, "localhost");
  return server;
}
