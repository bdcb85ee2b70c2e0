import { useState } from "react";
import { Link } from "react-router";
import { AnswerNotice, FormKey, useFormAnswer } from "~/components/forms/form-answer";
import { AdviserPortrait } from "~/components/team/adviser-card";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { AdminActionResult } from "~/domain/action-result";
import { ADVISER_LANGUAGES, ADVISER_LIMITS, ADVISER_MARKETS, LANGUAGE_NAME_KEYS, MARKET_NAME_KEYS, type AdminAdviser } from "~/domain/advisers";
import { IMAGE_ACCEPT, imageSizeProblem } from "~/domain/image-upload";
import type { FlashToast } from "~/domain/toast";
import { useT, useTranslateMessage } from "~/i18n/i18n";

/**
 * The Team area's add or edit form (issue 33): a plain multipart form on the page (no
 * dialog), so it works as a document POST too (decision 034). Its answer is the save
 * fetcher's, or the page's action data when the browser posted it itself.
 */

/** One fetcher key per kind of write: its answer (and toast) outlives the row that sent it. */
export const TEAM_KEYS = {
  save: "team-save",
  delete: "team-delete",
  move: "team-move",
  publish: "team-publish",
  photo: "team-photo-remove",
} as const;

/** Each language's fields are written in that language, whatever the page's. */
const TEXT_PROPS = { en: { lang: "en", dir: "ltr" }, ar: { lang: "ar", dir: "rtl" }, ckb: { lang: "ckb", dir: "rtl" } } as const;

/** The add or edit form: a plain multipart form (no dialog), so it works as a document POST too. */
export function AdviserForm({ adviser, answer }: { adviser: AdminAdviser | null; answer: FlashToast | null }) {
  const t = useT();
  const { fetcher, answer: result, busy } = useFormAnswer<AdminActionResult>(TEAM_KEYS.save);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  // The server's answer to the last save (by scripts or as a document): its field messages and what was typed.
  const refused = result && !result.ok ? result : null;
  const errors = (name: string) => (name === "photo" && photoProblem ? [photoProblem] : refused?.fieldErrors?.[name]);
  const typed = refused?.values;
  const value = (name: string, fallback: string) => typed?.[name] ?? fallback;
  const text = adviser ?? { name: "", role: "", bio: "", translations: { ar: { role: "", bio: "" }, ckb: { role: "", bio: "" } } };

  return (
    <section id="adviser-form" aria-labelledby="adviser-form-heading" className="scroll-mt-24 space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="adviser-form-heading" className="font-serif text-2xl font-semibold">
          {adviser ? t("team.admin.editTitle", { name: adviser.name }) : t("team.admin.addTitle")}
        </h2>
        {adviser ? (
          <Link to="/admin/team" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            {t("team.admin.cancelEdit")}
          </Link>
        ) : null}
      </div>
      {answer ? <AnswerNotice toast={answer} /> : null}
      <fetcher.Form method="post" encType="multipart/form-data" className="space-y-6" noValidate>
        <FormKey name={TEAM_KEYS.save} />
        <input type="hidden" name="intent" value="adviser-save" />
        {adviser ? <input type="hidden" name="id" value={adviser.id} /> : null}
        <Field id="adviser-name" label={t("team.admin.form.name")} errors={errors("name")} hint={t("team.admin.form.nameHint")}>
          <Input id="adviser-name" name="name" dir="auto" defaultValue={value("name", text.name)} maxLength={ADVISER_LIMITS.name} required aria-describedby="adviser-name-hint" aria-invalid={Boolean(errors("name"))} />
        </Field>
        <div className="grid gap-4 lg:grid-cols-3">
          <TextGroup legend={t("team.admin.form.english")} suffix="" role={value("role", text.role)} bio={value("bio", text.bio)} errors={errors} required textProps={TEXT_PROPS.en} />
          <TextGroup legend={t("team.admin.form.arabic")} suffix="_ar" role={value("role_ar", text.translations.ar.role)} bio={value("bio_ar", text.translations.ar.bio)} errors={errors} textProps={TEXT_PROPS.ar} />
          <TextGroup legend={t("team.admin.form.sorani")} suffix="_ckb" role={value("role_ckb", text.translations.ckb.role)} bio={value("bio_ckb", text.translations.ckb.bio)} errors={errors} textProps={TEXT_PROPS.ckb} />
        </div>
        <div className="grid gap-6 md:grid-cols-2">
          <CheckboxGroup
            name="languages"
            legend={t("team.admin.form.languages")}
            options={ADVISER_LANGUAGES.map((code) => ({ value: code, label: t(LANGUAGE_NAME_KEYS[code]) }))}
            checked={typed?.languages ? typed.languages.split(",") : (adviser?.languages ?? [])}
            errors={errors("languages")}
          />
          <CheckboxGroup
            name="markets"
            legend={t("team.admin.form.markets")}
            options={ADVISER_MARKETS.map((market) => ({ value: market, label: t(MARKET_NAME_KEYS[market]) }))}
            checked={typed?.markets ? typed.markets.split(",") : (adviser?.markets ?? [])}
            errors={errors("markets")}
          />
        </div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {adviser ? <AdviserPortrait adviser={adviser} className="size-20 text-2xl" /> : null}
          <div className="flex-1 space-y-3">
            <Field id="adviser-photo" label={adviser?.photoUrl ? t("team.admin.form.replacePhoto") : t("team.admin.form.photo")} errors={errors("photo")} hint={t("team.admin.form.photoHint")}>
              <Input
                id="adviser-photo"
                name="photo"
                type="file"
                accept={IMAGE_ACCEPT}
                aria-describedby="adviser-photo-hint"
                aria-invalid={Boolean(errors("photo"))}
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  setPhotoProblem(file ? imageSizeProblem(file.size) : null);
                }}
              />
            </Field>
            {adviser?.photoUrl ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="removePhoto" className="size-4 accent-primary" />
                {t("team.admin.removePhoto")}
              </label>
            ) : adviser ? (
              <p className="text-sm text-muted-foreground">{t("team.admin.noPhoto")}</p>
            ) : null}
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="isPublished" defaultChecked={typed ? typed.isPublished === "on" : (adviser?.isPublished ?? true)} className="size-4 accent-primary" />
          {t("team.admin.form.published")}
        </label>
        <Button type="submit" disabled={busy || Boolean(photoProblem)}>
          {adviser ? t("team.admin.form.save") : t("team.admin.form.add")}
        </Button>
      </fetcher.Form>
    </section>
  );
}

