import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, MailCheck } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { Field } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { showFlashToast } from "~/components/ui/toaster";
import { AUTH_REQUEST_FAILED, authFailure } from "~/domain/auth-messages";
import { requestPasswordResetSchema } from "~/domain/auth-validation";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
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

export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, { failure: AUTH_REQUEST_FAILED, reply: (message): ActionResult => ({ toast: authFailure(message) }) }, async () => {
    const submission = parseWithZod(await readForm(request), { schema: requestPasswordResetSchema });
    if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
    await requestPasswordReset(context, anonymous, { email: submission.value.email });
    // The same answer whether or not an account exists: no e-mail enumeration.
    return data<ActionResult>({ sentTo: submission.value.email });
  });
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: `Reset your password | ${brand.name}`, noindex: true });
}

export default function ForgotPassword() {
  const actionData = useActionData<ActionResult>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(requestPasswordResetSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: requestPasswordResetSchema }),
  });
  useEffect(() => {
    if (actionData?.toast) showFlashToast(actionData.toast);
  }, [actionData]);

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <Link to="/auth" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary">
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to sign in
        </Link>
        <h1 className="mt-6 font-serif text-3xl font-semibold text-primary">Forgot your password?</h1>
        {actionData?.sentTo ? (
          <div className="mt-6 flex gap-3 rounded-md bg-success/10 p-4 text-sm" role="status">
            <MailCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
            <p>
              If an account exists for <strong>{actionData.sentTo}</strong>, we have sent a link to reset its password. The
              link expires in 1 hour.
            </p>
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm text-muted-foreground">
              Enter the email address of your account and we will send you a link to choose a new password.
            </p>
            <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
              <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
                <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
              </Field>
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Processing..." : "Send reset link"}
              </Button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
