import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { PasswordInput } from "~/components/auth/password-input";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { AuthAnswer } from "~/domain/auth-messages";
import { signInSchema, signUpSchema } from "~/domain/auth-validation";
import { useT } from "~/i18n/i18n";

/**
 * The /auth screen's two forms, on the shared schemas (decision record 003): checked in
 * the browser first, and again by the action, whose answer (`answer`) fills them in
 * whether it came through the router's fetch or with a page posted without JavaScript.
 */

export function SignInForm({ redirectTo, answer, busy }: { redirectTo: string; answer?: AuthAnswer; busy: boolean }) {
  const t = useT();
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult: answer?.result,
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

export function SignUpForm({ answer, busy }: { answer?: AuthAnswer; busy: boolean }) {
  const t = useT();
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult: answer?.result,
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
