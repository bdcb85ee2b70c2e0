import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useFormAction, useNavigation } from "react-router";
import { formConstraint } from "~/components/forms/use-admin-form";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { preloadToaster } from "~/components/ui/toaster";
import { CONTACT_METHOD_LABELS, CONTACT_METHODS, INVESTOR_TYPE_LABELS, INVESTOR_TYPES } from "~/domain/profile";
import { COMPANY_MAX_LENGTH, PHONE_INPUT_MAX_LENGTH, profileUpdateSchema, type ProfileFormValues } from "~/domain/profile-update";

/** The same box as `Input`, for the native selects (accessible and usable without JavaScript). */
const selectClass = cn(
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none",
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50 aria-invalid:border-destructive",
);

const constraint = formConstraint(profileUpdateSchema);

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * The investor's Edit profile form (issue 13). Checked in the browser with the schema the
 * action parses with (decision record 003); a plain POST without JavaScript works too, and
 * the server's field messages come back into the same fields with the typed values kept.
 *
 * Give it a `key` that changes with the saved values: after a save the page's data is
 * read again and the form starts over from it (the phone as stored, in international format).
 */
export function ProfileForm({
  email,
  defaults,
  lastResult,
  saved,
}: {
  email: string;
  defaults: ProfileFormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The last send saved the profile: says so beside the button until something changes. */
  saved: boolean;
}) {
  const [form, fields] = useForm({
    id: "profile",
    defaultValue: defaults,
    lastResult,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileUpdateSchema }),
  });
  const navigation = useNavigation();
  const formAction = useFormAction();
  const busy = navigation.state === "submitting" && navigation.formAction === formAction;
  const phoneHint = `${fields.phone.id}-hint`;
  const companyHint = `${fields.company.id}-hint`;

  return (
    <Card>
      <CardHeader>
        <h2 className="font-serif text-2xl font-semibold">Your profile</h2>
        <CardDescription>How we address you, and how our advisers should get in touch.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="space-y-6" onFocus={preloadToaster}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField field={fields.firstName} label="First name">
              <Input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" maxLength={50} />
            </FormField>
            <FormField field={fields.lastName} label="Last name">
              <Input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" maxLength={50} />
            </FormField>
          </div>

          <div className="space-y-1.5">
            <p className="text-sm leading-none font-medium">Email</p>
            <p className="text-sm break-all">{email}</p>
            <p className="text-xs text-muted-foreground">
              Change your email address under{" "}
              <Link to="/account/security" className="font-medium text-primary underline-offset-4 hover:underline">
                Sign-in &amp; security
              </Link>
              .
            </p>
          </div>

          <FormField field={fields.company} label="Company (optional)">
            <Input
              {...getInputProps(fields.company, { type: "text", ariaDescribedBy: companyHint })}
              autoComplete="organization"
              maxLength={COMPANY_MAX_LENGTH}
            />
            <Hint id={companyHint}>The firm or family office you invest through, if any.</Hint>
          </FormField>

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField field={fields.preferredContactMethod} label="Preferred contact method">
              <select {...getSelectProps(fields.preferredContactMethod)} className={selectClass}>
                {CONTACT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {CONTACT_METHOD_LABELS[method]}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField field={fields.phone} label="Phone">
              <Input
                {...getInputProps(fields.phone, { type: "tel", ariaDescribedBy: phoneHint })}
                autoComplete="tel"
                inputMode="tel"
                maxLength={PHONE_INPUT_MAX_LENGTH}
                placeholder="+971 50 123 4567"
              />
              <Hint id={phoneHint}>With the country code, e.g. +44 or +971. Needed for Phone or WhatsApp.</Hint>
            </FormField>
          </div>

          <FormField field={fields.investorType} label="Investor type">
            <select {...getSelectProps(fields.investorType)} className={selectClass}>
              <option value="">Not set</option>
              {INVESTOR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {INVESTOR_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </FormField>

          <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-end">
            <p role="status" className="text-sm text-muted-foreground sm:mr-auto">
              {saved && !form.dirty && !busy ? (
                <span className="inline-flex items-center gap-1.5">
                  <CheckCircle2 className="size-4 text-success" aria-hidden="true" /> All changes saved
                </span>
              ) : null}
            </p>
            <Button
              type="submit"
              className="w-full sm:w-auto"
              disabled={busy}
              // Pressing the button does not take the focus from the field being typed in:
              // leaving it would check it first, and a message appearing above would move the
              // button from under the pointer before the click lands (decision record 003).
              // The send then checks every field and focuses the first one that needs a fix.
              onMouseDown={(event) => event.preventDefault()}
            >
              {busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
              {busy ? "Saving..." : "Save changes"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
