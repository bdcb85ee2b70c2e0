import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { Field } from "~/components/ui/field";
import { PasswordInput } from "~/components/auth/password-input";
import { Button } from "~/components/ui/button";
import { useAnswerToast } from "~/components/auth/auth-answer";
import { AnswerNotice } from "~/components/forms/form-answer";
import { AUTH_REQUEST_FAILED, authFailure, authSuccess } from "~/domain/auth-messages";
import { resetPasswordSchema } from "~/domain/auth-validation";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import { resetPassword } from "~/server/services/accounts.server";
import { redirectWithToast } from "~/server/http/toast-cookie.server";
import type { FlashToast } from "~/domain/toast";
import { answer, readForm } from "~/server/http/answer.server";
import { anonymous } from "~/server/security/actor.server";
import type { Route } from "./+types/auth.reset-password";

interface ActionResult {
  result?: SubmissionResult;
  toast?: FlashToast;
}

export const handle = { catalogues: ["auth"] } satisfies I18nHandle;

/**
 * Nothing to load (the link's token is read from the address by the page itself): the
 * server loader is there for the clientLoader, which brings the words on a client navigation.
 */
export function loader() {
  return null;
}
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(context.locale);
  return answer(context, { failure: AUTH_REQUEST_FAILED, reply: (message): ActionResult => ({ toast: authFailure(t, message) }) }, async () => {
    const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema });
    if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
    await resetPassword(context, anonymous, submission.value);
    return redirectWithToast("/auth", authSuccess(t, "auth.toast.passwordUpdatedTitle", "auth.toast.passwordUpdatedText"), context);
  });
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("auth.meta.resetTitle", { brand: brand.name }), noindex: true });
}

export default function ResetPassword() {
  const t = useT();
  const [searchParams] = useSearchParams();
  // better-auth sends people here with ?token=... (or ?error=INVALID_TOKEN).
  const token = searchParams.get("token") ?? "";
  const actionData = useActionData<ActionResult>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  // A refusal as a toast, or in the page when the form was posted without JavaScript.
  const refusalInPage = useAnswerToast(actionData?.toast);
  const { type: _type, ...passwordProps } = getInputProps(fields.password, { type: "password" });

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="font-serif text-3xl font-semibold text-primary">{t("auth.reset.title")}</h1>
        <AnswerNotice toast={refusalInPage} className="mt-6" />
        {token ? (
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <input type="hidden" name="token" value={token} />
            <Field id={fields.password.id} label={t("auth.reset.newPassword")} errors={fields.password.errors ?? fields.token.errors}>
              <PasswordInput {...passwordProps} autoComplete="new-password" />
            </Field>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? t("auth.processing") : t("auth.reset.submit")}
            </Button>
          </Form>
        ) : (
          <p className="mt-4 text-sm text-muted-foreground">
            <RichText
              message={t("auth.reset.invalid", standIns("link"))}
              elements={{
                link: (
                  <Link to="/auth/forgot-password" className="font-medium text-primary hover:underline">
                    {t("auth.reset.askNew")}
                  </Link>
                ),
              }}
            />
          </p>
        )}
      </div>
    </div>
  );
}
