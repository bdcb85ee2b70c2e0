import { BadgeCheck, Landmark, Save, ShieldAlert } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { CALL_DUE_DAYS, ESCROW_MESSAGES, INSTALMENT_DUE_KINDS, MILESTONE_KIND_KEYS, MILESTONE_KINDS, PLAN_MAX_INSTALMENTS, PROGRESS_MAX_PHOTOS, printIban, type MilestoneKind } from "~/domain/escrow";
import { formatShare, shareText } from "~/domain/opportunity-memo";
import type { PaymentPlan, PlanInstalment } from "~/domain/portfolio";
import { type MessageKey, useT } from "~/i18n/i18n";
import { useCalendarDay } from "~/components/portfolio/use-money";
import { useWrite } from "./use-write";
import { StepUpField } from "./step-up-field";
import { useAdminFormat } from "./use-admin-format";
import { ESCROW_CHANGE_MESSAGES, mayApprove, type PendingEscrowChange } from "~/domain/escrow-changes";
import { formatMomentInZone } from "~/domain/admin-format";
import { STEP_UP_FIELD } from "~/domain/step-up";
import { useDateLocale } from "~/i18n/date-locales";
import { Fact } from "~/components/ui/fact";
import type { EscrowAccount } from "~/domain/escrow";
import { NATIVE_SELECT } from "~/components/ui/native-select";

/** The field name of the plan's own problems (shares that do not add up), as the route names them. */
const PLAN_WIDE = "instalments";

const DUE_KIND_KEYS = { date: "escrow.admin.dueOnDate", milestone: "escrow.admin.dueOnMilestone" } as const satisfies Record<(typeof INSTALMENT_DUE_KINDS)[number], MessageKey>;

/** A milestone's name: "Structure at level 12", "Façade". */
export function useMilestoneName() {
  const t = useT();
  return (kind: MilestoneKind, level: number | null) => t(MILESTONE_KIND_KEYS[kind], { level: level ?? 0 });
}

/**
 * The payment plan (issue 36, item 2): the escrow account and the instalments, shares of each
 * commitment adding up to 100 %, each due on a date or at a milestone. Once someone has
 * committed, the instalments are the plan in force and show as a table (posted unchanged);
 * the escrow account can still change: a change waits for a second admin or a 24-hour hold
 * (decision 058), and every committed investor is mailed. Saving needs a fresh second factor.
 */
export function PlanSection({ opportunityId, plan, timeZone }: { opportunityId: string; plan: PaymentPlan | null; timeZone: string }) {
  const t = useT();
  const dateLocale = useDateLocale();
  // A change of the account is asked for, not made (decision 058): the toast says what happens next.
  const write = useWrite("plan-save", (r) =>
    r.escrow?.state === "waiting"
      ? t(ESCROW_CHANGE_MESSAGES.waiting)
      : r.escrow?.state === "held"
        ? t(ESCROW_CHANGE_MESSAGES.held, { when: formatMomentInZone(r.escrow.takesEffectAt, timeZone, dateLocale) })
        : t(ESCROW_MESSAGES.planSaved),
  );
  const { errors, value } = write;
  const rows = plan?.instalments ?? [];
  const blank = plan?.locked ? 0 : Math.min(PLAN_MAX_INSTALMENTS, Math.max(rows.length + 1, 4)) - rows.length;
  return (
    <section aria-labelledby="plan-heading" className="space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
      <h2 id="plan-heading" className="flex items-center gap-2 font-serif text-2xl font-semibold">
        <Landmark className="size-5" aria-hidden="true" /> {t("escrow.admin.planTitle")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("escrow.admin.planLead")}</p>
      <write.fetcher.Form method="post" className="space-y-6" noValidate>
        {write.hidden}
        {write.notice}
        <input type="hidden" name="opportunityId" value={opportunityId} />
        <fieldset className="space-y-4">
          <legend className="font-semibold">{t("escrow.admin.escrowTitle")}</legend>
          <p className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> {t("escrow.admin.escrowLead")}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="escrow-bank" label={t("escrow.portfolio.bank")} errors={errors("bank")}>
              <Input id="escrow-bank" name="bank" maxLength={120} defaultValue={value("bank", plan?.escrow.bank ?? "")} required />
            </Field>
            <Field id="escrow-account-name" label={t("escrow.portfolio.accountName")} errors={errors("accountName")}>
              <Input id="escrow-account-name" name="accountName" maxLength={160} defaultValue={value("accountName", plan?.escrow.accountName ?? "")} required />
            </Field>
            <Field id="escrow-iban" label={t("escrow.portfolio.iban")} errors={errors("iban")}>
              <Input id="escrow-iban" name="iban" dir="ltr" autoComplete="off" spellCheck={false} defaultValue={value("iban", plan ? printIban(plan.escrow.iban) : "")} required />
            </Field>
            <Field id="escrow-bic" label={t("escrow.portfolio.bic")} errors={errors("bic")}>
              <Input id="escrow-bic" name="bic" dir="ltr" autoComplete="off" spellCheck={false} maxLength={11} defaultValue={value("bic", plan?.escrow.bic ?? "")} required />
            </Field>
          </div>
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="font-semibold">{t("escrow.admin.instalmentsTitle")}</legend>
          {errors(PLAN_WIDE)?.map((message) => (
            <p key={message} role="alert" className="text-sm font-medium text-destructive">
              {message}
            </p>
          ))}
          {plan?.locked ? (
            <LockedInstalments instalments={rows} />
          ) : (
            <>
              <p className="text-sm text-muted-foreground">{t("escrow.admin.instalmentsLead")}</p>
              <ol className="space-y-3">
                {[...rows, ...Array.from({ length: blank }, () => null)].map((row, index) => (
                  <li key={row?.id ?? `blank-${index}`}>
                    <InstalmentRow index={index} row={row} errors={errors} />
                  </li>
                ))}
              </ol>
            </>
          )}
        </fieldset>
        <StepUpField id="plan-step-up-code" errors={errors(STEP_UP_FIELD)} />
        <Button type="submit" disabled={write.busy}>
          <Save aria-hidden="true" /> {write.busy ? t("escrow.admin.saving") : t("escrow.admin.savePlan")}
        </Button>
      </write.fetcher.Form>
    </section>
  );
}

