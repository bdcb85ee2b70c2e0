import { useEffect, useRef } from "react";
import { AnswerNotice, FormKey, useFormAnswer } from "~/components/forms/form-answer";
import { useFormatDay } from "~/components/dashboard/format-day";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import type { AdminActionResult } from "~/domain/action-result";
import { NDA_BODY_MAX, NDA_MESSAGES, type AdminNdaVersion } from "~/domain/confidentiality";
import type { FlashToast } from "~/domain/toast";
import type { Locale } from "~/i18n/locales";
import { useT, useTranslateMessage } from "~/i18n/i18n";
import { useActionResult } from "./use-action-result";

const KEY = "nda-save";
const LANGUAGES = [
  { locale: "en", field: "bodyEn", label: "verification.admin.english", props: { lang: "en", dir: "ltr" } },
  { locale: "ar", field: "bodyAr", label: "verification.admin.arabic", props: { lang: "ar", dir: "rtl" } },
  { locale: "ckb", field: "bodyCkb", label: "verification.admin.sorani", props: { lang: "ckb", dir: "rtl" } },
] as const;

/**
 * An opportunity's confidentiality agreement as the admin keeps it (issue 35): the form that
 * writes the next version (prefilled with the current one, or the firm's template for the
 * first), then every version with how many investors accepted it.
 */
export function AdminNda({
  opportunity,
  versions,
  template,
  timeZone,
}: {
  opportunity: { id: string; title: string };
  versions: AdminNdaVersion[];
  template: Record<Locale, string>;
  timeZone: string;
}) {
  const t = useT();
  const say = useTranslateMessage();
  const formatDay = useFormatDay(timeZone);
  const formRef = useRef<HTMLFormElement>(null);
  const notice = (result: AdminActionResult): FlashToast =>
    result.ok
      ? { type: "success", title: t(NDA_MESSAGES.saved) }
      : { type: "error", title: t(NDA_MESSAGES.saveFailed), description: result.fieldErrors ? t("admin.form.correctFields") : say(result.message) };
  const { posted } = useActionResult(KEY, (result) => {
    const { type, title, description } = notice(result);
    if (type === "success") toast.success(title);
    else toast.error(title, { description });
  });
  const { fetcher, answer, busy } = useFormAnswer<AdminActionResult>(KEY);
  const refused = answer && !answer.ok ? answer : null;
  const current = versions[0];
  useEffect(() => {
    if (answer?.ok) formRef.current?.reset();
  }, [answer]);
  return (
    <div className="space-y-10">
      <section id="nda-form" aria-labelledby="nda-form-heading" className="space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
        <h2 id="nda-form-heading" className="font-serif text-2xl font-semibold">
          {t("verification.nda.admin.formTitle", { version: (current?.version ?? 0) + 1 })}
        </h2>
        <p className="text-sm text-muted-foreground">{current ? t("verification.nda.admin.versionNote", { version: current.version }) : t("verification.nda.admin.firstNote")}</p>
        {posted ? <AnswerNotice toast={notice(posted)} /> : null}
        <fetcher.Form method="post" className="space-y-6" noValidate ref={formRef} key={current?.id ?? "first"}>
          <FormKey name={KEY} />
          <input type="hidden" name="intent" value="nda-save" />
          <input type="hidden" name="opportunityId" value={opportunity.id} />
          <div className="grid gap-4 lg:grid-cols-3">
            {LANGUAGES.map(({ locale, field, label, props }) => (
              <Field key={locale} id={`nda-${locale}`} label={t(label)} errors={refused?.fieldErrors?.[field]}>
                <Textarea
                  id={`nda-${locale}`}
                  name={field}
                  rows={16}
                  maxLength={NDA_BODY_MAX}
                  defaultValue={refused?.values?.[field] ?? current?.bodies[locale] ?? template[locale]}
                  aria-invalid={Boolean(refused?.fieldErrors?.[field])}
                  {...props}
                />
              </Field>
            ))}
          </div>
          <Button type="submit" disabled={busy}>
            {t("verification.nda.admin.save", { version: (current?.version ?? 0) + 1 })}
          </Button>
        </fetcher.Form>
      </section>
      <section aria-labelledby="nda-versions-heading" className="space-y-3">
        <h2 id="nda-versions-heading" className="font-serif text-2xl font-semibold">
          {t("verification.nda.admin.versions")}
        </h2>
        {versions.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center">{t("verification.nda.admin.noVersions")}</p>
        ) : (
          <ol className="space-y-2">
            {versions.map((v) => (
              <li key={v.id} className="rounded-lg border bg-card p-4 text-sm" data-testid="nda-version">
                <p className="font-medium">
                  {t("verification.nda.version", { version: v.version })}
                  <span className="text-muted-foreground"> · {formatDay(v.createdAt)} · {t("verification.nda.admin.acceptances", { count: v.acceptances })}</span>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
