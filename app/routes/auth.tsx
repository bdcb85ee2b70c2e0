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
import { AUTH_REQUEST_FAILED, authFailure } from "~/domain/auth-messages";
import { requestPasswordResetSchema, signInSchema, signUpSchema, type SignInInput } from "~/domain/auth-validation";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
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

interface ActionResult {
  result?: SubmissionResult;
  toast?: FlashToast;
  /** Set when a sign-in was refused because the e-mail is not verified yet. */
  unverifiedEmail?: string;
  signedUp?: boolean;
}


export async function loader({ request, context }: Route.LoaderArgs) {
  if (await context.viewer()) throw redirect("/");
  const url = new URL(request.url);
  // better-auth appends ?error=... to the callback URL when a link fails, so the error
  // is checked before the success flag that the same URL carries.
  const error = url.searchParams.get("error");
  const notice: FlashToast | null = url.searchParams.getAll("error").includes(ADMIN_SOCIAL_REFUSED)
    ? authFailure("Admin accounts sign in with their email, password and authenticator code.")
    : error
    ? authFailure(
        error === "social"
          ? "We could not sign you in with that account. Please try again."
          : "This link is invalid or has expired. Please sign in to get a new one.",
      )
    : url.searchParams.get("verified") === "1"
      ? { type: "success", title: "Email verified", description: "Your email address is confirmed. You can sign in now." }
      : null;
  return { notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A sign-in refused because the address is not verified yet keeps the e-mail, clears the
  // password and offers to resend the link.
  let signingIn: Submission<SignInInput> | undefined;
  const reply = (message: string, error: AppError): ActionResult =>
    error.code === "FORBIDDEN" && signingIn?.status === "success"
      ? { toast: authFailure(message), unverifiedEmail: signingIn.value.email, result: signingIn.reply({ hideFields: ["password"] }) }
      : { toast: authFailure(message) };
  return answer(context, { failure: AUTH_REQUEST_FAILED, reply }, async () => {
    const formData = await readForm(request);
    const intent = formData.get("intent");
    const redirectTo = safeRedirect(formData.get("redirectTo"));
    const actor = anonymous;

    if (intent === "social") {
      const provider = formData.get("provider");
      if (!SOCIAL_PROVIDERS.includes(provider as SocialProvider)) {
        return data<ActionResult>({ toast: authFailure("Unknown sign-in method.") }, { status: 400 });
      }
      const { url, headers } = await startSocialSignIn(context, actor, { provider: provider as SocialProvider, redirectTo });
      return redirect(url, { headers });
    }

    if (intent === "resend") {
      const parsed = requestPasswordResetSchema.safeParse({ email: formData.get("email") });
      if (!parsed.success) return data<ActionResult>({ toast: authFailure("Please enter a valid email address") }, { status: 400 });
      const { email } = parsed.data;
      await sendVerification(context, actor, { email });
      return data<ActionResult>({
        toast: { type: "success", title: "Verification email sent", description: `We have sent a new link to ${email}.` },
      });
    }

    if (intent === "sign-up") {
      const submission = parseWithZod(formData, { schema: signUpSchema });
      if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
      await signUpWithEmail(context, actor, submission.value);
      return data<ActionResult>({
        signedUp: true,
        result: submission.reply({ resetForm: true }),
        toast: { type: "success", title: "Account created successfully", description: "Please check your email to verify your account." },
      });
    }

    signingIn = parseWithZod(formData, { schema: signInSchema });
    if (signingIn.status !== "success") return data<ActionResult>({ result: signingIn.reply() }, { status: 400 });
    const { headers, twoFactor } = await signInWithEmail(context, actor, signingIn.value);
    if (twoFactor) return redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers });
    return await redirectWithToast(
      redirectTo,
      { type: "success", title: "Welcome back!", description: "You have been successfully logged in." },
      context,
      { headers },
    );
  });
}

