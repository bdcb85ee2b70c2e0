import { Form } from "react-router";
import { GoogleIcon, LinkedInIcon } from "~/components/auth/social-icons";
import { Button } from "~/components/ui/button";
import { PROVIDER_LABELS, type SocialProvider } from "~/domain/social-providers";
import { useT } from "~/i18n/i18n";

/**
 * "Continue with Google" and "Continue with LinkedIn", then "Or continue with email": only
 * for the providers this site is set up for (issue 32), and nothing at all without one.
 * Each is a plain form that leaves for the provider, with or without JavaScript.
 */
export function SocialSignIn({ providers, redirectTo, disabled }: { providers: readonly SocialProvider[]; redirectTo: string; disabled: boolean }) {
  const t = useT();
  if (providers.length === 0) return null;
  return (
    <>
      <div className="mt-8 space-y-3">
        {providers.map((provider) => (
          <Form method="post" key={provider} reloadDocument>
            <input type="hidden" name="intent" value="social" />
            <input type="hidden" name="provider" value={provider} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" variant="outline" className="w-full" disabled={disabled}>
              {provider === "google" ? <GoogleIcon /> : <LinkedInIcon />}
              {t("auth.social.continue", { provider: PROVIDER_LABELS[provider] })}
            </Button>
          </Form>
        ))}
      </div>
      <div className="mt-6 flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {t("auth.divider")}
        <span className="h-px flex-1 bg-border" />
      </div>
    </>
  );
}
