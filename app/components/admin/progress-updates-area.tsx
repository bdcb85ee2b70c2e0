import { Megaphone, Send } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { PROGRESS_MAX_PHOTOS, PROGRESS_MESSAGES, PROGRESS_STATUS_KEYS, PROGRESS_STATUSES } from "~/domain/escrow";
import type { AdminProgressUpdate } from "~/domain/portfolio";
import { useT } from "~/i18n/i18n";
import { useAdminFormat } from "./use-admin-format";
import { useWrite } from "./use-write";
import { NATIVE_SELECT } from "~/components/ui/native-select";

/**
 * Progress updates (issue 36, item 6): the form that posts one (status, how far, the text in
 * English, Arabic and Sorani, photographs) to the opportunity's committed and interested
 * investors, and the updates posted, each with who has opened it in the portal.
 */
export function ProgressSection({ opportunityId, updates, timeZone }: { opportunityId: string; updates: AdminProgressUpdate[]; timeZone: string }) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  const write = useWrite("progress-post", (r) => t(PROGRESS_MESSAGES.posted, { count: r.created ?? 0 }));
  const { errors, value } = write;
  return (
    <section aria-labelledby="progress-heading" className="space-y-4">
      <h2 id="progress-heading" className="flex items-center gap-2 font-serif text-2xl font-semibold">
        <Megaphone className="size-5" aria-hidden="true" /> {t("escrow.admin.progressTitle")}
      </h2>
      <write.fetcher.Form method="post" encType="multipart/form-data" className="space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-8" noValidate>
        {write.hidden}
        {write.notice}
        <input type="hidden" name="opportunityId" value={opportunityId} />
        <p className="text-sm text-muted-foreground">{t("escrow.admin.progressLead")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="progress-status" label={t("escrow.admin.progressStatus")}>
            <select id="progress-status" name="status" defaultValue={value("status", "on_track")} className={NATIVE_SELECT}>
              {PROGRESS_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(PROGRESS_STATUS_KEYS[s])}
                </option>
              ))}
            </select>
          </Field>
          <Field id="progress-percent" label={t("escrow.admin.progressPercent")} errors={errors("percent")}>
            <Input id="progress-percent" name="percent" inputMode="numeric" dir="ltr" defaultValue={value("percent", "")} required />
          </Field>
        </div>
        <Field id="progress-en" label={t("escrow.admin.textEn")} errors={errors("textEn")}>
          <Textarea id="progress-en" name="textEn" lang="en" dir="ltr" rows={3} maxLength={4000} defaultValue={value("textEn", "")} required />
        </Field>
        <Field id="progress-ar" label={t("escrow.admin.textAr")} errors={errors("textAr")}>
          <Textarea id="progress-ar" name="textAr" lang="ar" dir="rtl" rows={3} maxLength={4000} defaultValue={value("textAr", "")} required />
        </Field>
        <Field id="progress-ckb" label={t("escrow.admin.textCkb")} errors={errors("textCkb")}>
          <Textarea id="progress-ckb" name="textCkb" lang="ckb" dir="rtl" rows={3} maxLength={4000} defaultValue={value("textCkb", "")} required />
        </Field>
        <Field id="progress-photos" label={t("escrow.admin.photos", { max: PROGRESS_MAX_PHOTOS })} errors={errors("photos")}>
          <Input id="progress-photos" name="photos" type="file" accept="image/jpeg,image/png,image/webp" multiple />
        </Field>
        <Button type="submit" disabled={write.busy}>
          <Send aria-hidden="true" className="rtl:-scale-x-100" /> {write.busy ? t("escrow.admin.posting") : t("escrow.admin.post")}
        </Button>
      </write.fetcher.Form>
      {updates.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-6 text-center">{t("escrow.admin.progressNone")}</p>
      ) : (
        <ol className="space-y-3">
          {updates.map((u) => {
            const read = u.readers.filter((r) => r.readAt);
            return (
              <li key={u.id}>
                <article className="space-y-3 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="admin-progress-update" aria-labelledby={`update-${u.id}`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 id={`update-${u.id}`} className="font-serif text-lg font-semibold">
                      {t("escrow.admin.updateHeading", { status: t(PROGRESS_STATUS_KEYS[u.status]), percent: u.percent })}
                    </h3>
                    <span className="text-sm text-muted-foreground">{format.moment(u.postedAt)}</span>
                  </div>
                  <p className="line-clamp-3 text-sm [overflow-wrap:anywhere]" dir="auto">
                    {u.text}
                  </p>
                  {u.photos.length ? (
                    <ul className="flex flex-wrap gap-2">
                      {u.photos.map((src, i) => (
                        <li key={src}>
                          <img src={src} alt={t("escrow.portfolio.photo", { n: i + 1, opportunity: u.opportunityTitle })} className="h-16 w-24 rounded border object-cover" loading="lazy" />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <details className="border-t pt-3 text-sm">
                    <summary className="cursor-pointer font-medium" data-testid="update-readers">
                      {t("escrow.admin.readBy", { read: read.length, sent: u.readers.length })}
                    </summary>
                    {u.readers.length ? (
                      <ul className="mt-2 space-y-1">
                        {u.readers.map((r) => (
                          <li key={r.email} className="flex flex-wrap items-center gap-2">
                            <span dir="auto">{r.name}</span> <span className="text-muted-foreground" dir="ltr">{r.email}</span>
                            {r.readAt ? (
                              <Badge variant="success">{t("escrow.admin.readOn", { date: format.day(r.readAt) })}</Badge>
                            ) : (
                              <Badge variant="outline">{t("escrow.admin.notRead")}</Badge>
                            )}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="mt-2 text-muted-foreground">{t("escrow.admin.noReaders")}</p>
                    )}
                  </details>
                </article>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
