import { BadgeCheck, CircleDashed, FileLock, FileSignature, IdCard, Landmark, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ndaPath, type InvestorStanding } from "~/domain/confidentiality";
import { IDENTITY_STATUS_KEYS } from "~/domain/identity-checks";
import { SIGNING_KIND_KEYS } from "~/domain/signing";
import { STANDING_KEYS } from "~/domain/qualification";
import { formatCalendarDay } from "~/domain/escrow";
import { isolatesFor } from "~/domain/format";
import { directionOf } from "~/i18n/locales";
import { formatMoney } from "~/domain/money";
import { PORTFOLIO_PATH } from "~/domain/portfolio";
import { useDateLocale } from "~/i18n/date-locales";
import { useLocale, useT } from "~/i18n/i18n";
import { useFormatDay } from "./format-day";

const linkClass = "text-sm font-medium text-primary underline underline-offset-4";

/** One step: its icon (done or not, said in words too), its name, where it stands and the way to it. */
function Step({ icon: Icon, done, title, status, to, action }: { icon: LucideIcon; done: boolean; title: string; status: string; to: string; action: string }) {
  const Mark = done ? BadgeCheck : CircleDashed;
  return (
    <li className="flex items-start gap-3">
      <Icon className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium">{title}</p>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Mark className={done ? "size-4 text-success" : "size-4"} aria-hidden="true" /> {status}
        </p>
      </div>
      <Link to={to} className={linkClass}>
        {action}
      </Link>
    </li>
  );
}

/**
 * Where the investor stands on the way to an opportunity's confidential files and a
 * signed reservation (issue 35, item 5): their category, their identity check, the
 * confidentiality agreements they accepted, and the agreements to sign and signed, each
 * with the way to it.
 */
export function StandingCard({ standing, timeZone }: { standing: InvestorStanding; timeZone: string }) {
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  const locale = useLocale();
  const dates = useDateLocale();
  const { ltr, own } = isolatesFor(directionOf(locale));
  const identityStatus =
    standing.identity === "approved" && standing.identityExpiresAt
      ? t("verification.standing.identityUntil", { date: formatDay(standing.identityExpiresAt) })
      : t(IDENTITY_STATUS_KEYS[standing.identity]);
  return (
    <Card role="region" aria-labelledby="standing-heading" className="gap-4 py-5">
      <CardHeader className="px-5">
        <h2 id="standing-heading" className="font-serif text-xl font-semibold text-primary">
          {t("verification.standing.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("verification.standing.lead")}</p>
      </CardHeader>
      <CardContent className="px-5">
        <ol className="space-y-4" data-testid="standing">
          <Step
            icon={BadgeCheck}
            done={standing.qualification === "qualified"}
            title={t("verification.standing.qualificationTitle")}
            status={t(STANDING_KEYS[standing.qualification])}
            to="/account/qualification"
            action={t(standing.qualification === "unstated" ? "verification.standing.answer" : "verification.standing.view")}
          />
          <Step
            icon={IdCard}
            done={standing.identity === "approved"}
            title={t("verification.standing.identityTitle")}
            status={identityStatus}
            to="/account/identity"
            action={t(standing.identity === "not_started" || standing.identity === "rejected" || standing.identity === "expired" ? "verification.standing.send" : "verification.standing.view")}
          />
          <li className="flex items-start gap-3">
            <FileLock className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium">{t("verification.standing.agreementsTitle")}</p>
              {standing.agreements.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("verification.standing.noAgreements")}</p>
              ) : (
                <ul className="space-y-0.5 text-sm text-muted-foreground">
                  {standing.agreements.map((a) => (
                    <li key={`${a.opportunityTitle}-${a.version}-${a.acceptedAt}`}>
                      {a.slug ? (
                        <Link to={ndaPath(a.slug)} className={linkClass} dir="auto">
                          {a.opportunityTitle}
                        </Link>
                      ) : (
                        <span dir="auto">{a.opportunityTitle}</span>
                      )}{" "}
                      · {t("verification.standing.agreementLine", { version: a.version, date: formatDay(a.acceptedAt) })}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
          <li className="flex items-start gap-3">
            <FileSignature className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium">{t("verification.standing.signingTitle")}</p>
              {standing.signing.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("verification.standing.noSigning")}</p>
              ) : (
                <ul className="space-y-1 text-sm text-muted-foreground" data-testid="standing-signing">
                  {standing.signing.map((a) => (
                    <li key={a.id} className="flex flex-wrap items-center gap-x-1.5">
                      <Link to={`/account/agreements/${a.id}`} className={linkClass}>
                        {t(SIGNING_KIND_KEYS[a.kind])}: <span dir="auto">{a.opportunityTitle}</span>
                      </Link>
                      <span>
                        ·{" "}
                        {a.status === "signed" && a.signedAt
                          ? t("verification.standing.signedLine", { date: formatDay(a.signedAt) })
                          : t("verification.standing.toSign")}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
          <li className="flex items-start gap-3">
            <Landmark className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium">{t("verification.standing.paymentsTitle")}</p>
              {standing.calls.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("verification.standing.noCalls")}</p>
              ) : (
                <ul className="space-y-1 text-sm" data-testid="standing-calls">
                  {standing.calls.map((c) => {
                    const values = { label: own(c.label), opportunity: own(c.opportunityTitle), amount: ltr(formatMoney(c.remaining, c.currency, locale)), date: formatCalendarDay(c.dueOn, dates) };
                    return (
                      <li key={`${c.opportunityTitle}-${c.label}-${c.dueOn}`} className={c.overdue ? "font-medium text-destructive" : "text-muted-foreground"}>
                        {c.overdue ? t("verification.standing.callOverdue", values) : t("verification.standing.callLine", values)}
                      </li>
                    );
                  })}
                </ul>
              )}
              <Link to={PORTFOLIO_PATH} className={`${linkClass} text-sm`}>
                {t("verification.standing.portfolio")}
              </Link>
            </div>
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}
