import { Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import { AnswerNotice, FormKey, useFormAnswer } from "~/components/forms/form-answer";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import type { AdminActionResult } from "~/domain/action-result";
import {
  byJurisdiction,
  JURISDICTION_KEYS,
  QUALIFICATION_JURISDICTIONS,
  STATEMENT_BODY_MAX,
  STATEMENT_LOCALES,
  STATEMENT_TITLE_MAX,
  STATEMENT_TOASTS,
  type AdminQualificationStatement,
} from "~/domain/qualification";
import type { FlashToast } from "~/domain/toast";
import { type MessageKey, useT, useTranslateMessage } from "~/i18n/i18n";
import { useActionResult } from "./use-action-result";
import { NATIVE_SELECT } from "~/components/ui/native-select";

/** One fetcher key per kind of write: its answer outlives the row that sent it. */
const KEYS = { save: "statement-save", retire: "statement-retire" } as const;

const LANGUAGE_KEYS = {
  en: "verification.admin.english",
  ar: "verification.admin.arabic",
  ckb: "verification.admin.sorani",
} as const satisfies Record<(typeof STATEMENT_LOCALES)[number], MessageKey>;

/** Each language's fields are written in that language, whatever the page's. */
const TEXT_PROPS = { en: { lang: "en", dir: "ltr" }, ar: { lang: "ar", dir: "rtl" }, ckb: { lang: "ckb", dir: "rtl" } } as const;

const FIELD_SUFFIX = { en: "En", ar: "Ar", ckb: "Ckb" } as const;

/** The toasts of both writes; posted as a document, what the toast would say for the page to show (decision 034). */
function useStatementAnswers(onSaved: () => void): FlashToast | null {
  const t = useT();
  const say = useTranslateMessage();
  const notice = (kind: keyof typeof KEYS, result: AdminActionResult, sent: FormData | undefined): FlashToast => {
    if (!result.ok) {
      const title = t(kind === "save" ? STATEMENT_TOASTS.saveFailed : STATEMENT_TOASTS.retireFailed);
      return { type: "error", title, description: result.fieldErrors ? t("admin.form.correctFields") : say(result.message) };
    }
    if (kind === "retire") return { type: "success", title: t(STATEMENT_TOASTS.retired) };
    return { type: "success", title: t(sent?.get("id") ? STATEMENT_TOASTS.revised : STATEMENT_TOASTS.saved) };
  };
  const show = (kind: keyof typeof KEYS) => (result: AdminActionResult, sent: FormData | undefined) => {
    const { type, title, description } = notice(kind, result, sent);
    if (type === "success") toast.success(title);
    else toast.error(title, { description });
    if (kind === "save" && result.ok) onSaved();
  };
  const answers = [
    ["save", useActionResult(KEYS.save, show("save"))],
    ["retire", useActionResult(KEYS.retire, show("retire"))],
  ] as const;
  for (const [kind, { posted }] of answers) if (posted) return notice(kind, posted, undefined);
  return null;
}

/**
 * /admin/qualification (issue 35): the live statements by jurisdiction, each with its
 * version, how many investors stand on it, and its words in the three languages; below,
 * the form that adds one or, with ?edit=<id>, writes its next version. Plain forms, so the
 * area works without scripts too.
 */
export function AdminQualification({ statements, error }: { statements: AdminQualificationStatement[]; error: MessageKey | null }) {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editing = statements.find((s) => s.id === params.get("edit")) ?? null;
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-qualification-error" });
  }, [error, t]);
  const answer = useStatementAnswers(() => {
    if (editing) void navigate("/admin/qualification", { preventScrollReset: true });
    else setRound((n) => n + 1);
  });

  return (
    <div className="space-y-10">
      <section aria-labelledby="statements-heading" className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="statements-heading" tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
            {t("verification.admin.list")} <span className="text-base font-normal text-muted-foreground">({statements.length})</span>
          </h2>
          {editing ? (
            <Link to="/admin/qualification#statement-form" className={buttonVariants({ variant: "outline" })}>
              <Plus aria-hidden="true" /> {t("verification.admin.add")}
            </Link>
          ) : null}
        </div>
        {answer && answer.type === "success" ? <AnswerNotice toast={answer} /> : null}
        {statements.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-10 text-center text-lg">{error ? t(error) : t("verification.admin.none")}</p>
        ) : (
          byJurisdiction(statements).map((group) => (
            <section key={group.jurisdiction} aria-labelledby={`jurisdiction-${group.jurisdiction}`} className="space-y-3">
              <h3 id={`jurisdiction-${group.jurisdiction}`} className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                {t(JURISDICTION_KEYS[group.jurisdiction])}
              </h3>
              <ol className="space-y-3">
                {group.statements.map((statement) => (
                  <li key={statement.id}>
                    <StatementRow statement={statement} editing={editing?.id === statement.id} />
                  </li>
                ))}
              </ol>
            </section>
          ))
        )}
      </section>
      <StatementForm key={editing ? `edit-${editing.id}` : `new-${round}`} statement={editing} answer={answer && answer.type === "error" ? answer : null} />
    </div>
  );
}

