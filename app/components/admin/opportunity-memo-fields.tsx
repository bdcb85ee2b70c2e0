import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { MEMO_LIMITS, CONSTRUCTION_STAGES, CONSTRUCTION_STAGE_KEYS, DEVELOPER_PROJECT_STATUSES, DEVELOPER_PROJECT_STATUS_KEYS } from "~/domain/opportunity-memo";
import { TRANSLATED_LOCALES } from "~/domain/admin-opportunities";
import { useT, useTranslateMessage } from "~/i18n/i18n";
import { LOCALE_NAMES } from "~/i18n/locales";
import { adminSelectClass } from "./list-controls";
import type { OpportunityDialogForm } from "./opportunities-tab";

const TEXT = { type: "text" } as const;
const DATE = { type: "date" } as const;

/** A group of the memo's fields, with its heading and, under it, its list's own message (the plan's total). */
function MemoGroup({ title, hint, errors, children }: { title: string; hint?: string; errors?: string[]; children: ReactNode }) {
  const say = useTranslateMessage();
  return (
    <fieldset className="grid gap-4 rounded-md border p-4">
      <legend className="px-1 font-medium">{title}</legend>
      {hint ? <p className="-mt-2 text-sm text-muted-foreground">{hint}</p> : null}
      {children}
      {errors?.length ? (
        <p className="text-sm text-destructive" role="alert">
          {say(errors[0] ?? "")}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Arabic and Sorani are typed right to left. */
const rtl = (locale: "ar" | "ckb") => ({ lang: locale, dir: "rtl" }) as const;

/**
 * Issue 33: the opportunity's investment memo in the admin's dialog, folded away until
 * wanted. Each section appears on the page only when something in it is filled. Words are
 * typed in English here; in Arabic and Sorani in each language's translation block, except
 * the payment plan's, whose rows carry their three languages together.
 */
export function OpportunityMemoFields({ form, fields, open }: { form: OpportunityDialogForm["form"]; fields: OpportunityDialogForm["fields"]; open: boolean }) {
  const t = useT();
  const plan = fields.paymentPlan.getFieldList();
  const projects = fields.developerProjects.getFieldList();
  const hasErrors = [
    fields.district,
    fields.city,
    fields.latitude,
    fields.longitude,
    fields.developerYearsActive,
    fields.fees,
    fields.exitRoute,
    fields.holdingPeriod,
    fields.keyRisks,
    fields.constructionStage,
    fields.percentComplete,
    fields.lastSiteVisit,
    fields.paymentPlan,
    fields.developerProjects,
  ].some((field) => !field.valid);
  return (
    <details className="rounded-md border px-4 py-3 [&[open]>summary]:mb-3" open={open || hasErrors} data-testid="memo-fields">
      <summary className="cursor-pointer font-medium">{t("memo.form.memo")}</summary>
      <p className="mb-4 text-sm text-muted-foreground">{t("memo.form.memoHint")}</p>
      <div className="grid gap-4">
        <MemoGroup title={t("memo.form.location")} hint={t("memo.form.coordinatesHint")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField field={fields.district} label={t("memo.form.district")}>
              <Input {...getInputProps(fields.district, TEXT)} maxLength={MEMO_LIMITS.name} />
            </FormField>
            <FormField field={fields.city} label={t("memo.form.city")}>
              <Input {...getInputProps(fields.city, TEXT)} maxLength={MEMO_LIMITS.name} />
            </FormField>
            <FormField field={fields.latitude} label={t("memo.form.latitude")}>
              <Input {...getInputProps(fields.latitude, TEXT)} inputMode="decimal" dir="ltr" />
            </FormField>
            <FormField field={fields.longitude} label={t("memo.form.longitude")}>
              <Input {...getInputProps(fields.longitude, TEXT)} inputMode="decimal" dir="ltr" />
            </FormField>
          </div>
        </MemoGroup>

        <MemoGroup title={t("memo.form.developer")} errors={fields.developerProjects.errors}>
          <FormField field={fields.developerYearsActive} label={t("memo.form.yearsActive")}>
            <Input {...getInputProps(fields.developerYearsActive, TEXT)} inputMode="numeric" className="sm:max-w-40" />
          </FormField>
          <p className="text-sm font-medium">{t("memo.form.projects")}</p>
          {projects.map((row, index) => {
            const f = row.getFieldset();
            const n = index + 1;
            return (
              <div key={row.key} role="group" aria-label={t("memo.form.projectRow", { n })} className="grid items-end gap-3 sm:grid-cols-[1fr_6rem_11rem_auto]">
                <FormField field={f.name} label={t("memo.form.projectName")}>
                  <Input {...getInputProps(f.name, TEXT)} maxLength={MEMO_LIMITS.name} />
                </FormField>
                <FormField field={f.year} label={t("memo.form.projectYear")}>
                  <Input {...getInputProps(f.year, TEXT)} inputMode="numeric" />
                </FormField>
                <FormField field={f.status} label={t("memo.form.projectStatus")}>
                  <select {...getSelectProps(f.status)} className={`${adminSelectClass} w-full px-3`}>
                    <option value="">{t("memo.form.projectStatusNone")}</option>
                    {DEVELOPER_PROJECT_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {t(DEVELOPER_PROJECT_STATUS_KEYS[status])}
                      </option>
                    ))}
                  </select>
                </FormField>
                <RemoveButton label={t("memo.form.removeProject", { n })} {...form.remove.getButtonProps({ name: fields.developerProjects.name, index })} />
              </div>
            );
          })}
          {projects.length < MEMO_LIMITS.projectRows ? (
            <AddButton {...form.insert.getButtonProps({ name: fields.developerProjects.name })}>{t("memo.form.addProject")}</AddButton>
          ) : null}
        </MemoGroup>

        <MemoGroup title={t("memo.form.plan")} hint={t("memo.form.planHint")} errors={fields.paymentPlan.errors}>
          {plan.map((row, index) => {
            const f = row.getFieldset();
            const n = index + 1;
            return (
              <div key={row.key} role="group" aria-label={t("memo.form.planRow", { n })} className="grid gap-3 rounded-md bg-muted/40 p-3">
                <div className="grid items-end gap-3 sm:grid-cols-[1fr_7rem_1fr_auto]">
                  <FormField field={f.label} label={t("memo.form.planLabel")}>
                    <Input {...getInputProps(f.label, TEXT)} maxLength={MEMO_LIMITS.name} />
                  </FormField>
                  <FormField field={f.share} label={t("memo.form.planShare")}>
                    <Input {...getInputProps(f.share, TEXT)} inputMode="decimal" dir="ltr" />
                  </FormField>
                  <FormField field={f.milestone} label={t("memo.form.planMilestone")}>
                    <Input {...getInputProps(f.milestone, TEXT)} maxLength={MEMO_LIMITS.name} />
                  </FormField>
                  <RemoveButton label={t("memo.form.removeInstalment", { n })} {...form.remove.getButtonProps({ name: fields.paymentPlan.name, index })} />
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  {TRANSLATED_LOCALES.map((locale) => {
                    const language = { language: LOCALE_NAMES[locale] };
                    const label = locale === "ar" ? f.labelAr : f.labelCkb;
                    const milestone = locale === "ar" ? f.milestoneAr : f.milestoneCkb;
                    return (
                      <div key={locale} className="grid gap-3">
                        <FormField field={label} label={t("memo.form.planLabelIn", language)}>
                          <Input {...getInputProps(label, TEXT)} {...rtl(locale)} maxLength={MEMO_LIMITS.name} />
                        </FormField>
                        <FormField field={milestone} label={t("memo.form.planMilestoneIn", language)}>
                          <Input {...getInputProps(milestone, TEXT)} {...rtl(locale)} maxLength={MEMO_LIMITS.name} />
                        </FormField>
                      </div>
                    );
                  })}
                </div>
              </div>
            );
          })}
          {plan.length < MEMO_LIMITS.planRows ? (
            <AddButton {...form.insert.getButtonProps({ name: fields.paymentPlan.name })}>{t("memo.form.addInstalment")}</AddButton>
          ) : null}
        </MemoGroup>

        <MemoGroup title={t("memo.form.terms")}>
          <FormField field={fields.fees} label={t("memo.form.fees")}>
            <Textarea {...getTextareaProps(fields.fees)} rows={2} maxLength={MEMO_LIMITS.text} />
          </FormField>
          <FormField field={fields.exitRoute} label={t("memo.form.exitRoute")}>
            <Textarea {...getTextareaProps(fields.exitRoute)} rows={2} maxLength={MEMO_LIMITS.text} />
          </FormField>
          <FormField field={fields.holdingPeriod} label={t("memo.form.holdingPeriod")}>
            <Input {...getInputProps(fields.holdingPeriod, TEXT)} maxLength={MEMO_LIMITS.name} />
          </FormField>
          <FormField field={fields.keyRisks} label={t("memo.form.keyRisks")}>
            <Textarea {...getTextareaProps(fields.keyRisks)} rows={4} maxLength={MEMO_LIMITS.risks} />
          </FormField>
        </MemoGroup>

        <MemoGroup title={t("memo.form.construction")}>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField field={fields.constructionStage} label={t("memo.form.stage")}>
              <select {...getSelectProps(fields.constructionStage)} className={`${adminSelectClass} w-full px-3`}>
                <option value="">{t("memo.form.stageNone")}</option>
                {CONSTRUCTION_STAGES.map((stage) => (
                  <option key={stage} value={stage}>
                    {t(CONSTRUCTION_STAGE_KEYS[stage])}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField field={fields.percentComplete} label={t("memo.form.percent")}>
              <Input {...getInputProps(fields.percentComplete, TEXT)} inputMode="numeric" />
            </FormField>
            <FormField field={fields.lastSiteVisit} label={t("memo.form.lastVisit")}>
              <Input {...getInputProps(fields.lastSiteVisit, DATE)} />
            </FormField>
          </div>
        </MemoGroup>
      </div>
    </details>
  );
}

type ButtonProps = { name: string; value: string; form: string; formNoValidate: boolean; type?: "submit" };

function AddButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  return (
    <Button variant="outline" size="sm" className="justify-self-start" {...props}>
      <Plus aria-hidden="true" /> {children}
    </Button>
  );
}

function RemoveButton({ label, ...props }: ButtonProps & { label: string }) {
  return (
    <Button variant="ghost" size="icon" className="text-destructive hover:text-destructive" aria-label={label} title={label} {...props}>
      <Trash2 aria-hidden="true" />
    </Button>
  );
}

/** The memo's words in Arabic or Sorani, inside that language's translation block. */
export function MemoTranslationFields({ locale, fields }: { locale: "ar" | "ckb"; fields: Record<"district" | "city" | "fees" | "exitRoute" | "holdingPeriod" | "keyRisks", FieldMetadata<string | undefined>> }) {
  const t = useT();
  const language = { language: LOCALE_NAMES[locale] };
  const typed = rtl(locale);
  return (
    <div className="grid gap-4 border-t pt-4">
      <p className="text-sm font-medium">{t("memo.form.memo")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.district} label={t("memo.form.tr.district", language)}>
          <Input {...getInputProps(fields.district, TEXT)} {...typed} maxLength={200} />
        </FormField>
        <FormField field={fields.city} label={t("memo.form.tr.city", language)}>
          <Input {...getInputProps(fields.city, TEXT)} {...typed} maxLength={200} />
        </FormField>
      </div>
      <FormField field={fields.fees} label={t("memo.form.tr.fees", language)}>
        <Textarea {...getTextareaProps(fields.fees)} {...typed} rows={2} maxLength={2000} />
      </FormField>
      <FormField field={fields.exitRoute} label={t("memo.form.tr.exitRoute", language)}>
        <Textarea {...getTextareaProps(fields.exitRoute)} {...typed} rows={2} maxLength={2000} />
      </FormField>
      <FormField field={fields.holdingPeriod} label={t("memo.form.tr.holdingPeriod", language)}>
        <Input {...getInputProps(fields.holdingPeriod, TEXT)} {...typed} maxLength={200} />
      </FormField>
      <FormField field={fields.keyRisks} label={t("memo.form.tr.keyRisks", language)}>
        <Textarea {...getTextareaProps(fields.keyRisks)} {...typed} rows={3} maxLength={4000} />
      </FormField>
    </div>
  );
}