export function meta(args: Route.MetaArgs) {
  const signUp = new URLSearchParams(args.location.search).get("mode") === "sign-up";
  return routeMeta(args, { title: `${signUp ? "Create your account" : "Sign in"} | ${brand.name}`, noindex: true });
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
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
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Home
        </Link>
        <h1 className="mt-6 text-center font-serif text-3xl font-semibold text-primary">
          {showSignIn ? "Welcome Back" : `Join ${brand.name}`}
        </h1>
        <p className="mt-2 text-center text-sm text-muted-foreground">
          {showSignIn
            ? "Sign in to your investor account."
            : "Create your investor account to follow opportunities and book consultations."}
        </p>

        <div className="mt-8 space-y-3">
          {SOCIAL_PROVIDERS.map((provider) => (
            <Form method="post" key={provider} reloadDocument>
              <input type="hidden" name="intent" value="social" />
              <input type="hidden" name="provider" value={provider} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <Button type="submit" variant="outline" className="w-full" disabled={busyIntent !== undefined}>
                {provider === "google" ? <GoogleIcon /> : <LinkedInIcon />}
                Continue with {PROVIDER_LABELS[provider]}
              </Button>
            </Form>
          ))}
        </div>

        <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          Or continue with email
          <span className="h-px flex-1 bg-border" />
        </div>

        {showSignIn ? (
          <SignInForm key="sign-in" redirectTo={redirectTo} actionData={actionData} busy={busyIntent === "sign-in"} />
        ) : (
          <SignUpForm key="sign-up" actionData={actionData} busy={busyIntent === "sign-up"} />
        )}

        {actionData?.unverifiedEmail && (
          <Form method="post" className="mt-4 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
            <p>Your email address is not verified yet. Didn't get the email?</p>
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={actionData.unverifiedEmail} />
            <Button type="submit" variant="link" className="h-auto p-0" disabled={busyIntent === "resend"}>
              {busyIntent === "resend" ? "Processing..." : "Resend verification email"}
            </Button>
          </Form>
        )}

        <p className="mt-6 text-center text-sm text-muted-foreground">
          {showSignIn ? "Don't have an account? " : "Already have an account? "}
          <Link to={switchTo(showSignIn ? "sign-up" : "sign-in")} className="font-medium text-primary hover:underline">
            {showSignIn ? "Sign up" : "Sign in"}
          </Link>
        </p>
      </div>
    </div>
  );
}

function SignInForm({ redirectTo, actionData, busy }: { redirectTo: string; actionData?: ActionResult; busy: boolean }) {
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult: actionData?.signedUp ? undefined : actionData?.result,
    constraint: getZodConstraint(signInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });
  const { type: _type, ...passwordProps } = getInputProps(fields.password, { type: "password" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="sign-in" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
      </Field>
      <Field
        id={fields.password.id}
        label="Password"
        errors={fields.password.errors}
        aside={
          <Link to="/auth/forgot-password" className="text-xs font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        }
      >
        <PasswordInput {...passwordProps} autoComplete="current-password" />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Processing..." : "Sign In"}
      </Button>
    </Form>
  );
}

function SignUpForm({ actionData, busy }: { actionData?: ActionResult; busy: boolean }) {
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult: actionData?.result,
    constraint: getZodConstraint(signUpSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
  });
  const { type: _type, ...passwordProps } = getInputProps(fields.password, { type: "password" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="sign-up" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.firstName.id} label="First name" errors={fields.firstName.errors}>
          <Input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
        </Field>
        <Field id={fields.lastName.id} label="Last name" errors={fields.lastName.errors}>
          <Input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
        </Field>
      </div>
      <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
      </Field>
      <Field id={fields.password.id} label="Password" errors={fields.password.errors}>
        <PasswordInput {...passwordProps} autoComplete="new-password" />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Processing..." : "Create Account"}
      </Button>
    </Form>
  );
}
