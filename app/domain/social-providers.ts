/** The OpenID Connect sign-in methods the /auth screen offers. */
export const SOCIAL_PROVIDERS = ["google", "linkedin"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<SocialProvider, string> = { google: "Google", linkedin: "LinkedIn" };
