import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission } from "@conform-to/react";
import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { useAnswerToast } from "~/components/auth/auth-answer";
import { AnswerNotice } from "~/components/forms/form-answer";
import { SignInForm, SignUpForm } from "~/components/auth/auth-forms";
import { CheckInbox } from "~/components/auth/check-inbox";
import { SocialSignIn } from "~/components/auth/social-sign-in";
import { Button } from "~/components/ui/button";
import type { AppError } from "~/domain/app-error";
import { AUTH_REQUEST_FAILED, authFailure, authSuccess, type AuthAnswer } from "~/domain/auth-messages";
import { requestPasswordResetSchema, signInSchema, signUpSchema } from "~/domain/auth-validation";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import type { FlashToast } from "~/domain/toast";
import {
  configuredSocialProviders,
  sendVerification,
  signInWithEmail,
  signUpWithEmail,
  startSocialSignIn,
} from "~/server/services/accounts.server";
import { SOCIAL_PROVIDERS, type SocialProvider } from "~/domain/social-providers";
import { safeRedirect } from "~/domain/safe-redirect";
import { answer, readForm } from "~/server/http/answer.server";
import { redirectWithToast } from "~/server/http/toast-cookie.server";
import { anonymous } from "~/server/security/actor.server";
import { ADMIN_SOCIAL_REFUSED } from "~/server/security/better-auth.server";
import type { Route } from "./+types/auth";

type Mode = "sign-in" | "sign-up";

