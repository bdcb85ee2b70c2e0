import { getFormProps, getInputProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { Field } from "~/components/ui/field";
import { PasswordInput } from "~/components/auth/password-input";
import { GoogleIcon, LinkedInIcon } from "~/components/auth/social-icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { showFlashToast } from "~/components/ui/toaster";
import type { AppError } from "~/domain/app-error";
import { AUTH_REQUEST_FAILED, authFailure, authSuccess } from "~/domain/auth-messages";
import { requestPasswordResetSchema, signInSchema, signUpSchema, type SignInInput } from "~/domain/auth-validation";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import type { FlashToast } from "~/domain/toast";
import {
  sendVerification,
  signInWithEmail,
  signUpWithEmail,
  startSocialSignIn,
} from "~/server/services/accounts.server";
import { PROVIDER_LABELS, SOCIAL_PROVIDERS, type SocialProvider } from "~/domain/social-providers";
import { safeRedirect } from "~/domain/safe-redirect";
import { answer, readForm } from "~/server/http/answer.server";
import { redirectWithToast } from "~/server/http/toast-cookie.server";
import { anonymous } from "~/server/security/actor.server";
import { ADMIN_SOCIAL_REFUSED } from "~/server/security/better-auth.server";
import type { Route } from "./+types/auth";

type Mode = "sign-in" | "sign-up";

export const handle = { catalogues: ["auth"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

interface ActionResult {
  result?: SubmissionResult;
  toast?: FlashToast;
  /** Set when a sign-in was refused because the e-mail is not verified yet. */
  unverifiedEmail?: string;
  signedUp?: boolean;
}


export async function loader({ request, context }: Route.LoaderArgs) {
  if (await context.viewer()) throw redirect("/");
  const t = translator(context.locale);
  const url = new URL(request.url);
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
  return { notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A sign-in refused because the address is not verified yet keeps the e-mail, clears the
  // password and offers to resend the link.
  let signingIn: Submission<SignInInput> | undefined;
  const t = translator(context.locale);
  const reply = (message: string, error: AppError): ActionResult =>
    error.code === "FORBIDDEN" && signingIn?.status === "success"
      ? { toast: authFailure(t, message), unverifiedEmail: signingIn.value.email, result: signingIn.reply({ hideFields: ["password"] }) }
      : { toast: authFailure(t, message) };
  return answer(context, { failure: AUTH_REQUEST_FAILED, reply }, async () => {
    const formData = await readForm(request);
    const intent = formData.get("intent");
    const redirectTo = safeRedirect(formData.get("redirectTo"));
    const actor = anonymous;

    if (intent === "social") {
      const provider = formData.get("provider");
      if (!SOCIAL_PROVIDERS.includes(provider as SocialProvider)) {
        return data<ActionResult>({ toast: authFailure(t, t("auth.error.unknownMethod")) }, { status: 400 });
      }
      const { url, headers } = await startSocialSignIn(context, actor, { provider: provider as SocialProvider, redirectTo });
      return redirect(url, { headers });
    }

    if (intent === "resend") {
      const parsed = requestPasswordResetSchema.safeParse({ email: formData.get("email") });
      if (!parsed.success) return data<ActionResult>({ toast: authFailure(t, t("auth.validation.emailInvalid")) }, { status: 400 });
      const { email } = parsed.data;
      await sendVerification(context, actor, { email });
      return data<ActionResult>({
        toast: authSuccess(t, "auth.toast.verificationSentTitle", "auth.toast.verificationSentText", { email }),
      });
    }

    if (intent === "sign-up") {
      const submission = parseWithZod(formData, { schema: signUpSchema });
      if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
      await signUpWithEmail(context, actor, submission.value);
      return data<ActionResult>({
        signedUp: true,
        result: submission.reply({ resetForm: true }),
        toast: authSuccess(t, "auth.toast.signedUpTitle", "auth.toast.signedUpText"),
      });
    }

    signingIn = parseWithZod(formData, { schema: signInSchema });
    if (signingIn.status !== "success") return data<ActionResult>({ result: signingIn.reply() }, { status: 400 });
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
  const actionData = useActionData<ActionResult>();
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;

  useEffect(() => {
    if (loaderData.notice) showFlashToast(loaderData.notice);
  }, [loaderData.notice]);
  useEffect(() => {
    if (actionData?.toast) showFlashToast(actionData.toast);
  }, [actionData]);

  const switchTo = (next: Mode) => {
    const params = new URLSearchParams(searchParams);
    params.delete("verified");
    params.delete("error");
    if (next === "sign-up") params.set("mode", "sign-up");
    else params.delete("mode");
    const query = params.toString();
    return query ? `/auth?${query}` : "/auth";
  };
  const showSignIn = mode === "sign-in" || actionData?.signedUp;

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t("auth.backHome")}
        </Link>
        <h1 className="mt-6 text-center font-serif text-3xl font-semibold text-primary">
          {showSignIn ? t("auth.signIn.title") : t("auth.signUp.title", { brand: brand.name })}
        </h1>
        <p className="mt-2 text-center text-sm text-muted-foreground">
          {showSignIn ? t("auth.signIn.intro") : t("auth.signUp.intro")}
        </p>

        <div className="mt-8 space-y-3">
          {SOCIAL_PROVIDERS.map((provider) => (
            <Form method="post" key={provider} reloadDocument>
              <input type="hidden" name="intent" value="social" />
              <input type="hidden" name="provider" value={provider} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <Button type="submit" variant="outline" className="w-full" disabled={busyIntent !== undefined}>
                {provider === "google" ? <GoogleIcon /> : <LinkedInIcon />}
                {t("auth.social.continue", { provider: PROVIDER_LABELS[provider] })}
              </Button>
            </Form>
          ))}
        </div>

        <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          {t("auth.divider")}
          <span className="h-px flex-1 bg-border" />
        </div>

        {showSignIn ? (
          <SignInForm key="sign-in" redirectTo={redirectTo} actionData={actionData} busy={busyIntent === "sign-in"} />
        ) : (
          <SignUpForm key="sign-up" actionData={actionData} busy={busyIntent === "sign-up"} />
        )}

        {actionData?.unverifiedEmail && (
          <Form method="post" className="mt-4 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
            <p>{t("auth.unverified.text")}</p>
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={actionData.unverifiedEmail} />
            <Button type="submit" variant="link" className="h-auto p-0" disabled={busyIntent === "resend"}>
              {busyIntent === "resend" ? t("auth.processing") : t("auth.unverified.resend")}
            </Button>
          </Form>
        )}

        <p className="mt-6 text-center text-sm text-muted-foreground">
          {showSignIn ? t("auth.switch.noAccount") : t("auth.switch.haveAccount")}{" "}
          <Link to={switchTo(showSignIn ? "sign-up" : "sign-in")} className="font-medium text-primary hover:underline">
            {showSignIn ? t("auth.switch.signUp") : t("auth.switch.signIn")}
          </Link>
        </p>
      </div>
    </div>
  );
}

function SignInForm({ redirectTo, actionData, busy }: { redirectTo: string; actionData?: ActionResult; busy: boolean }) {
  const t = useT();
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult: actionData?.signedUp ? undefined : actionData?.result,
    constraint: getZodConstraint(signInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });
  const emailProps = getInputProps(fields.email, { type: "email" });
  const { type: _type, ...passwordProps } = getInputProps(fields.password, { type: "password" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="sign-in" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field id={fields.email.id} label={t("auth.field.email")} errors={fields.email.errors}>
        <Input {...emailProps} autoComplete="email" />
      </Field>
      <Field
        id={fields.password.id}
        label={t("auth.field.password")}
        errors={fields.password.errors}
        aside={
          <Link to="/auth/forgot-password" className="text-xs font-medium text-primary hover:underline">
            {t("auth.signIn.forgot")}
          </Link>
        }
      >
        <PasswordInput {...passwordProps} autoComplete="current-password" />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("auth.processing") : t("auth.signIn.submit")}
      </Button>
    </Form>
  );
}

function SignUpForm({ actionData, busy }: { actionData?: ActionResult; busy: boolean }) {
  const t = useT();
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult: actionData?.result,
    constraint: getZodConstraint(signUpSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
  });
  const firstNameProps = getInputProps(fields.firstName, { type: "text" });
  const lastNameProps = getInputProps(fields.lastName, { type: "text" });
  const emailProps = getInputProps(fields.email, { type: "email" });
  const { type: _type, ...passwordProps } = getInputProps(fields.password, { type: "password" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="sign-up" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.firstName.id} label={t("auth.field.firstName")} errors={fields.firstName.errors}>
          <Input {...firstNameProps} autoComplete="given-name" />
        </Field>
        <Field id={fields.lastName.id} label={t("auth.field.lastName")} errors={fields.lastName.errors}>
          <Input {...lastNameProps} autoComplete="family-name" />
        </Field>
      </div>
      <Field id={fields.email.id} label={t("auth.field.email")} errors={fields.email.errors}>
        <Input {...emailProps} autoComplete="email" />
      </Field>
      <Field id={fields.password.id} label={t("auth.field.password")} errors={fields.password.errors}>
        <PasswordInput {...passwordProps} autoComplete="new-password" />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("auth.processing") : t("auth.signUp.submit")}
      </Button>
    </Form>
  );
}