/**
 * A change of the escrow account waiting (decision 058): the account in force beside the one
 * asked for, who asked and when, and what it waits for (a second admin, or the end of its
 * hold). Another admin approves it, with a fresh second factor; any admin may stop it.
 */
export function EscrowChangeSection({ change, current, viewerId, timeZone }: { change: PendingEscrowChange; current: EscrowAccount | null; viewerId: string; timeZone: string }) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  const approve = useWrite("escrow-change-approve", () => t(ESCROW_CHANGE_MESSAGES.approved));
  const stop = useWrite("escrow-change-stop", () => t(ESCROW_CHANGE_MESSAGES.stopped));
  const who = change.requestedBy ? change.requestedBy.name || change.requestedBy.email : t("escrow.change.someone");
  const account = (escrow: EscrowAccount) => (
    <dl className="grid gap-y-2 text-sm">
      <Fact term={t("escrow.portfolio.bank")} value={escrow.bank} />
      <Fact term={t("escrow.portfolio.accountName")} value={escrow.accountName} />
      <Fact term={t("escrow.portfolio.iban")} value={printIban(escrow.iban)} ltr />
      <Fact term={t("escrow.portfolio.bic")} value={escrow.bic} ltr />
    </dl>
  );
  return (
    <section aria-labelledby="escrow-change-heading" className="space-y-4 rounded-xl border-2 border-warning/60 bg-warning/5 p-5 shadow-sm sm:p-8" data-testid="escrow-change">
      <h2 id="escrow-change-heading" className="flex items-center gap-2 font-serif text-2xl font-semibold">
        <ShieldAlert className="size-5 shrink-0" aria-hidden="true" /> {t("escrow.change.title")}
      </h2>
      {approve.notice}
      {stop.notice}
      <p className="text-sm">
        {t("escrow.change.asked", { who })} {format.moment(change.requestedAt)}
      </p>
      <p className="text-sm font-medium">
        {change.takesEffectAt ? (
          <>
            {t("escrow.change.heldUntil")} {format.moment(change.takesEffectAt)}
          </>
        ) : (
          t("escrow.change.waitsForAdmin")
        )}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-2 rounded-lg border bg-card p-4">
          <h3 className="font-semibold">{t("escrow.change.inForce")}</h3>
          {current ? account(current) : null}
        </div>
        <div className="space-y-2 rounded-lg border border-warning/60 bg-card p-4">
          <h3 className="font-semibold">{t("escrow.change.proposedTitle")}</h3>
          {account(change.escrow)}
        </div>
      </div>
      <div className="flex flex-col gap-4 border-t pt-4 sm:flex-row sm:items-end">
        {mayApprove({ requestedBy: change.requestedBy?.id ?? null }, viewerId) ? (
          <approve.fetcher.Form method="post" className="space-y-3" noValidate>
            {approve.hidden}
            <input type="hidden" name="changeId" value={change.id} />
            <StepUpField id="escrow-change-code" errors={approve.errors(STEP_UP_FIELD)} />
            <Button type="submit" disabled={approve.busy}>
              <BadgeCheck aria-hidden="true" /> {t("escrow.change.approve")}
            </Button>
          </approve.fetcher.Form>
        ) : (
          <p className="text-sm text-muted-foreground sm:flex-1">{t(change.takesEffectAt ? "escrow.change.ownHeld" : "escrow.change.ownWaiting")}</p>
        )}
        <stop.fetcher.Form method="post">
          {stop.hidden}
          <input type="hidden" name="changeId" value={change.id} />
          <Button type="submit" variant="outline" className="text-destructive" disabled={stop.busy}>
            {t("escrow.change.stop")}
          </Button>
        </stop.fetcher.Form>
      </div>
    </section>
  );
}