/** One language's role and biography. */
function TextGroup({
  legend,
  suffix,
  role,
  bio,
  errors,
  required = false,
  textProps,
}: {
  legend: string;
  suffix: "" | "_ar" | "_ckb";
  role: string;
  bio: string;
  errors: (name: string) => string[] | undefined;
  required?: boolean;
  textProps: { lang: string; dir: "rtl" | "ltr" };
}) {
  const t = useT();
  const roleId = `adviser-role${suffix}`;
  const bioId = `adviser-bio${suffix}`;
  return (
    <fieldset className="space-y-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {required ? null : <p className="text-xs text-muted-foreground">{t("team.admin.form.translationHint")}</p>}
      <Field id={roleId} label={t("team.admin.form.role")} errors={errors(`role${suffix}`)}>
        <Input id={roleId} name={`role${suffix}`} defaultValue={role} maxLength={ADVISER_LIMITS.role} required={required} aria-invalid={Boolean(errors(`role${suffix}`))} {...textProps} />
      </Field>
      <Field id={bioId} label={t("team.admin.form.bio")} errors={errors(`bio${suffix}`)}>
        <Textarea id={bioId} name={`bio${suffix}`} defaultValue={bio} rows={6} maxLength={ADVISER_LIMITS.bio} required={required} aria-invalid={Boolean(errors(`bio${suffix}`))} {...textProps} />
      </Field>
    </fieldset>
  );
}

function CheckboxGroup({
  name,
  legend,
  options,
  checked,
  errors,
}: {
  name: string;
  legend: string;
  options: Array<{ value: string; label: string }>;
  checked: readonly string[];
  errors: string[] | undefined;
}) {
  const say = useTranslateMessage();
  const errorId = `adviser-${name}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={option.value} defaultChecked={checked.includes(option.value)} className="size-4 accent-primary" />
            {option.label}
          </label>
        ))}
      </div>
      {errors?.length ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {say(errors[0] ?? "")}
        </p>
      ) : null}
    </fieldset>
  );
}