export const handle = { catalogues: ["auth"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** Where the verification link leads once it has signed the investor in (issue 32). */
const AFTER_VERIFYING = "/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = translator(context.locale);
  const url = new URL(request.url);
  if (await context.viewer()) {
    // The e-mailed link confirmed the address and signed in (better-auth's
    // autoSignInAfterVerification): on to the dashboard, saying so.
    if (url.searchParams.get("verified") === "1" && !url.searchParams.has("error")) {
      throw await redirectWithToast(AFTER_VERIFYING, authSuccess(t, "auth.toast.verifiedTitle", "auth.toast.verifiedSignedInText"), context);
    }
    throw redirect("/");
  }
  // better-auth appends ?error=... to the callback URL when a link fails, so the error
  // is checked before the success flag that the same URL carries.
  const error = url.searchParams.get("error");
  const notice: FlashToast | null = url.searchParams.getAll("error").includes(ADMIN_SOCIAL_REFUSED)
    ? authFailure(t, t("auth.notice.adminPasswordOnly"))
    : error
    ? authFailure(t, t(error === "social" ? "auth.notice.socialFailed" : "auth.notice.linkInvalid"))
    : url.searchParams.get("verified") === "1"
      ? authSuccess(t, "auth.toast.verifiedTitle", "auth.toast.verifiedText")
      : null;
  return { notice, providers: configuredSocialProviders(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A refused form keeps what was typed (the password aside); a sign-in refused because the
  // address is not verified yet offers to resend the link; a resend refused keeps the
  // check-inbox screen.
  let submitted: Submission<unknown> | undefined;
  let unverifiedEmail: string | undefined;
  let resendingTo: string | undefined;
  const t = translator(context.locale);
  const reply = (message: string, error: AppError): AuthAnswer => ({
    toast: authFailure(t, message),
    ...(submitted?.status === "success" ? { result: submitted.reply({ hideFields: ["password"] }) } : {}),
    ...(error.code === "FORBIDDEN" && unverifiedEmail ? { unverifiedEmail } : {}),
    ...(resendingTo ? { checkInbox: { email: resendingTo } } : {}),
  });
  return answer(context, { failure: AUTH_REQUEST_FAILED, reply }, async () => {
    const formData = await readForm(request);
    const intent = formData.get("intent");
    const redirectTo = safeRedirect(formData.get("redirectTo"));
    const actor = anonymous;

    if (intent === "social") {
      const provider = formData.get("provider");
      if (!SOCIAL_PROVIDERS.includes(provider as SocialProvider)) {
        return data<AuthAnswer>({ toast: authFailure(t, t("auth.error.unknownMethod")) }, { status: 400 });
      }
      const { url, headers } = await startSocialSignIn(context, actor, { provider: provider as SocialProvider, redirectTo });
      return redirect(url, { headers });
    }

    if (intent === "resend") {
      const parsed = requestPasswordResetSchema.safeParse({ email: formData.get("email") });
      if (!parsed.success) return data<AuthAnswer>({ toast: authFailure(t, t("auth.validation.emailInvalid")) }, { status: 400 });
      const { email } = parsed.data;
      resendingTo = email;
      await sendVerification(context, actor, { email });
      return data<AuthAnswer>({
        checkInbox: { email, resent: true },
        toast: authSuccess(t, "auth.toast.verificationSentTitle", "auth.toast.verificationSentText", { email }),
      });
    }

    if (intent === "sign-up") {
      const signingUp = parseWithZod(formData, { schema: signUpSchema });
      submitted = signingUp;
      if (signingUp.status !== "success") return data<AuthAnswer>({ result: signingUp.reply({ hideFields: ["password"] }) }, { status: 400 });
      await signUpWithEmail(context, actor, signingUp.value);
      return data<AuthAnswer>({
        checkInbox: { email: signingUp.value.email },
        toast: authSuccess(t, "auth.toast.signedUpTitle", "auth.toast.signedUpText"),
      });
    }

    const signingIn = parseWithZod(formData, { schema: signInSchema });
    submitted = signingIn;
    if (signingIn.status !== "success") return data<AuthAnswer>({ result: signingIn.reply({ hideFields: ["password"] }) }, { status: 400 });
    unverifiedEmail = signingIn.value.email;
    const { headers, twoFactor } = await signInWithEmail(context, actor, signingIn.value);
    if (twoFactor) return redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers });
    return await redirectWithToast(
      redirectTo,
      authSuccess(t, "auth.toast.welcomeTitle", "auth.toast.welcomeText"),
      context,
      { headers },
    );
  });
}

export function meta(args: Route.MetaArgs) {
  const signUp = new URLSearchParams(args.location.search).get("mode") === "sign-up";
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t(signUp ? "auth.meta.signUpTitle" : "auth.meta.signInTitle", { brand: brand.name }), noindex: true });
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const mode: Mode = searchParams.get("mode") === "sign-up" ? "sign-up" : "sign-in";
  const redirectTo = safeRedirect(searchParams.get("redirectTo"));
  const answered = useActionData<AuthAnswer>();
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  // The action's answer as a toast, or in the page when it came with the page; what the
  // loader read from the address (a link's outcome) always came with the page.
  const answerInPage = useAnswerToast(answered?.toast);
  const notice = answerInPage ?? loaderData.notice;

  const switchTo = (next: Mode) => {
    const params = new URLSearchParams(searchParams);
    params.delete("verified");
    params.delete("error");
    if (next === "sign-up") params.set("mode", "sign-up");
    else params.delete("mode");
    const query = params.toString();
    return query ? `/auth?${query}` : "/auth";
  };
  const signIn = mode === "sign-in";

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t("auth.backHome")}
        </Link>
        {answered?.checkInbox ? (
          <CheckInbox email={answered.checkInbox.email} busy={busyIntent === "resend"} notice={answerInPage} />
        ) : (
          <>
            <h1 className="mt-6 text-center font-serif text-3xl font-semibold text-primary">
              {signIn ? t("auth.signIn.title") : t("auth.signUp.title", { brand: brand.name })}
            </h1>
            <p className="mt-2 text-center text-sm text-muted-foreground">{signIn ? t("auth.signIn.intro") : t("auth.signUp.intro")}</p>
            <AnswerNotice toast={notice} className="mt-6" />
            <SocialSignIn providers={loaderData.providers} redirectTo={redirectTo} disabled={busyIntent !== undefined} />
            <div className="mt-6">
              {signIn ? (
                <SignInForm key="sign-in" redirectTo={redirectTo} answer={answered} busy={busyIntent === "sign-in"} />
              ) : (
                <SignUpForm key="sign-up" answer={answered} busy={busyIntent === "sign-up"} />
              )}
            </div>
            {answered?.unverifiedEmail && (
              <Form method="post" className="mt-4 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
                <p>{t("auth.unverified.text")}</p>
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="email" value={answered.unverifiedEmail} />
                <Button type="submit" variant="link" className="h-auto p-0" disabled={busyIntent === "resend"}>
                  {busyIntent === "resend" ? t("auth.processing") : t("auth.unverified.resend")}
                </Button>
              </Form>
            )}
            <p className="mt-6 text-center text-sm text-muted-foreground">
              {signIn ? t("auth.switch.noAccount") : t("auth.switch.haveAccount")}{" "}
              <Link to={switchTo(signIn ? "sign-up" : "sign-in")} className="font-medium text-primary hover:underline">
                {signIn ? t("auth.switch.signUp") : t("auth.switch.signIn")}
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
