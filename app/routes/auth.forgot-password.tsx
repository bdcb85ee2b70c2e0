import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, MailCheck } from "lucide-react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { Field } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useAnswerToast } from "~/components/auth/auth-answer";
import { AnswerNotice } from "~/components/forms/form-answer";
import { AUTH_REQUEST_FAILED, authFailure } from "~/domain/auth-messages";
import { requestPasswordResetSchema } from "~/domain/auth-validation";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import { requestPasswordReset } from "~/server/services/accounts.server";
import type { FlashToast } from "~/domain/toast";
import { answer, readForm } from "~/server/http/answer.server";
import { anonymous } from "~/server/security/actor.server";
import type { Route } from "./+types/auth.forgot-password";

interface ActionResult {
  result?: SubmissionResult;
  sentTo?: string;
  toast?: FlashToast;
}

export const handle = { catalogues: ["auth"] } satisfies I18nHandle;

/** A static page: the server loader is there for the clientLoader, which brings the words on a client navigation. */
export function loader() {
  return null;
}
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(context.locale);
  return answer(context, { failure: AUTH_REQUEST_FAILED, reply: (message): ActionResult => ({ toast: authFailure(t, message) }) }, async () => {
    const submission = parseWithZod(await readForm(request), { schema: requestPasswordResetSchema });
    if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
    await requestPasswordReset(context, anonymous, { email: submission.value.email });
    // The same answer whether or not an account exists: no e-mail enumeration.
    return data<ActionResult>({ sentTo: submission.value.email });
  });
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("auth.meta.forgotTitle", { brand: brand.name }), noindex: true });
}

export default function ForgotPassword() {
  const t = useT();
  const actionData = useActionData<ActionResult>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(requestPasswordResetSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: requestPasswordResetSchema }),
  });
  const emailProps = getInputProps(fields.email, { type: "email" });
  // A refusal as a toast, or in the page when the form was posted without JavaScript.
  const refusalInPage = useAnswerToast(actionData?.toast);

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <Link to="/auth" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t("auth.backToSignIn")}
        </Link>
        <h1 className="mt-6 font-serif text-3xl font-semibold text-primary">{t("auth.forgot.title")}</h1>
        <AnswerNotice toast={refusalInPage} className="mt-6" />
        {actionData?.sentTo ? (
          <div className="mt-6 flex gap-3 rounded-md bg-success/10 p-4 text-sm" role="status">
            <MailCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
            <p>
              <RichText message={t("auth.forgot.sent", standIns("email"))} elements={{ email: <strong dir="ltr">{actionData.sentTo}</strong> }} />
            </p>
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm text-muted-foreground">{t("auth.forgot.intro")}</p>
            <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
              <Field id={fields.email.id} label={t("auth.field.email")} errors={fields.email.errors}>
                <Input {...emailProps} autoComplete="email" />
              </Field>
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? t("auth.processing") : t("auth.forgot.submit")}
              </Button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
