import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { FileLock, Images, LoaderCircle, MapPin, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { FormField } from "~/components/forms/form-field";
import { useAdminForm } from "~/components/forms/use-admin-form";
import { OpportunityImage } from "~/components/opportunities/opportunity-image";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import {
  ADMIN_OPPORTUNITY_TOASTS,
  CREATE_FIRST_OPPORTUNITY,
  DELETE_OPPORTUNITY_QUESTION,
  highlightsText,
  NO_OPPORTUNITIES,
  type AdminOpportunity,
  OPPORTUNITY_DIALOG_TITLES,
  opportunityFormSchema,
  TRANSLATED_LOCALES,
  translatedFieldName,
  type TranslatedLocale,
} from "~/domain/admin-opportunities";
import { todayInZone } from "~/domain/calendar";
import { EARLY_ACCESS_DAYS, OPPORTUNITY_STATUSES, type OpportunityStatus } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { adminNdaPath } from "~/domain/confidentiality";
import { opportunityPhotosPath } from "~/domain/opportunity-images";
import { IMAGE_ACCEPT, IMAGE_UPLOAD_MESSAGES, imageSizeProblem } from "~/domain/image-upload";
import type { AdminActionResult } from "~/domain/action-result";
import { type MessageKey, useLocale, useT } from "~/i18n/i18n";
import { LOCALE_NAMES, typedTextProps } from "~/i18n/locales";
import { formatShare } from "~/domain/opportunity-memo";
import { adminSelectClass } from "./list-controls";
import { MemoTranslationFields, OpportunityMemoFields } from "./opportunity-memo-fields";
import { useSaveAndDeleteResults } from "./use-action-result";

const SAVE_FETCHER = "admin-opportunity-save";
const DELETE_FETCHER = "admin-opportunity-delete";

const STATUS_BADGES: Record<OpportunityStatus, BadgeProps["variant"]> = { active: "success", draft: "secondary", archived: "outline" };
const STATUS_LABELS: Record<OpportunityStatus, MessageKey> = {
  active: "admin.opportunities.status.active",
  draft: "admin.opportunities.status.draft",
  archived: "admin.opportunities.status.archived",
};

/** Conform's input types, kept out of the JSX. */
const TEXT = { type: "text" } as const;
const DATE = { type: "date" } as const;
const URL_INPUT = { type: "url" } as const;
const FILE = { type: "file" } as const;


/** The dialog's state: closed, creating, or editing one opportunity. */
type Editing = { mode: "create" } | { mode: "edit"; opportunity: AdminOpportunity } | null;

/**
 * SPEC.md section 2, /admin Opportunities: a card grid of every opportunity (all statuses)
 * with edit and delete, the Create / Edit dialog holding the section 5 form, and the
 * empty state.
 */
export function AdminOpportunitiesTab({ opportunities, failed, timeZone }: { opportunities: AdminOpportunity[]; failed: boolean; timeZone: string }) {
  const [editing, setEditing] = useState<Editing>(null);
  const t = useT();
  useSaveAndDeleteResults({
    saveKey: SAVE_FETCHER,
    deleteKey: DELETE_FETCHER,
    toasts: ADMIN_OPPORTUNITY_TOASTS,
    headingId: "admin-opportunities-heading",
    onSaved: () => setEditing(null),
  });

  return (
    <section aria-labelledby="admin-opportunities-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="admin-opportunities-heading" tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
          {t("admin.opportunities.title")} <span className="text-base font-normal text-muted-foreground">({opportunities.length})</span>
        </h2>
        <Button onClick={() => setEditing({ mode: "create" })}>
          <Plus aria-hidden="true" /> {t("admin.opportunities.add")}
        </Button>
      </div>

      {opportunities.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-card p-10 text-center">
          <p className="text-lg font-medium">{failed ? t(ADMIN_OPPORTUNITY_TOASTS.fetchFailed) : t(NO_OPPORTUNITIES)}</p>
          {failed ? null : (
            <Button className="mt-4" variant="outline" onClick={() => setEditing({ mode: "create" })}>
              {t(CREATE_FIRST_OPPORTUNITY)}
            </Button>
          )}
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {opportunities.map((o) => (
            <li key={o.id}>
              <OpportunityAdminCard opportunity={o} onEdit={() => setEditing({ mode: "edit", opportunity: o })} />
            </li>
          ))}
        </ul>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        {editing ? <OpportunityFormDialog key={editing.mode === "edit" ? editing.opportunity.id : "new"} editing={editing} timeZone={timeZone} /> : null}
      </Dialog>
    </section>
  );
}

function OpportunityAdminCard({ opportunity: o, onEdit }: { opportunity: AdminOpportunity; onEdit: () => void }) {
  const remover = useFetcher<AdminActionResult>({ key: DELETE_FETCHER });
  const t = useT();
  // The English the admin typed, marked as English on an Arabic or Sorani page.
  const locale = useLocale();
  const deleting = remover.state !== "idle" && remover.formData?.get("opportunityId") === o.id;
  return (
    <article aria-label={o.title} className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm" aria-busy={deleting}>
      <div className="relative aspect-[3/2] bg-muted">
        <OpportunityImage title={o.title} location={o.location} imageUrl={o.imageUrl} />
        <Badge variant={STATUS_BADGES[o.status]} className="absolute top-3 start-3 bg-background/95 data-[status=active]:bg-success" data-status={o.status}>
          {t(STATUS_LABELS[o.status])}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h3 className="font-serif text-lg font-semibold" {...typedTextProps(o.title, locale)}>
            {o.title}
          </h3>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-4" aria-hidden="true" />
            <span {...typedTextProps(o.location, locale)}>{o.location}</span>
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div>
            <dt className="text-muted-foreground">{t("admin.opportunities.minimum")}</dt>
            <dd className="font-medium">{formatUsd(o.minimumInvestment)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("admin.opportunities.returns")}</dt>
            <dd className="font-medium" {...typedTextProps(o.projectedReturns, locale)}>
              {o.projectedReturns}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-muted-foreground">{t("admin.opportunities.developer")}</dt>
            <dd className="font-medium" translate="no" {...typedTextProps(o.developer, locale)}>
              {o.developer}
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={t("admin.opportunities.editNamed", { title: o.title })}>
            <Pencil aria-hidden="true" /> {t("admin.opportunities.edit")}
          </Button>
          {/* The gallery has its own page (issue 33): several files at once, and forms that work without scripts. */}
          <Link to={opportunityPhotosPath(o.id)} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={t("admin.opportunities.photosNamed", { title: o.title })}>
            <Images aria-hidden="true" /> {t("admin.opportunities.photos")}
          </Link>
          <Link to={adminNdaPath(o.id)} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={t("admin.opportunities.ndaNamed", { title: o.title })}>
            <FileLock aria-hidden="true" /> {t("admin.opportunities.nda")}
          </Link>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" disabled={deleting} aria-label={t("admin.opportunities.deleteNamed", { title: o.title })}>
                {deleting ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
                {deleting ? t("admin.opportunities.deleting") : t("admin.opportunities.delete")}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogTitle>{t("admin.opportunities.deleteTitle", { title: o.title })}</AlertDialogTitle>
              <AlertDialogDescription>{t(DELETE_OPPORTUNITY_QUESTION)}</AlertDialogDescription>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <AlertDialogCancel className={buttonVariants({ variant: "outline" })}>{t("admin.opportunities.cancel")}</AlertDialogCancel>
                <AlertDialogAction
                  className={buttonVariants({ variant: "destructive" })}
                  onClick={() => void remover.submit({ intent: "opportunity-delete", opportunityId: o.id }, { method: "post" })}
                >
                  {t("admin.opportunities.delete")}
                </AlertDialogAction>
              </div>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </div>
    </article>
  );
}

/**
 * The section 5 form as the dialog checks it: the shared schema, plus the chosen image's
 * size, which the browser can check before sending up to 5 MB. The server checks the
 * image's size and content again and answers `fieldErrors.image`.
 */
const opportunityDialogSchema = opportunityFormSchema.extend({
  image: z
    .custom<File>()
    .optional()
    .refine((file) => !(file instanceof File && imageSizeProblem(file.size)), IMAGE_UPLOAD_MESSAGES.tooLarge),
});

/** The form's starting values: the saved opportunity's, or a draft. */
/** The form's Arabic and Sorani fields, filled with what the firm has written. */
function translatedValuesOf(o: AdminOpportunity): Record<string, string> {
  return Object.fromEntries(
    TRANSLATED_LOCALES.flatMap((locale) => {
      const text = o.translations[locale];
      if (!text) return [];
      return [
        [translatedFieldName("title", locale), text.title],
        [translatedFieldName("description", locale), text.description],
        [translatedFieldName("location", locale), text.location],
        [translatedFieldName("projectedReturns", locale), text.projectedReturns],
        [translatedFieldName("investmentPeriod", locale), text.investmentPeriod],
        [translatedFieldName("projectHighlights", locale), highlightsText(text.projectHighlights)],
        [translatedFieldName("district", locale), text.district],
        [translatedFieldName("city", locale), text.city],
        [translatedFieldName("fees", locale), text.fees],
        [translatedFieldName("exitRoute", locale), text.exitRoute],
        [translatedFieldName("holdingPeriod", locale), text.holdingPeriod],
        [translatedFieldName("keyRisks", locale), text.keyRisks.join("\n")],
      ];
    }),
  );
}

function formValuesOf(o: AdminOpportunity | null, timeZone: string) {
  if (!o) return { status: "draft" as const };
  return {
    ...translatedValuesOf(o),
    title: o.title,
    description: o.description,
    location: o.location,
    developer: o.developer,
    minimumInvestment: String(o.minimumInvestment),
    totalValue: String(o.totalValue),
    projectedReturns: o.projectedReturns,
    investmentPeriod: o.investmentPeriod,
    completionDate: o.completionDate ?? "",
    unitsAvailable: o.unitsAvailable === null ? "" : String(o.unitsAvailable),
    status: o.status,
    projectHighlights: highlightsText(o.projectHighlights),
    imageUrl: o.imageUrl ?? "",
    publicDate: o.publicAt ? todayInZone(timeZone, new Date(o.publicAt)) : "",
    // The investment memo (issue 33).
    slug: o.slug,
    district: o.district ?? "",
    city: o.city ?? "",
    latitude: o.latitude === null ? "" : String(o.latitude),
    longitude: o.longitude === null ? "" : String(o.longitude),
    developerYearsActive: o.developerYearsActive === null ? "" : String(o.developerYearsActive),
    fees: o.fees ?? "",
    exitRoute: o.exitRoute ?? "",
    holdingPeriod: o.holdingPeriod ?? "",
    keyRisks: o.keyRisks.join("\n"),
    constructionStage: o.constructionStage ?? "",
    percentComplete: o.percentComplete === null ? "" : String(o.percentComplete),
    lastSiteVisit: o.lastSiteVisit ?? "",
    paymentPlan: o.paymentPlan.map((row) => ({ ...row, share: formatShare(row.share) })),
    developerProjects: o.developerProjects.map((row) => ({ ...row, year: String(row.year) })),
  };
}

/** The dialog's form and fields (the memo's fields take them too). */
export type OpportunityDialogForm = ReturnType<typeof useAdminForm<typeof opportunityDialogSchema>>;
type DialogFields = OpportunityDialogForm["fields"];

/**
 * An opportunity's text in Arabic or Sorani (issue 17), folded away until wanted: each
 * field left blank shows the English on that language's pages. Typed right to left.
 */
function TranslationFields({ locale, fields, written }: { locale: TranslatedLocale; fields: DialogFields; written: boolean }) {
  const t = useT();
  const f = {
    title: fields[translatedFieldName("title", locale)],
    description: fields[translatedFieldName("description", locale)],
    location: fields[translatedFieldName("location", locale)],
    projectedReturns: fields[translatedFieldName("projectedReturns", locale)],
    investmentPeriod: fields[translatedFieldName("investmentPeriod", locale)],
    projectHighlights: fields[translatedFieldName("projectHighlights", locale)],
  };
  const memo = {
    district: fields[translatedFieldName("district", locale)],
    city: fields[translatedFieldName("city", locale)],
    fees: fields[translatedFieldName("fees", locale)],
    exitRoute: fields[translatedFieldName("exitRoute", locale)],
    holdingPeriod: fields[translatedFieldName("holdingPeriod", locale)],
    keyRisks: fields[translatedFieldName("keyRisks", locale)],
  };
  const typed = { lang: locale, dir: "rtl" } as const;
  // Each label names its language: the form has a Title in English, Arabic and Sorani.
  const language = { language: LOCALE_NAMES[locale] };
  const hasErrors = [...Object.values(f), ...Object.values(memo)].some((field) => field.errors?.length);
  return (
    <details className="rounded-md border px-4 py-3 [&[open]>summary]:mb-3" open={written || hasErrors}>
      <summary className="cursor-pointer font-medium">
        {t("admin.opportunityForm.translation", { language: LOCALE_NAMES[locale] })}
        <span className="ms-2 text-sm font-normal text-muted-foreground">{t(written ? "admin.opportunityForm.translationWritten" : "admin.opportunityForm.translationEmpty")}</span>
      </summary>
      <p className="mb-3 text-sm text-muted-foreground">{t("admin.opportunityForm.translationHint")}</p>
      <div className="grid gap-4">
        <FormField field={f.title} label={t("admin.opportunityForm.tr.title", language)}>
          <Input {...getInputProps(f.title, TEXT)} {...typed} maxLength={200} autoComplete="off" />
        </FormField>
        <FormField field={f.description} label={t("admin.opportunityForm.tr.description", language)}>
          <Textarea {...getTextareaProps(f.description)} {...typed} rows={4} maxLength={5000} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField field={f.location} label={t("admin.opportunityForm.tr.location", language)}>
            <Input {...getInputProps(f.location, TEXT)} {...typed} maxLength={200} />
          </FormField>
          <FormField field={f.projectedReturns} label={t("admin.opportunityForm.tr.returns", language)}>
            <Input {...getInputProps(f.projectedReturns, TEXT)} {...typed} maxLength={200} />
          </FormField>
          <FormField field={f.investmentPeriod} label={t("admin.opportunityForm.tr.period", language)}>
            <Input {...getInputProps(f.investmentPeriod, TEXT)} {...typed} maxLength={200} />
          </FormField>
        </div>
        <FormField field={f.projectHighlights} label={t("admin.opportunityForm.tr.highlights", language)}>
          <Textarea {...getTextareaProps(f.projectHighlights)} {...typed} rows={2} />
        </FormField>
        <MemoTranslationFields locale={locale} fields={memo} />
      </div>
    </details>
  );
}

/** The Create / Edit dialog: the section 5 form, checked here first and again on the server. */
function OpportunityFormDialog({ editing, timeZone }: { editing: NonNullable<Editing>; timeZone: string }) {
  const o = editing.mode === "edit" ? editing.opportunity : null;
  const { form, fields, fetcher, busy: saving } = useAdminForm({
    id: "opportunity",
    fetcherKey: SAVE_FETCHER,
    schema: opportunityDialogSchema,
    defaultValue: formValuesOf(o, timeZone),
  });
  const t = useT();

  return (
    <DialogContent className="sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>{t(o ? OPPORTUNITY_DIALOG_TITLES.edit : OPPORTUNITY_DIALOG_TITLES.create)}</DialogTitle>
        <DialogDescription>{t("admin.opportunityForm.intro")}</DialogDescription>
      </DialogHeader>
      <fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="opportunity-save" />
        {o ? <input type="hidden" name="id" value={o.id} /> : null}
        <FormField field={fields.title} label={t("admin.opportunityForm.title")}>
          <Input {...getInputProps(fields.title, TEXT)} maxLength={200} autoComplete="off" />
        </FormField>
        <FormField
          field={fields.slug}
          label={t("memo.form.slug")}
          hint={t("memo.form.slugHint", { example: o?.slug ?? "erbil-citadel-residences" })}
        >
          <Input
            {...getInputProps(fields.slug, TEXT)}
            dir="ltr"
            maxLength={80}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${fields.slug.id}-hint${fields.slug.errors ? ` ${fields.slug.id}-error` : ""}`}
          />
        </FormField>
        <FormField field={fields.description} label={t("admin.opportunityForm.description")}>
          <Textarea {...getTextareaProps(fields.description)} rows={4} maxLength={5000} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField field={fields.location} label={t("admin.opportunityForm.location")}>
            <Input {...getInputProps(fields.location, TEXT)} maxLength={200} />
          </FormField>
          <FormField field={fields.developer} label={t("admin.opportunityForm.developer")}>
            <Input {...getInputProps(fields.developer, TEXT)} maxLength={200} />
          </FormField>
          <FormField field={fields.minimumInvestment} label={t("admin.opportunityForm.minimum")}>
            <Input {...getInputProps(fields.minimumInvestment, TEXT)} inputMode="decimal" placeholder={t("admin.opportunityForm.minimumPlaceholder")} />
          </FormField>
          <FormField field={fields.totalValue} label={t("admin.opportunityForm.totalValue")}>
            <Input {...getInputProps(fields.totalValue, TEXT)} inputMode="decimal" placeholder={t("admin.opportunityForm.totalValuePlaceholder")} />
          </FormField>
          <FormField field={fields.projectedReturns} label={t("admin.opportunityForm.returns")}>
            <Input {...getInputProps(fields.projectedReturns, TEXT)} maxLength={200} placeholder={t("admin.opportunityForm.returnsPlaceholder")} />
          </FormField>
          <FormField field={fields.investmentPeriod} label={t("admin.opportunityForm.period")}>
            <Input {...getInputProps(fields.investmentPeriod, TEXT)} maxLength={200} placeholder={t("admin.opportunityForm.periodPlaceholder")} />
          </FormField>
          <FormField field={fields.completionDate} label={t("admin.opportunityForm.completion")}>
            <Input {...getInputProps(fields.completionDate, DATE)} />
          </FormField>
          <FormField field={fields.unitsAvailable} label={t("admin.opportunityForm.units")}>
            <Input {...getInputProps(fields.unitsAvailable, TEXT)} inputMode="numeric" />
          </FormField>
          <FormField
            field={fields.publicDate}
            label={t("admin.opportunityForm.publicFrom")}
            hint={t("admin.opportunityForm.publicFromHint", { days: EARLY_ACCESS_DAYS })}
          >
            <Input {...getInputProps(fields.publicDate, DATE)} aria-describedby={`${fields.publicDate.id}-hint${fields.publicDate.errors ? ` ${fields.publicDate.id}-error` : ""}`} />
          </FormField>
          <FormField field={fields.status} label={t("admin.opportunityForm.status")}>
            <select {...getSelectProps(fields.status)} className={`${adminSelectClass} w-full px-3`}>
              {OPPORTUNITY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(STATUS_LABELS[s])}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField field={fields.projectHighlights} label={t("admin.opportunityForm.highlights")}>
          <Textarea {...getTextareaProps(fields.projectHighlights)} rows={2} placeholder={t("admin.opportunityForm.highlightsPlaceholder")} />
        </FormField>
        <OpportunityMemoFields form={form} fields={fields} open={false} />
        {TRANSLATED_LOCALES.map((locale) => (
          <TranslationFields key={locale} locale={locale} fields={fields} written={Boolean(o?.translations[locale])} />
        ))}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField field={fields.imageUrl} label={t("admin.opportunityForm.imageUrlLabel")}>
            <Input {...getInputProps(fields.imageUrl, URL_INPUT)} placeholder={t("admin.opportunityForm.imageUrlPlaceholder")} />
          </FormField>
          <FormField field={fields.image} label={t("admin.opportunityForm.upload")}>
            <Input {...getInputProps(fields.image, FILE)} accept={IMAGE_ACCEPT} className="file:me-3 file:font-medium" />
          </FormField>
        </div>
        <DialogFooter>
          <Button type="submit" disabled={saving}>
            {saving ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
            {saving ? t("admin.opportunityForm.saving") : o ? t("admin.opportunityForm.save") : t("admin.opportunityForm.create")}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </DialogContent>
  );
}