function StatementRow({ statement, editing }: { statement: AdminQualificationStatement; editing: boolean }) {
  const t = useT();
  const headingId = `statement-${statement.id}`;
  const retire = useFetcher<AdminActionResult>({ key: KEYS.retire });
  return (
    <article aria-labelledby={headingId} className={`space-y-3 rounded-xl border bg-card p-4 shadow-sm sm:p-5 ${editing ? "ring-2 ring-accent" : ""}`} data-testid="admin-statement">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h4 id={headingId} className="font-serif text-lg font-semibold" lang="en" dir="ltr">
              {statement.texts.en.title}
            </h4>
            <Badge variant={statement.qualifies ? "success" : "secondary"}>{statement.qualifies ? t("verification.admin.qualifiesBadge") : t("verification.admin.publicOnlyBadge")}</Badge>
          </div>
          <p className="text-xs text-muted-foreground">
            {t("verification.admin.version", { version: statement.version })}
            <span aria-hidden="true"> · </span>
            {t("verification.admin.confirmations", { count: statement.confirmations })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 lg:shrink-0">
          <Link to={`/admin/qualification?edit=${statement.id}#statement-form`} className={buttonVariants({ size: "sm", variant: "outline" })} aria-describedby={headingId}>
            <Pencil aria-hidden="true" /> {t("verification.admin.edit")}
          </Link>
          <details className="group relative">
            <summary className={`${buttonVariants({ size: "sm", variant: "outline" })} cursor-pointer list-none text-destructive [&::-webkit-details-marker]:hidden`} aria-describedby={headingId}>
              <Trash2 aria-hidden="true" /> {t("verification.admin.retire")}
            </summary>
            <div className="z-10 mt-2 w-72 max-w-[calc(100vw-3rem)] space-y-3 rounded-lg border bg-popover p-4 text-sm shadow-lg lg:absolute lg:end-0">
              <p>{t("verification.admin.retireQuestion")}</p>
              <retire.Form method="post">
                <FormKey name={KEYS.retire} />
                <input type="hidden" name="intent" value="statement-retire" />
                <input type="hidden" name="id" value={statement.id} />
                <Button type="submit" size="sm" variant="destructive" disabled={retire.state !== "idle"}>
                  {t("verification.admin.retireConfirm")}
                </Button>
              </retire.Form>
            </div>
          </details>
        </div>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary">{t("verification.admin.wording")}</summary>
        <div className="mt-3 grid gap-4 lg:grid-cols-3">
          {STATEMENT_LOCALES.map((locale) => (
            <div key={locale} className="space-y-1 rounded-lg bg-muted/50 p-3" {...TEXT_PROPS[locale]}>
              <p className="text-xs font-semibold text-muted-foreground">{t(LANGUAGE_KEYS[locale])}</p>
              <p className="font-medium">{statement.texts[locale].title}</p>
              <p className="whitespace-pre-line text-muted-foreground">{statement.texts[locale].body}</p>
            </div>
          ))}
        </div>
      </details>
    </article>
  );
}

/** The add or revise form: a plain form on the page, so it works as a document POST too. */
function StatementForm({ statement, answer }: { statement: AdminQualificationStatement | null; answer: FlashToast | null }) {
  const t = useT();
  const { fetcher, answer: result, busy } = useFormAnswer<AdminActionResult>(KEYS.save);
  const refused = result && !result.ok ? result : null;
  const errors = (name: string) => refused?.fieldErrors?.[name];
  const typed = refused?.values;
  const value = (name: string, fallback: string) => typed?.[name] ?? fallback;
  const jurisdictionErrors = errors("jurisdiction");
  return (
    <section id="statement-form" aria-labelledby="statement-form-heading" className="scroll-mt-24 space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="statement-form-heading" className="font-serif text-2xl font-semibold">
          {statement ? t("verification.admin.editTitle", { version: statement.version + 1 }) : t("verification.admin.add")}
        </h2>
        {statement ? (
          <Link to="/admin/qualification" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            {t("verification.admin.cancelEdit")}
          </Link>
        ) : null}
      </div>
      {statement ? <p className="text-sm text-muted-foreground">{t("verification.admin.versionNote", { version: statement.version })}</p> : null}
      {answer ? <AnswerNotice toast={answer} /> : null}
      <fetcher.Form method="post" className="space-y-6" noValidate>
        <FormKey name={KEYS.save} />
        <input type="hidden" name="intent" value="statement-save" />
        {statement ? <input type="hidden" name="id" value={statement.id} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="statement-jurisdiction" label={t("verification.admin.jurisdiction")} errors={jurisdictionErrors}>
            <select
              id="statement-jurisdiction"
              name="jurisdiction"
              defaultValue={value("jurisdiction", statement?.jurisdiction ?? "uk")}
              aria-invalid={Boolean(jurisdictionErrors)}
              className={NATIVE_SELECT}
            >
              {QUALIFICATION_JURISDICTIONS.map((j) => (
                <option key={j} value={j}>
                  {t(JURISDICTION_KEYS[j])}
                </option>
              ))}
            </select>
          </Field>
          <label className="flex items-start gap-2 self-end pb-2 text-sm">
            <input type="checkbox" name="qualifies" defaultChecked={typed ? typed.qualifies === "on" : (statement?.qualifies ?? true)} className="mt-0.5 size-4 accent-primary" />
            <span>
              <span className="font-medium">{t("verification.admin.qualifies")}</span>
              <span className="block text-muted-foreground">{t("verification.admin.qualifiesHint")}</span>
            </span>
          </label>
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          {STATEMENT_LOCALES.map((locale) => {
            const suffix = FIELD_SUFFIX[locale];
            const titleId = `statement-title-${locale}`;
            const bodyId = `statement-body-${locale}`;
            return (
              <fieldset key={locale} className="space-y-4 rounded-lg border p-4">
                <legend className="px-1 text-sm font-semibold">{t(LANGUAGE_KEYS[locale])}</legend>
                <Field id={titleId} label={t("verification.admin.titleLabel")} errors={errors(`title${suffix}`)}>
                  <Input id={titleId} name={`title${suffix}`} defaultValue={value(`title${suffix}`, statement?.texts[locale].title ?? "")} maxLength={STATEMENT_TITLE_MAX} required aria-invalid={Boolean(errors(`title${suffix}`))} {...TEXT_PROPS[locale]} />
                </Field>
                <Field id={bodyId} label={t("verification.admin.bodyLabel")} errors={errors(`body${suffix}`)}>
                  <Textarea id={bodyId} name={`body${suffix}`} defaultValue={value(`body${suffix}`, statement?.texts[locale].body ?? "")} rows={9} maxLength={STATEMENT_BODY_MAX} required aria-invalid={Boolean(errors(`body${suffix}`))} {...TEXT_PROPS[locale]} />
                </Field>
              </fieldset>
            );
          })}
        </div>
        <Button type="submit" disabled={busy}>
          {statement ? t("verification.admin.saveVersion", { version: statement.version + 1 }) : t("verification.admin.save")}
        </Button>
      </fetcher.Form>
    </section>
  );
}
