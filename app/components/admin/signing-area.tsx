import { Download, FilePlus2, Undo2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useFormatDay } from "~/components/dashboard/format-day";
import { STEP_UP_FIELD } from "~/domain/step-up";
import { StepUpField } from "./step-up-field";
import { AnswerNotice, FormKey, useFormAnswer } from "~/components/forms/form-answer";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Fact } from "~/components/ui/fact";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import type { AdminActionResult } from "~/domain/action-result";
import { CURRENCIES } from "~/domain/money";
import { SIGNING_KIND_KEYS, SIGNING_KINDS, SIGNING_MESSAGES, SIGNING_STATUS_KEYS, signedPdfPath, type SigningSummary } from "~/domain/signing";
import type { FlashToast } from "~/domain/toast";
import { type MessageKey, useT, useTranslateMessage } from "~/i18n/i18n";
import { useActionResult } from "./use-action-result";
import { NATIVE_SELECT } from "~/components/ui/native-select";

const KEYS = { prepare: "signing-prepare", withdraw: "signing-withdraw" } as const;

interface AdminAgreement extends SigningSummary {
  investorName: string;
  investorEmail: string;
  userId: string | null;
  unit: string;
  amount: string;
}

function useSigningAnswers(onPrepared: () => void): FlashToast | null {
  const t = useT();
  const say = useTranslateMessage();
  const notice = (kind: keyof typeof KEYS, result: AdminActionResult): FlashToast => {
    if (!result.ok) {
      return { type: "error", title: t(kind === "prepare" ? SIGNING_MESSAGES.prepareFailed : SIGNING_MESSAGES.notAwaiting), description: result.fieldErrors ? t("admin.form.correctFields") : say(result.message) };
    }
    return { type: "success", title: t(kind === "prepare" ? SIGNING_MESSAGES.prepared : SIGNING_MESSAGES.withdrawn) };
  };
  const show = (kind: keyof typeof KEYS) => (result: AdminActionResult) => {
    const { type, title, description } = notice(kind, result);
    if (type === "success") toast.success(title);
    else toast.error(title, { description });
    if (kind === "prepare" && result.ok) onPrepared();
  };
  const answers = [
    ["prepare", useActionResult(KEYS.prepare, show("prepare"))],
    ["withdraw", useActionResult(KEYS.withdraw, show("withdraw"))],
  ] as const;
  for (const [kind, { posted }] of answers) if (posted) return notice(kind, posted);
  return null;
}

/**
 * /admin/signing (issue 35, item 4): the form that prepares an agreement (the investor by
 * address, the opportunity, the kind, the unit, the amount and its currency, the payment
 * plan), and the latest agreements: waiting (with Withdraw) or signed (the sealed PDF).
 */