/** One instalment's fields; a row left blank is no instalment. */
function InstalmentRow({ index, row, errors }: { index: number; row: PlanInstalment | null; errors: (name: string) => string[] | undefined }) {
  const t = useT();
  const id = (name: string) => `instalment-${index}-${name}`;
  const error = (name: string) => errors(`${name}.${index}`);
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2 lg:grid-cols-[2fr_6rem_1.3fr_1.3fr_1.6fr_6rem]" data-testid="instalment-row">
      <legend className="px-1 text-sm font-medium">{t("escrow.admin.instalmentN", { n: index + 1 })}</legend>
      <Field id={id("label")} label={t("escrow.admin.instalmentLabel")} errors={error("label")}>
        <Input id={id("label")} name="label" maxLength={80} defaultValue={row?.label ?? ""} />
      </Field>
      <Field id={id("share")} label={t("escrow.admin.share")} errors={error("share")}>
        <Input id={id("share")} name="share" inputMode="decimal" dir="ltr" defaultValue={row ? formatShare(shareText(row.sharePoints)) : ""} />
      </Field>
      <Field id={id("dueKind")} label={t("escrow.admin.dueKind")}>
        <select id={id("dueKind")} name="dueKind" defaultValue={row?.dueKind ?? "milestone"} className={NATIVE_SELECT}>
          {INSTALMENT_DUE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(DUE_KIND_KEYS[kind])}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id("dueDate")} label={t("escrow.admin.dueDate")} errors={error("dueDate")}>
        <Input id={id("dueDate")} name="dueDate" type="date" dir="ltr" defaultValue={row?.dueOn ?? ""} />
      </Field>
      <Field id={id("milestone")} label={t("escrow.admin.milestone")} errors={error("milestone")}>
        <select id={id("milestone")} name="milestone" defaultValue={row?.milestone ?? ""} className={NATIVE_SELECT}>
          <option value="">{t("escrow.admin.chooseMilestone")}</option>
          {MILESTONE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(MILESTONE_KIND_KEYS[kind], { level: "N" })}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id("level")} label={t("escrow.admin.level")} errors={error("level")}>
        <Input id={id("level")} name="level" inputMode="numeric" dir="ltr" defaultValue={row?.level ? String(row.level) : ""} />
      </Field>
    </fieldset>
  );
}

