import { BadgeCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useFormatDay } from "~/components/dashboard/format-day";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import type { FieldErrors } from "~/domain/action-result";
import { byJurisdiction, JURISDICTION_KEYS, type QualificationRecord, type QualificationStatement } from "~/domain/qualification";
import { useT, useTranslateMessage } from "~/i18n/i18n";

/** The action's answer: saved, or refused with a message and the fields to correct. */
export type QualificationAnswerResult = { ok: true } | { ok: false; message: string; fieldErrors?: FieldErrors };

/**
 * /account/qualification (issue 35): where the investor stands, with the words they
 * confirmed and when, and the questionnaire: one statement by jurisdiction, and a box that
 * says it is true. A plain form, so it works before (or without) the page's scripts.
 */
export function QualificationPage({
  statements,
  record,
  timeZone,
  result,
}: {
  statements: QualificationStatement[];
  record: QualificationRecord | null;
  timeZone: string;
  result: QualificationAnswerResult | undefined;
}) {
  const t = useT();
  const say = useTranslateMessage();
  const formatDay = useFormatDay(timeZone);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.endsWith("/account/qualification") === true;
  const refused = result && !result.ok ? result : null;
  const statementError = refused?.fieldErrors?.statementId?.[0];
  const confirmError = refused?.fieldErrors?.confirm?.[0];

  return (
    <>
      <Card role="region" aria-labelledby="qualification-standing-heading" className="gap-4">
        <CardHeader>
          <h2 id="qualification-standing-heading" className="font-serif text-xl font-semibold text-primary">
            {t("verification.qualification.current")}
          </h2>
        </CardHeader>
        <CardContent className="space-y-4">
          {result?.ok ? (
            <p role="status" className="flex items-center gap-2 rounded-md border border-success/40 bg-success/10 p-3 text-sm font-medium">
              <BadgeCheck className="size-4 shrink-0" aria-hidden="true" /> {t("verification.qualification.saved")}
            </p>
          ) : null}
          {record ? (
            <>
              <Badge variant={record.standing === "qualified" ? "success" : "secondary"}>
                {record.standing === "qualified" ? t("verification.qualification.qualified") : t("verification.qualification.publicOnlyBadge")}
              </Badge>
              {record.standing === "not-qualified" ? (
                <p className="flex gap-2 rounded-md border bg-muted/50 p-3 text-sm" data-testid="public-only-notice">
                  <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>{t("verification.qualification.publicOnly")}</span>
                </p>
              ) : null}
              <div className="space-y-2 text-sm">
                <p className="text-muted-foreground">{t("verification.qualification.confirmedOn", { date: formatDay(record.confirmedAt) })}</p>
                <figure className="rounded-md border-s-4 border-accent bg-muted/40 p-4" lang={record.locale} dir={record.locale === "en" ? "ltr" : "rtl"}>
                  <p className="font-semibold">{record.title}</p>
                  <blockquote className="mt-1 whitespace-pre-line text-muted-foreground">{record.wording}</blockquote>
                </figure>
              </div>
            </>
          ) : (
            <p className="text-sm">{t("verification.qualification.unstated")}</p>
          )}
        </CardContent>
      </Card>

      <Card role="region" aria-labelledby="qualification-form-heading" className="gap-4">
        <CardHeader>
          <h2 id="qualification-form-heading" className="font-serif text-xl font-semibold text-primary">
            {record ? t("verification.qualification.again") : t("verification.qualification.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{record ? t("verification.qualification.againIntro") : t("verification.qualification.intro")}</p>
        </CardHeader>
        <CardContent>
          {statements.length === 0 ? (
            <p className="rounded-md border border-dashed p-6 text-center text-sm">{t("verification.qualification.noStatements")}</p>
          ) : (
            <Questionnaire key={record?.confirmedAt ?? "first"} folded={record !== null && !refused}>
              <Form method="post" className="space-y-6" noValidate>
                {refused && !refused.fieldErrors ? (
                  <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
                    {say(refused.message)}
                  </p>
                ) : null}
                <fieldset className="space-y-5" aria-describedby={statementError ? "qualification-statement-error" : undefined}>
                  <legend className="sr-only">{t("verification.qualification.title")}</legend>
                  {byJurisdiction(statements).map((group) => (
                    <div key={group.jurisdiction} className="space-y-2">
                      <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground" id={`jurisdiction-${group.jurisdiction}`}>
                        {t(JURISDICTION_KEYS[group.jurisdiction])}
                      </p>
                      {group.statements.map((statement) => (
                        <label
                          key={statement.id}
                          className={cn(
                            "flex cursor-pointer gap-3 rounded-lg border p-4 transition-colors hover:bg-muted/40",
                            "has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                          )}
                        >
                          <input type="radio" name="statementId" value={statement.id} required className="mt-1 size-4 shrink-0 accent-primary" aria-describedby={`statement-body-${statement.id}`} />
                          <span className="space-y-1">
                            <span className="block font-medium">{statement.title}</span>
                            <span id={`statement-body-${statement.id}`} className="block text-sm leading-relaxed text-muted-foreground">
                              {statement.body}
                            </span>
                          </span>
                        </label>
                      ))}
                    </div>
                  ))}
                  {statementError ? (
                    <p id="qualification-statement-error" role="alert" className="text-sm text-destructive">
                      {say(statementError)}
                    </p>
                  ) : null}
                </fieldset>
                <div className="space-y-1">
                  <label className="flex items-start gap-2 text-sm font-medium">
                    <input type="checkbox" name="confirm" value="yes" required className="mt-0.5 size-4 shrink-0 accent-primary" aria-invalid={Boolean(confirmError)} aria-describedby={confirmError ? "qualification-confirm-error" : undefined} />
                    {t("verification.qualification.confirmLabel")}
                  </label>
                  {confirmError ? (
                    <p id="qualification-confirm-error" role="alert" className="text-sm text-destructive">
                      {say(confirmError)}
                    </p>
                  ) : null}
                </div>
                <Button type="submit" disabled={busy} className="w-full sm:w-auto">
                  {busy ? t("verification.qualification.submitting") : t("verification.qualification.submit")}
                </Button>
              </Form>
            </Questionnaire>
          )}
        </CardContent>
      </Card>
    </>
  );
}

/**
 * The statements: open for a first answer; behind "Choose a different statement" once the
 * investor has one on record (open again when a new answer was refused). Keyed by the
 * answer on record, so a saved answer starts the form afresh.
 */
function Questionnaire({ folded, children }: { folded: boolean; children: ReactNode }) {
  const t = useT();
  if (!folded) return <>{children}</>;
  return (
    <details className="group space-y-6">
      <summary className={cn(buttonVariants({ variant: "outline" }), "cursor-pointer list-none [&::-webkit-details-marker]:hidden group-open:mb-6")}>
        {t("verification.qualification.showStatements")}
      </summary>
      {children}
    </details>
  );
}