export function AdminSigning({ agreements, error, opportunities, email, timeZone }: { agreements: AdminAgreement[]; error: MessageKey | null; opportunities: Array<{ id: string; title: string }>; email: string; timeZone: string }) {
  const t = useT();
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-signing-error" });
  }, [error, t]);
  const answer = useSigningAnswers(() => setRound((n) => n + 1));
  return (
    <div className="space-y-10">
      {answer ? <AnswerNotice toast={answer} /> : null}
      <PrepareForm key={round} opportunities={opportunities} email={email} />
      <section aria-labelledby="agreements-heading" className="space-y-4">
        <h2 id="agreements-heading" className="font-serif text-2xl font-semibold">
          {t("verification.signing.admin.listTitle")} <span className="text-base font-normal text-muted-foreground">({agreements.length})</span>
        </h2>
        {agreements.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-10 text-center text-lg">{error ? t(error) : t("verification.signing.admin.none")}</p>
        ) : (
          <ol className="space-y-3">
            {agreements.map((a) => (
              <li key={a.id}>
                <AgreementCard agreement={a} timeZone={timeZone} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function AgreementCard({ agreement: a, timeZone }: { agreement: AdminAgreement; timeZone: string }) {
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  const withdraw = useFetcher<AdminActionResult>({ key: KEYS.withdraw });
  const headingId = `agreement-${a.id}`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="admin-agreement">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={headingId} className="font-serif text-lg font-semibold [overflow-wrap:anywhere]">
            {t(SIGNING_KIND_KEYS[a.kind])} <bdi dir="ltr">{a.reference}</bdi>: <bdi>{a.opportunityTitle}</bdi>
          </h3>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            <span dir="auto">{a.investorName}</span> · <span dir="ltr">{a.investorEmail}</span>
          </p>
        </div>
        <Badge variant={a.status === "signed" ? "success" : a.status === "awaiting" ? "secondary" : "outline"}>{t(SIGNING_STATUS_KEYS[a.status])}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact term={t("verification.signing.field.unit")} value={a.unit} />
        <Fact term={t("verification.signing.field.amount")} value={a.amount} ltr />
        <Fact term={t("verification.signing.admin.preparedOn")} value={formatDay(a.preparedAt)} />
        <Fact term={t("verification.signing.admin.signedOn")} value={a.signedAt ? formatDay(a.signedAt) : "—"} />
      </dl>
      <div className="flex flex-wrap items-center gap-2 border-t pt-3">
        <a href={signedPdfPath(a.id)} className={buttonVariants({ size: "sm", variant: "outline" })} aria-describedby={headingId} download>
          <Download aria-hidden="true" /> {a.status === "signed" ? t("verification.signing.downloadSigned") : t("verification.signing.downloadPrepared")}
        </a>
        {a.status === "awaiting" ? (
          <withdraw.Form method="post">
            <FormKey name={KEYS.withdraw} />
            <input type="hidden" name="intent" value="signing-withdraw" />
            <input type="hidden" name="id" value={a.id} />
            <Button type="submit" size="sm" variant="ghost" className="text-destructive" aria-describedby={headingId} disabled={withdraw.state !== "idle"}>
              <Undo2 aria-hidden="true" /> {t("verification.signing.admin.withdraw")}
            </Button>
          </withdraw.Form>
        ) : null}
        {a.signedSha256 ? (
          <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]" dir="ltr">
            {t("verification.signing.shaLabel")} {a.signedSha256}
          </span>
        ) : null}
      </div>
    </article>
  );
}

/** The prepare form: a plain form (it posts as a document without scripts too); a refusal keeps what was typed. */
function PrepareForm({ opportunities, email }: { opportunities: Array<{ id: string; title: string }>; email: string }) {
  const t = useT();
  const { fetcher, answer, busy } = useFormAnswer<AdminActionResult>(KEYS.prepare);
  const refused = answer && !answer.ok ? answer : null;
  const errors = (name: string) => refused?.fieldErrors?.[name];
  const value = (name: string, fallback: string) => refused?.values?.[name] ?? fallback;
  return (
    <section aria-labelledby="prepare-heading" className="space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
      <h2 id="prepare-heading" className="flex items-center gap-2 font-serif text-2xl font-semibold">
        <FilePlus2 className="size-5" aria-hidden="true" /> {t("verification.signing.admin.prepareTitle")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("verification.signing.admin.prepareLead")}</p>
      <fetcher.Form method="post" className="space-y-5" noValidate>
        <FormKey name={KEYS.prepare} />
        <input type="hidden" name="intent" value="signing-prepare" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="signing-email" label={t("verification.signing.admin.investorEmail")} errors={errors("investorEmail")}>
            <Input id="signing-email" name="investorEmail" type="email" dir="ltr" defaultValue={value("investorEmail", email)} required aria-invalid={Boolean(errors("investorEmail"))} />
          </Field>
          <Field id="signing-opportunity" label={t("verification.signing.field.opportunity")} errors={errors("opportunityId")}>
            <select id="signing-opportunity" name="opportunityId" defaultValue={value("opportunityId", "")} className={NATIVE_SELECT} aria-invalid={Boolean(errors("opportunityId"))}>
              <option value="">{t("verification.signing.admin.chooseOpportunity")}</option>
              {opportunities.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.title}
                </option>
              ))}
            </select>
          </Field>
          <Field id="signing-kind" label={t("verification.signing.admin.kind")}>
            <select id="signing-kind" name="kind" defaultValue={value("kind", "reservation")} className={NATIVE_SELECT}>
              {SIGNING_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(SIGNING_KIND_KEYS[k])}
                </option>
              ))}
            </select>
          </Field>
          <Field id="signing-unit" label={t("verification.signing.field.unit")} errors={errors("unit")}>
            <Input id="signing-unit" name="unit" defaultValue={value("unit", "")} maxLength={120} required aria-invalid={Boolean(errors("unit"))} />
          </Field>
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <Field id="signing-amount" label={t("verification.signing.field.amount")} errors={errors("amount")}>
              <Input id="signing-amount" name="amount" inputMode="decimal" dir="ltr" placeholder="250,000.00" defaultValue={value("amount", "")} required aria-invalid={Boolean(errors("amount"))} />
            </Field>
            <Field id="signing-currency" label={t("verification.signing.admin.currency")}>
              <select id="signing-currency" name="currency" defaultValue={value("currency", "USD")} className={NATIVE_SELECT}>
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        </div>
        <Field id="signing-plan" label={t("verification.signing.field.paymentPlan")} errors={errors("paymentPlan")} hint={t("verification.signing.admin.planHint")}>
          <Textarea id="signing-plan" name="paymentPlan" rows={3} maxLength={600} defaultValue={value("paymentPlan", "")} required aria-invalid={Boolean(errors("paymentPlan"))} aria-describedby="signing-plan-hint" />
        </Field>
        <StepUpField id="signing-step-up-code" errors={errors(STEP_UP_FIELD)} />
        <Button type="submit" disabled={busy}>
          <FilePlus2 aria-hidden="true" /> {busy ? t("verification.signing.admin.preparing") : t("verification.signing.admin.prepare")}
        </Button>
      </fetcher.Form>
    </section>
  );
}
