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
import { CONTACT_METHOD_KEYS, CONTACT_METHODS, INVESTOR_TYPE_KEYS, INVESTOR_TYPES } from "~/domain/profile";
import { COMPANY_MAX_LENGTH, PHONE_EXAMPLE, PHONE_INPUT_MAX_LENGTH, profileUpdateSchema, type ProfileFormValues } from "~/domain/profile-update";
import { useT } from "~/i18n/i18n";
import { LOCALE_NAMES, LOCALES } from "~/i18n/locales";
import { RichText, standIns } from "~/i18n/rich-text";

/** The same box as `Input`, for the native selects (accessible and usable without JavaScript). */
const selectClass = cn(
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none",
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50 aria-invalid:border-destructive",
);

const constraint = formConstraint(profileUpdateSchema);

/** The inputs' types, for Conform's `getInputProps`. */
const TEXT = { type: "text" } as const;
const TEL = { type: "tel" } as const;

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
  const t = useT();
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
  const localeHint = `${fields.locale.id}-hint`;

  return (
    <Card>
      <CardHeader>
        <h2 className="font-serif text-2xl font-semibold">{t("account.profile.title")}</h2>
        <CardDescription>{t("account.profile.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="space-y-6" onFocus={preloadToaster}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField field={fields.firstName} label={t("account.profile.firstName")}>
              <Input {...getInputProps(fields.firstName, TEXT)} autoComplete="given-name" maxLength={50} />
            </FormField>
            <FormField field={fields.lastName} label={t("account.profile.lastName")}>
              <Input {...getInputProps(fields.lastName, TEXT)} autoComplete="family-name" maxLength={50} />
            </FormField>
          </div>

          <div className="space-y-1.5">
            <p className="text-sm leading-none font-medium">{t("account.profile.email")}</p>
            <p className="text-sm break-all" dir="ltr">
              {email}
            </p>
            <p className="text-xs text-muted-foreground">
              <RichText
                message={t("account.profile.emailHint", standIns("link"))}
                elements={{
                  link: (
                    <Link to="/account/security" className="font-medium text-primary underline-offset-4 hover:underline">
                      {t("account.nav.security")}
                    </Link>
                  ),
                }}
              />
            </p>
          </div>

          <FormField field={fields.company} label={t("account.profile.company")}>
            <Input
              {...getInputProps(fields.company, { ...TEXT, ariaDescribedBy: companyHint })}
              autoComplete="organization"
              maxLength={COMPANY_MAX_LENGTH}
            />
            <Hint id={companyHint}>{t("account.profile.companyHint")}</Hint>
          </FormField>

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField field={fields.preferredContactMethod} label={t("account.profile.contactMethod")}>
              <select {...getSelectProps(fields.preferredContactMethod)} className={selectClass}>
                {CONTACT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {t(CONTACT_METHOD_KEYS[method])}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField field={fields.phone} label={t("account.profile.phone")}>
              <Input
                {...getInputProps(fields.phone, { ...TEL, ariaDescribedBy: phoneHint })}
                autoComplete="tel"
                inputMode="tel"
                dir="ltr"
                maxLength={PHONE_INPUT_MAX_LENGTH}
                placeholder={PHONE_EXAMPLE}
              />
              <Hint id={phoneHint}>{t("account.profile.phoneHint")}</Hint>
            </FormField>
          </div>

          <FormField field={fields.investorType} label={t("account.profile.investorType")}>
            <select {...getSelectProps(fields.investorType)} className={selectClass}>
              <option value="">{t("account.profile.investorTypeNotSet")}</option>
              {INVESTOR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(INVESTOR_TYPE_KEYS[type])}
                </option>
              ))}
            </select>
          </FormField>

          <FormField field={fields.locale} label={t("account.profile.mailLanguage")}>
            <select {...getSelectProps(fields.locale, { ariaDescribedBy: localeHint })} className={selectClass}>
              {LOCALES.map((locale) => (
                // Each language by its own name, in its own script and direction.
                <option key={locale} value={locale} lang={locale}>
                  {LOCALE_NAMES[locale]}
                </option>
              ))}
            </select>
            <Hint id={localeHint}>{t("account.profile.mailLanguageHint")}</Hint>
          </FormField>

          <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-end">
            <p role="status" className="text-sm text-muted-foreground sm:me-auto">
              {saved && !form.dirty && !busy ? (
                <span className="inline-flex items-center gap-1.5">
                  <CheckCircle2 className="size-4 text-success" aria-hidden="true" /> {t("account.profile.saved")}
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
              {busy ? t("account.profile.saving") : t("account.profile.save")}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
