import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { TZDate } from "@date-fns/tz";
import { format, type Locale as DateFnsLocale } from "date-fns";
import { BellRing, CheckCircle2, LoaderCircle, MessageCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { AnswerNotice, FormKey, useFormAnswer } from "~/components/forms/form-answer";
import { FormField } from "~/components/forms/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { NATIVE_SELECT } from "~/components/ui/native-select";
import {
  CHANNEL_LABELS,
  confirmPhoneCodeSchema,
  CONSENT_WORDING,
  FALLBACK_LOCALES,
  preferenceField,
  preferencesFormSchema,
  startPhoneSchema,
  TOPIC_LABELS,
  withdrawConsentSchema,
  type NotificationPreferencesView,
} from "~/domain/notification-preferences";
import { ALWAYS_EMAILED, NOTIFICATION_CHANNELS, NOTIFICATION_TOPICS } from "~/domain/notifications";
import { brand } from "~/domain/brand";
import type { FormPageAnswer } from "~/domain/form-answer";
import { useDateLocale } from "~/i18n/date-locales";
import { datePattern } from "~/i18n/date-patterns";
import { useT, useTranslateMessage } from "~/i18n/i18n";
import { LOCALE_NAMES } from "~/i18n/locales";
import { RichText, standIns } from "~/i18n/rich-text";
import { useAccountForm } from "./use-account-form";

/** A message with a phone number in it, the number kept left to right (and whole) inside right-to-left words. */
function WithPhone({ message, phone }: { message: string; phone: string }) {
  return (
    <RichText
      message={message}
      elements={{
        phone: (
          <span dir="ltr" className="whitespace-nowrap">
            {phone}
          </span>
        ),
      }}
    />
  );
}

/** "29 Nov 2026, 14:30" on the investor's clock, the month in the reader's language. */
const when = (iso: string, timeZone: string, locale: DateFnsLocale | undefined) =>
  format(new TZDate(new Date(iso).getTime(), timeZone), datePattern("dateTime", locale), { locale });

/** The example number the field shows (digits, the same in every language). */
const PHONE_PLACEHOLDER = "+964 750 123 4567";
const TEL = { type: "tel" } as const;
const TEXT = { type: "text" } as const;
const CHECKBOX = { type: "checkbox" } as const;
const TIME = { type: "time" } as const;

/**
 * /account/notifications (issue 39): the WhatsApp number and consent, then what comes by
 * e-mail and by WhatsApp, quiet hours and the language of WhatsApp messages.
 */
export function NotificationPreferences({ view, timeZones, firmTimeZone }: { view: NotificationPreferencesView; timeZones: string[]; firmTimeZone: string }) {
  return (
    <>
      <WhatsAppCard view={view} timeZone={view.timeZone ?? firmTimeZone} />
      <PreferencesCard
        // A save (or a number verified) reads the settings again: the form starts over from them.
        key={JSON.stringify([view.matrix, view.quiet, view.timeZone, view.fallbackLocale, view.whatsappLive])}
        view={view}
        timeZones={timeZones}
        firmTimeZone={firmTimeZone}
      />
    </>
  );
}

function WhatsAppCard({ view, timeZone }: { view: NotificationPreferencesView; timeZone: string }) {
  const t = useT();
  const dateLocale = useDateLocale();
  // A refused code request: its form is shown open, with the refusal beside the number.
  const start = useFormAnswer<FormPageAnswer>("start-phone");
  const startRefused = !start.busy && start.answer?.toast?.type === "error";
  return (
    <Card aria-labelledby="whatsapp-title">
      <CardHeader>
        <CardTitle id="whatsapp-title" className="flex items-center gap-2 text-xl">
          <MessageCircle className="size-5 text-primary" aria-hidden="true" />
          {t("account.notifications.whatsapp.title")}
        </CardTitle>
        <CardDescription>{t("account.notifications.whatsapp.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {!view.whatsappAvailable ? (
          <p className="rounded-md border bg-muted/50 p-3 text-sm" data-testid="whatsapp-unavailable">
            {t("account.notifications.whatsapp.unavailable")}
          </p>
        ) : view.whatsappLive && view.phone && view.consent ? (
          <LiveConsent phone={view.phone} consent={view.consent} timeZone={timeZone} />
        ) : (
          <>
            {view.withdrawnAt ? (
              <div role="status" className="space-y-1 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="whatsapp-stopped">
                <p className="font-medium">
                  {t(view.withdrawnBy === "stop-message" ? "account.notifications.whatsapp.stoppedByStop" : "account.notifications.whatsapp.stoppedBySettings", {
                    date: when(view.withdrawnAt, timeZone, dateLocale),
                  })}
                </p>
                <p className="text-muted-foreground">{t("account.notifications.whatsapp.verifyAgain")}</p>
              </div>
            ) : null}
            {view.pendingCode ? (
              <>
                <CodeForm pending={view.pendingCode} waMeLink={view.waMeLink} timeZone={timeZone} />
                <details open={startRefused} className="group rounded-md border px-4 py-3">
                  <summary className="cursor-pointer text-sm font-medium text-primary">{t("account.notifications.whatsapp.another")}</summary>
                  <div className="pt-4">
                    <StartForm suggestedPhone={view.suggestedPhone} />
                  </div>
                </details>
              </>
            ) : (
              <StartForm suggestedPhone={view.suggestedPhone} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Step one: the number, the consent in the words recorded, and "Send code". */
function StartForm({ suggestedPhone }: { suggestedPhone: string | null }) {
  const t = useT();
  const start = useAccountForm("start-phone", startPhoneSchema, suggestedPhone ? { phone: suggestedPhone } : undefined);
  const { fields } = start;
  const hint = `${fields.phone!.id}-hint`;
  const message = useTranslateMessage();
  return (
    <start.fetcher.Form method="post" {...getFormProps(start.form)} className="max-w-md space-y-4">
      <input type="hidden" name="intent" value="start-phone" />
      <FormKey name="start-phone" />
      <AnswerNotice toast={start.posted?.toast} />
      <FormField field={fields.phone!} label={t("account.notifications.whatsapp.phone")}>
        <Input
          {...getInputProps(fields.phone!, { ...TEL, ariaDescribedBy: hint })}
          autoComplete="tel"
          inputMode="tel"
          dir="ltr"
          maxLength={32}
          placeholder={PHONE_PLACEHOLDER}
          className="text-start"
        />
        <p id={hint} className="text-xs text-muted-foreground">
          {t("account.notifications.whatsapp.phoneHint")}
        </p>
      </FormField>
      <div className="space-y-1.5">
        <label htmlFor={fields.consent!.id} className="flex items-start gap-3 rounded-md border bg-muted/30 p-3 text-sm leading-relaxed">
          <input {...getInputProps(fields.consent!, CHECKBOX)} className="mt-1 size-4 shrink-0 accent-primary" />
          <span>{t(CONSENT_WORDING, { brand: brand.name })}</span>
        </label>
        {fields.consent!.errors?.length ? (
          <p id={`${fields.consent!.id}-error`} className="text-sm text-destructive" role="alert">
            {message(fields.consent!.errors[0] ?? "")}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={start.busy}>
        {start.busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {start.busy ? t("account.notifications.whatsapp.sending") : t("account.notifications.whatsapp.sendCode")}
      </Button>
    </start.fetcher.Form>
  );
}

/** Step two: the code sent by WhatsApp, or the wa.me link to send one from the phone. */
function CodeForm({ pending, waMeLink, timeZone }: { pending: { phone: string; expiresAt: string }; waMeLink: string | null; timeZone: string }) {
  const t = useT();
  const confirm = useAccountForm("confirm-code", confirmPhoneCodeSchema);
  const code = confirm.fields.code!;
  return (
    <div className="space-y-4">
      <p className="text-sm" data-testid="code-sent">
        <WithPhone
          phone={pending.phone}
          message={t("account.notifications.whatsapp.codeSent", {
            ...standIns("phone"),
            time: format(new TZDate(new Date(pending.expiresAt).getTime(), timeZone), "HH:mm"),
          })}
        />
      </p>
      <confirm.fetcher.Form method="post" {...getFormProps(confirm.form)} className="max-w-md space-y-3">
        <input type="hidden" name="intent" value="confirm-code" />
        <FormKey name="confirm-code" />
        <AnswerNotice toast={confirm.posted?.toast} />
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-40">
            <FormField field={code} label={t("account.notifications.whatsapp.code")}>
              <Input {...getInputProps(code, TEXT)} inputMode="numeric" autoComplete="one-time-code" maxLength={7} dir="ltr" className="text-center tracking-widest" />
            </FormField>
          </div>
          <Button type="submit" disabled={confirm.busy} className={code.errors?.length ? "mb-7" : undefined}>
            {confirm.busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
            {confirm.busy ? t("account.notifications.whatsapp.confirming") : t("account.notifications.whatsapp.confirm")}
          </Button>
        </div>
      </confirm.fetcher.Form>
      {waMeLink ? (
        <div className="space-y-2 border-t pt-4 text-sm">
          <p>{t("account.notifications.whatsapp.waMe")}</p>
          <a href={waMeLink} target="_blank" rel="noopener noreferrer" className={cn(buttonVariants({ variant: "outline" }))} data-testid="wa-me-link">
            <MessageCircle className="size-4" aria-hidden="true" />
            {t("account.notifications.whatsapp.waMeLink")}
          </a>
          <p className="text-xs text-muted-foreground"><WithPhone phone={pending.phone} message={t("account.notifications.whatsapp.waMeHint", standIns("phone"))} /></p>
        </div>
      ) : null}
    </div>
  );
}

/** Verified, with consent: the number, when and how, the words agreed to, and "Stop WhatsApp messages". */
function LiveConsent({ phone, consent, timeZone }: { phone: string; consent: NonNullable<NotificationPreferencesView["consent"]>; timeZone: string }) {
  const t = useT();
  const dateLocale = useDateLocale();
  const stop = useAccountForm("stop-whatsapp", withdrawConsentSchema);
  const date = when(consent.at, timeZone, dateLocale);
  return (
    <div className="space-y-4" data-testid="whatsapp-live">
      <div className="space-y-1 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />
          <span>
            <WithPhone phone={phone} message={t("account.notifications.whatsapp.live", standIns("phone"))} />
          </span>
        </p>
        <p className="text-muted-foreground">
          {t(consent.channel === "wa-me" ? "account.notifications.whatsapp.consentByWaMe" : "account.notifications.whatsapp.consentByCode", { date })}
        </p>
      </div>
      <details className="rounded-md border px-4 py-3 text-sm">
        <summary className="cursor-pointer font-medium">{t("account.notifications.whatsapp.wordingLabel")}</summary>
        <blockquote className="mt-2 border-s-2 ps-3 text-muted-foreground">{consent.wording}</blockquote>
      </details>
      <stop.fetcher.Form method="post" {...getFormProps(stop.form)} className="space-y-2">
        <input type="hidden" name="intent" value="stop-whatsapp" />
        <FormKey name="stop-whatsapp" />
        <AnswerNotice toast={stop.posted?.toast} />
        <Button type="submit" variant="outline" disabled={stop.busy}>
          {stop.busy ? t("account.notifications.whatsapp.stopping") : t("account.notifications.whatsapp.stop")}
        </Button>
        <p className="text-xs text-muted-foreground">{t("account.notifications.whatsapp.stopHint")}</p>
      </stop.fetcher.Form>
    </div>
  );
}

/** The table of topics and channels, quiet hours and the fallback language: one form, one save. */
function PreferencesCard({ view, timeZones, firmTimeZone }: { view: NotificationPreferencesView; timeZones: string[]; firmTimeZone: string }) {
  const t = useT();
  const defaults: Record<string, string> = {
    ...Object.fromEntries(
      NOTIFICATION_CHANNELS.flatMap((channel) => NOTIFICATION_TOPICS.map((topic) => [preferenceField(channel, topic), view.matrix[topic][channel] ? "on" : ""])),
    ),
    quietStart: view.quiet?.start ?? "",
    quietEnd: view.quiet?.end ?? "",
    timeZone: view.timeZone ?? firmTimeZone,
    fallbackLocale: view.fallbackLocale,
  };
  const save = useAccountForm("save-preferences", preferencesFormSchema, defaults);
  const { fields } = save;
  const zone = useRef<HTMLSelectElement>(null);
  // Before any settings were saved, the zone offered is the browser's own.
  useEffect(() => {
    if (view.timeZone !== null || !zone.current) return;
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (timeZones.includes(own)) zone.current.value = own;
  }, [view.timeZone, timeZones]);
  const whatsappLocked = !view.whatsappLive;
  const securityNote = "security-email-note";
  const lockedNote = "whatsapp-locked-note";
  const quietHint = "quiet-hint";
  const languageNote = "fallback-note";

  return (
    <Card aria-labelledby="matrix-title">
      <CardHeader>
        <CardTitle id="matrix-title" className="text-xl">
          {t("account.notifications.matrix.title")}
        </CardTitle>
        <CardDescription>{t("account.notifications.matrix.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <save.fetcher.Form method="post" {...getFormProps(save.form)} className="space-y-8">
          <input type="hidden" name="intent" value="save-preferences" />
          <FormKey name="save-preferences" />
          <AnswerNotice toast={save.posted?.toast} />
          <div className="space-y-3">
            {view.whatsappAvailable && whatsappLocked ? (
              <p id={lockedNote} className="text-sm text-muted-foreground">
                {t("account.notifications.matrix.whatsappLocked")}
              </p>
            ) : null}
            <div className="overflow-x-auto rounded-md border">
              <table className="w-full text-sm">
                <thead className="bg-muted/50">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-start font-medium">
                      {t("account.notifications.matrix.notice")}
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <th key={channel} scope="col" className="w-20 px-2 py-2 text-center font-medium sm:w-28">
                        {t(CHANNEL_LABELS[channel])}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {NOTIFICATION_TOPICS.map((topic) => {
                    const always = ALWAYS_EMAILED.includes(topic);
                    return (
                      <tr key={topic} data-testid={`topic-${topic}`}>
                        <th scope="row" className="px-3 py-2.5 text-start font-normal">
                          {t(TOPIC_LABELS[topic])}
                          {always ? (
                            <span id={securityNote} className="mt-0.5 block text-xs text-muted-foreground">
                              {t("account.notifications.matrix.securityNote")}
                            </span>
                          ) : null}
                        </th>
                        {NOTIFICATION_CHANNELS.map((channel) => {
                          const label = t("account.notifications.matrix.toggle", { topic: t(TOPIC_LABELS[topic]), channel: t(CHANNEL_LABELS[channel]) });
                          const field = fields[preferenceField(channel, topic)]!;
                          return (
                            <td key={channel} className="px-2 py-2.5 text-center">
                              {channel === "email" && always ? (
                                <>
                                  {/* Always on: shown ticked and fixed, and sent as on. */}
                                  <input type="checkbox" checked disabled readOnly aria-label={label} aria-describedby={securityNote} className="size-4 accent-primary" />
                                  <input type="hidden" name={field.name} value="on" />
                                </>
                              ) : (
                                <input
                                  {...getInputProps(field, CHECKBOX)}
                                  aria-label={label}
                                  disabled={channel === "whatsapp" && whatsappLocked}
                                  aria-describedby={channel === "whatsapp" && whatsappLocked && view.whatsappAvailable ? lockedNote : undefined}
                                  className="size-4 accent-primary disabled:opacity-50"
                                />
                              )}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <BellRing className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t("account.notifications.matrix.bell")}
            </p>
          </div>

          <fieldset className="space-y-3 border-t pt-6">
            <legend className="float-start w-full text-base font-semibold">{t("account.notifications.quiet.title")}</legend>
            <p className="clear-both text-sm text-muted-foreground">{t("account.notifications.quiet.description")}</p>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-[8rem_8rem_1fr]">
              <FormField field={fields.quietStart!} label={t("account.notifications.quiet.start")}>
                <Input {...getInputProps(fields.quietStart!, { ...TIME, ariaDescribedBy: quietHint })} />
              </FormField>
              <FormField field={fields.quietEnd!} label={t("account.notifications.quiet.end")}>
                <Input {...getInputProps(fields.quietEnd!, { ...TIME, ariaDescribedBy: quietHint })} />
              </FormField>
              <div className="col-span-2 sm:col-span-1">
                <FormField field={fields.timeZone!} label={t("account.notifications.quiet.timeZone")}>
                  <select {...getSelectProps(fields.timeZone!)} ref={zone} className={NATIVE_SELECT} dir="ltr">
                    {timeZones.map((name) => (
                      <option key={name} value={name}>
                        {name.replaceAll("_", " ")}
                      </option>
                    ))}
                  </select>
                </FormField>
              </div>
            </div>
            <p id={quietHint} className="text-xs text-muted-foreground">
              {t("account.notifications.quiet.hint")}
            </p>
          </fieldset>

          <fieldset className="space-y-3 border-t pt-6">
            <legend className="float-start w-full text-base font-semibold">{t("account.notifications.language.title")}</legend>
            <div className="clear-both max-w-xs">
              <FormField field={fields.fallbackLocale!} label={t("account.notifications.language.label")}>
                <select {...getSelectProps(fields.fallbackLocale!, { ariaDescribedBy: languageNote })} className={NATIVE_SELECT}>
                  {FALLBACK_LOCALES.map((locale) => (
                    <option key={locale} value={locale} lang={locale}>
                      {LOCALE_NAMES[locale]}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <div id={languageNote} className="space-y-1 text-sm text-muted-foreground">
              <p>{t("account.notifications.language.note")}</p>
              {view.templateFallback ? <p className="font-medium text-foreground">{t("account.notifications.language.yours")}</p> : null}
            </div>
          </fieldset>

          <div className="flex justify-end border-t pt-6">
            <Button type="submit" className="w-full sm:w-auto" disabled={save.busy}>
              {save.busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
              {save.busy ? t("account.notifications.saving") : t("account.notifications.save")}
            </Button>
          </div>
        </save.fetcher.Form>
      </CardContent>
    </Card>
  );
}
