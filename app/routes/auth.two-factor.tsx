import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, ShieldCheck } from "lucide-react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useAnswerToast } from "~/components/auth/auth-answer";
import { AnswerNotice } from "~/components/forms/form-answer";
import { signInCodeSchema } from "~/domain/account-security";
import { AUTH_REQUEST_FAILED, authFailure, authSuccess } from "~/domain/auth-messages";
import { brand } from "~/domain/brand";
import { safeRedirect } from "~/domain/safe-redirect";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import type { FlashToast } from "~/domain/toast";
import { answer, readForm } from "~/server/http/answer.server";
import { redirectWithToast } from "~/server/http/toast-cookie.server";
import { anonymous } from "~/server/security/actor.server";
import { signInTrustOffered, verifySignInCode } from "~/server/services/account-security.server";
import type { Route } from "./+types/auth.two-factor";

/** "account": the code's rule and its messages are the security settings' (signInCodeSchema). */
export const handle = { catalogues: ["auth", "account"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** What the code field shows as an example: six digits, in every language. */
const CODE_EXAMPLE = "123456";

interface ActionResult {
  result?: SubmissionResult;
  toast?: FlashToast;
}

/**
 * /auth/two-factor (issue 13): the second step of signing in with a password, for an
 * account with two-factor sign-in on. The password step left a signed, 10-minute
 * challenge cookie; without one there is nothing to finish here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await context.viewer()) throw redirect("/");
  if (!/(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(request.headers.get("Cookie") ?? "")) throw redirect("/auth");
  // The firm's staff type the code at every sign-in (decision 058): no "Trust this device" for them.
  return { trustOffered: await signInTrustOffered(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(context.locale);
  return answer(context, { failure: AUTH_REQUEST_FAILED, reply: (message): ActionResult => ({ toast: authFailure(t, message) }) }, async () => {
    const form = await readForm(request);
    const redirectTo = safeRedirect(form.get("redirectTo"));
    const submission = parseWithZod(form, { schema: signInCodeSchema });
    if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
    const headers = await verifySignInCode(context, anonymous, submission.value);
    return await redirectWithToast(
      redirectTo,
      authSuccess(t, "auth.toast.welcomeTitle", "auth.toast.welcomeText"),
      context,
      { headers },
    );
  });
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("auth.meta.twoFactorTitle", { brand: brand.name }), noindex: true });
}

export default function TwoFactorSignIn({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirect(searchParams.get("redirectTo"));
  const actionData = useActionData<ActionResult>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "two-factor-sign-in",
    lastResult: actionData?.result,
    constraint: getZodConstraint(signInCodeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInCodeSchema }),
  });
  const codeProps = getInputProps(fields.code, { type: "text" });
  const trustProps = getInputProps(fields.trustDevice, { type: "checkbox", value: "on" });
  // A refusal as a toast, or in the page when the form was posted without JavaScript.
  const refusalInPage = useAnswerToast(actionData?.toast);

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <Link to="/auth" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t("auth.backToSignIn")}
        </Link>
        <div className="mt-6 flex items-center gap-3">
          <ShieldCheck className="size-8 shrink-0 text-primary" aria-hidden="true" />
          <h1 className="font-serif text-3xl font-semibold text-primary">{t("auth.twoFactor.title")}</h1>
        </div>
        <p className="mt-2 text-sm text-muted-foreground">{t("auth.twoFactor.intro")}</p>
        <AnswerNotice toast={refusalInPage} className="mt-6" />
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field id={fields.code.id} label={t("auth.twoFactor.code")} errors={fields.code.errors}>
            <Input
              {...codeProps}
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={CODE_EXAMPLE}
              dir="ltr"
              className="font-mono tracking-widest"
            />
          </Field>
          {loaderData.trustOffered ? (
            <div className="flex items-start gap-2">
              <input
                {...trustProps}
                className="mt-0.5 size-4 rounded border-input accent-primary"
              />
              <label htmlFor={fields.trustDevice.id} className="text-sm">
                {t("auth.twoFactor.trust")}
                <span className="block text-xs text-muted-foreground">{t("auth.twoFactor.trustHint")}</span>
              </label>
            </div>
          ) : null}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t("auth.twoFactor.verifying") : t("auth.twoFactor.submit")}
          </Button>
        </Form>
      </div>
    </div>
  );
}