/** The plan in force: read only, posted as it is (so that a save changes the escrow account alone). */
function LockedInstalments({ instalments }: { instalments: PlanInstalment[] }) {
  const t = useT();
  const milestone = useMilestoneName();
  const day = useCalendarDay();
  return (
    <>
      <p className="text-sm text-muted-foreground">{t("escrow.admin.lockedLead")}</p>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="p-3 text-start font-medium">{t("escrow.admin.instalmentLabel")}</th>
              <th scope="col" className="p-3 text-end font-medium">{t("escrow.admin.share")}</th>
              <th scope="col" className="p-3 text-start font-medium">{t("escrow.admin.due")}</th>
            </tr>
          </thead>
          <tbody>
            {instalments.map((row) => (
              <tr key={row.id} className="border-t" data-testid="plan-instalment">
                <th scope="row" className="p-3 text-start font-medium" dir="auto">
                  {row.label}
                  <input type="hidden" name="label" value={row.label} />
                  <input type="hidden" name="share" value={shareText(row.sharePoints)} />
                  <input type="hidden" name="dueKind" value={row.dueKind} />
                  <input type="hidden" name="dueDate" value={row.dueOn ?? ""} />
                  <input type="hidden" name="milestone" value={row.milestone ?? ""} />
                  <input type="hidden" name="level" value={row.level ? String(row.level) : ""} />
                </th>
                <td className="p-3 text-end tabular-nums" dir="ltr">
                  {formatShare(shareText(row.sharePoints))} %
                </td>
                <td className="p-3">{row.dueKind === "date" && row.dueOn ? day(row.dueOn) : row.milestone ? milestone(row.milestone, row.level) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The plan's milestones (issue 36, item 3): each certified one with its date and note, and
 * for each not yet certified the form that certifies it (the date reached, a note,
 * photographs, the days investors have to pay), which calls every instalment due on it.
 */
export function MilestonesSection({ plan, today }: { plan: PaymentPlan | null; today: string }) {
  const t = useT();
  const name = useMilestoneName();
  const day = useCalendarDay();
  const write = useWrite("milestone-certify", (r) => t(ESCROW_MESSAGES.certified, { count: r.created ?? 0 }));
  const milestones = plan?.milestones ?? [];
  const waiting = (id: string) => (plan?.instalments ?? []).filter((i) => i.milestoneId === id).map((i) => i.label);
  const errorsHere = (id: string, field: string) => (write.value("milestoneId", "") === id ? write.errors(field) : undefined);
  return (
    <section aria-labelledby="milestones-heading" className="space-y-4">
      <h2 id="milestones-heading" className="font-serif text-2xl font-semibold">
        {t("escrow.admin.milestonesTitle")}
      </h2>
      {write.notice}
      {milestones.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-6 text-center">{t("escrow.admin.milestonesNone")}</p>
      ) : (
        <ol className="grid gap-3 lg:grid-cols-2">
          {milestones.map((m) => {
            const headingId = `milestone-${m.id}`;
            return (
              <li key={m.id}>
                <article aria-labelledby={headingId} className="h-full space-y-3 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="milestone">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 id={headingId} className="font-serif text-lg font-semibold">
                      {name(m.kind, m.level)}
                    </h3>
                    {m.certifiedOn ? (
                      <Badge variant="success">
                        <BadgeCheck aria-hidden="true" /> {t("escrow.admin.certifiedOn", { date: day(m.certifiedOn) })}
                      </Badge>
                    ) : (
                      <Badge variant="outline">{t("escrow.admin.notCertified")}</Badge>
                    )}
                  </div>
                  <p className="text-sm text-muted-foreground">{t("escrow.admin.instalmentsWaiting", { labels: waiting(m.id).join(", ") || "—" })}</p>
                  {m.certifiedOn ? (
                    <p className="text-sm [overflow-wrap:anywhere]" dir="auto">
                      {m.note}
                    </p>
                  ) : (
                    <details className="border-t pt-3" open={write.value("milestoneId", "") === m.id}>
                      <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium">
                        <BadgeCheck className="size-4" aria-hidden="true" /> {t("escrow.admin.certifyOpen")}
                      </summary>
                      <write.fetcher.Form method="post" encType="multipart/form-data" className="mt-3 space-y-3" noValidate>
                        {write.hidden}
                        <input type="hidden" name="milestoneId" value={m.id} />
                        <div className="grid gap-3 sm:grid-cols-2">
                          <Field id={`${headingId}-date`} label={t("escrow.admin.certifiedOnLabel")} errors={errorsHere(m.id, "certifiedOn")}>
                            <Input id={`${headingId}-date`} name="certifiedOn" type="date" dir="ltr" max={today} defaultValue={today} required />
                          </Field>
                          <Field id={`${headingId}-days`} label={t("escrow.admin.dueDays")} errors={errorsHere(m.id, "dueDays")}>
                            <Input id={`${headingId}-days`} name="dueDays" inputMode="numeric" dir="ltr" defaultValue={String(CALL_DUE_DAYS)} />
                          </Field>
                        </div>
                        <Field id={`${headingId}-note`} label={t("escrow.admin.certifyNote")} errors={errorsHere(m.id, "note")}>
                          <Textarea id={`${headingId}-note`} name="note" rows={2} maxLength={2000} required />
                        </Field>
                        <Field id={`${headingId}-photos`} label={t("escrow.admin.photos", { max: PROGRESS_MAX_PHOTOS })} errors={errorsHere(m.id, "photos")}>
                          <Input id={`${headingId}-photos`} name="photos" type="file" accept="image/jpeg,image/png,image/webp" multiple />
                        </Field>
                        <Button type="submit" size="sm" disabled={write.busy} aria-describedby={headingId}>
                          <BadgeCheck aria-hidden="true" /> {t("escrow.admin.certify")}
                        </Button>
                      </write.fetcher.Form>
                    </details>
                  )}
                </article>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
