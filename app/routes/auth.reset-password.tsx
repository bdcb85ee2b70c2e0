import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { Field } from "~/components/ui/field";
import { PasswordInput } from "~/components/auth/password-input";
import { Button } from "~/components/ui/button";
import { showFlashToast } from "~/components/ui/toaster";
import { AUTH_REQUEST_FAILED, authFailure } from "~/domain/auth-messages";
import { resetPasswordSchema } from "~/domain/auth-validation";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
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

export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, { failure: AUTH_REQUEST_FAILED, reply: (message): ActionResult => ({ toast: authFailure(message) }) }, async () => {
    const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema });
    if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
    await resetPassword(context, anonymous, submission.value);
    return redirectWithToast(
      "/auth",
      { type: "success", title: "Password updated", description: "Sign in with your new password." },
      context,
    );
  });
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: `Choose a new password | ${brand.name}`, noindex: true });
}

export default function ResetPassword() {
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
  useEffect(() => {
    if (actionData?.toast) showFlashToast(actionData.toast);
  }, [actionData]);
  const { type: _type, ...passwordProps } = getInputProps(fields.password, { type: "password" });

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="font-serif text-3xl font-semibold text-primary">Choose a new password</h1>
        {token ? (
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <input type="hidden" name="token" value={token} />
            <Field id={fields.password.id} label="New password" errors={fields.password.errors ?? fields.token.errors}>
              <PasswordInput {...passwordProps} autoComplete="new-password" />
            </Field>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Processing..." : "Update password"}
            </Button>
          </Form>
        ) : (
          <p className="mt-4 text-sm text-muted-foreground">
            This reset link is invalid or has expired.{" "}
            <Link to="/auth/forgot-password" className="font-medium text-primary hover:underline">
              Ask for a new one
            </Link>
            .
          </p>
        )}
      </div>
    </div>
  );
}
