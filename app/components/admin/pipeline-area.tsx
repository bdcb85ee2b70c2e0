import { Download, FileSignature } from "lucide-react";
import { Form, Link } from "react-router";
import { useFormatDay } from "~/components/dashboard/format-day";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatUsd } from "~/domain/format";
import { IDENTITY_STATUS_KEYS } from "~/domain/identity-checks";
import { INTEREST_STATUS_KEYS } from "~/domain/interests";
import { PIPELINE_STAGE_KEYS, PIPELINE_STAGES, stageCounts, type InvestorPipeline, type PipelineRow, type PipelineSigning } from "~/domain/pipeline";
import { STANDING_KEYS } from "~/domain/qualification";
import { SIGNING_KIND_KEYS } from "~/domain/signing";
import { useT } from "~/i18n/i18n";

/**
 * /admin/pipeline (issue 35): an opportunity chosen by a plain GET form, how many of its
 * investors reached each stage, and each investor's row: interest, category, identity check,
 * agreement, and the stage they have reached. The CSV has the same rows.
 */
export function AdminPipeline({
  opportunities,
  selected,
  rows,
  investor,
  timeZone,
}: {
  opportunities: Array<{ id: string; title: string }>;
  selected: { id: string; title: string } | null;
  rows: PipelineRow[];
  investor: InvestorPipeline | null;
  timeZone: string;
}) {
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  if (investor) return <InvestorPath pipeline={investor} timeZone={timeZone} />;
  const counts = stageCounts(rows);
  if (!selected) return <p className="rounded-xl border border-dashed bg-card p-10 text-center text-lg">{t("verification.pipeline.noOpportunities")}</p>;
  return (
    <div className="space-y-6">
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="space-y-1.5 text-sm font-medium">
          <span className="block">{t("verification.pipeline.opportunity")}</span>
          <select name="opportunity" defaultValue={selected.id} className="h-10 min-w-64 rounded-md border border-input bg-background px-3 text-sm">
            {opportunities.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="outline">
          {t("verification.pipeline.show")}
        </Button>
        <a href={`/admin/export/pipeline.csv?opportunity=${selected.id}`} className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" /> {t("verification.pipeline.csv")}
        </a>
      </Form>
      <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={t("verification.pipeline.countsLabel")}>
        {PIPELINE_STAGES.map((stage) => (
          <div key={stage} className="rounded-lg border bg-card p-4">
            <dt className="text-xs text-muted-foreground">{t(PIPELINE_STAGE_KEYS[stage])}</dt>
            <dd className="font-serif text-2xl font-semibold text-primary">{counts[stage]}</dd>
          </div>
        ))}
      </dl>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center">{t("verification.pipeline.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card">
          <table className="w-full text-sm" aria-label={t("verification.pipeline.tableLabel", { title: selected.title })}>
            <thead className="border-b bg-muted/40 text-start text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="p-3 text-start font-medium">{t("verification.pipeline.investor")}</th>
                <th scope="col" className="p-3 text-start font-medium">{t("verification.pipeline.interest")}</th>
                <th scope="col" className="p-3 text-start font-medium">{t("verification.standing.qualificationTitle")}</th>
                <th scope="col" className="p-3 text-start font-medium">{t("verification.standing.identityTitle")}</th>
                <th scope="col" className="p-3 text-start font-medium">{t("verification.pipeline.agreement")}</th>
                <th scope="col" className="p-3 text-start font-medium">{t("verification.pipeline.signing")}</th>
                <th scope="col" className="p-3 text-start font-medium">{t("verification.pipeline.stage")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.userId} className="border-b last:border-0 align-top" data-testid="pipeline-row">
                  <td className="p-3">
                    <Link to={`/admin/pipeline?investor=${row.userId}`} className="block font-medium text-primary underline underline-offset-4" dir="auto">
                      {row.name}
                    </Link>
                    <span className="block text-xs text-muted-foreground" dir="ltr">{row.email}</span>
                  </td>
                  <td className="p-3">
                    {row.interest ? (
                      <>
                        <span className="block">{t(INTEREST_STATUS_KEYS[row.interest.status])}</span>
                        <span className="block text-xs text-muted-foreground">
                          <span dir="ltr">{formatUsd(row.interest.amountUsd)}</span> · {formatDay(row.interest.at)}
                        </span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="p-3">{t(STANDING_KEYS[row.qualification])}</td>
                  <td className="p-3">{t(IDENTITY_STATUS_KEYS[row.identity])}</td>
                  <td className="p-3">{row.agreement ? t("verification.standing.agreementLine", { version: row.agreement.version, date: formatDay(row.agreement.at) }) : "—"}</td>
                  <td className="p-3">
                    <SigningCell signing={row.signing} timeZone={timeZone} />
                  </td>
                  <td className="p-3">
                    <Badge variant={row.stage === "signed" || row.stage === "agreement" ? "success" : "secondary"}>{t(PIPELINE_STAGE_KEYS[row.stage])}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** One investor's path: their category and identity check, then each opportunity they took a step in. */
function InvestorPath({ pipeline, timeZone }: { pipeline: InvestorPipeline; timeZone: string }) {
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  const { investor } = pipeline;
  return (
    <section aria-labelledby="investor-path-heading" className="space-y-4">
      <Link to="/admin/pipeline" className="text-sm font-medium text-primary underline underline-offset-4">
        {t("verification.pipeline.back")}
      </Link>
      <div>
        <h2 id="investor-path-heading" className="font-serif text-2xl font-semibold" dir="auto">
          {investor.name}
        </h2>
        <p className="text-sm text-muted-foreground" dir="ltr">
          {investor.email}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <a href={`/admin/export/pipeline.csv?investor=${investor.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Download aria-hidden="true" /> {t("verification.pipeline.csv")}
        </a>
        <Link to={`/admin/signing?email=${encodeURIComponent(investor.email)}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <FileSignature aria-hidden="true" /> {t("verification.pipeline.prepareAgreement")}
        </Link>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg border bg-card p-4">
          <dt className="text-xs text-muted-foreground">{t("verification.standing.qualificationTitle")}</dt>
          <dd className="font-medium">{t(STANDING_KEYS[investor.qualification])}</dd>
        </div>
        <div className="rounded-lg border bg-card p-4">
          <dt className="text-xs text-muted-foreground">{t("verification.standing.identityTitle")}</dt>
          <dd className="font-medium">{t(IDENTITY_STATUS_KEYS[investor.identity])}</dd>
        </div>
      </dl>
      {pipeline.opportunities.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center">{t("verification.pipeline.investorEmpty")}</p>
      ) : (
        <ul className="space-y-2">
          {pipeline.opportunities.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4 text-sm" data-testid="investor-path-row">
              <div className="min-w-0 space-y-0.5">
                <Link to={`/admin/pipeline?opportunity=${o.id}`} className="font-medium text-primary underline underline-offset-4" dir="auto">
                  {o.title}
                </Link>
                <p className="text-muted-foreground">
                  {o.interest ? t(INTEREST_STATUS_KEYS[o.interest.status]) : "—"} · {o.agreement ? t("verification.standing.agreementLine", { version: o.agreement.version, date: formatDay(o.agreement.at) }) : t("verification.pipeline.noAgreement")}
                </p>
                {o.signing ? <SigningCell signing={o.signing} timeZone={timeZone} /> : null}
              </div>
              <Badge variant={o.stage === "signed" || o.stage === "agreement" ? "success" : "secondary"}>{t(PIPELINE_STAGE_KEYS[o.stage])}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The reservation (or expression of interest) of a row: its reference, waiting or signed and when. */
function SigningCell({ signing, timeZone }: { signing: PipelineSigning | null; timeZone: string }) {
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  if (!signing) return <>—</>;
  return (
    <span className="block">
      <span className="block">
        {t(SIGNING_KIND_KEYS[signing.kind])} <span dir="ltr">{signing.reference}</span>
      </span>
      <span className="block text-xs text-muted-foreground">
        {signing.status === "signed" ? t("verification.standing.signedLine", { date: formatDay(signing.at) }) : t("verification.standing.toSign")}
      </span>
    </span>
  );
}
