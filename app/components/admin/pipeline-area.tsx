import { Download } from "lucide-react";
import { Form } from "react-router";
import { useFormatDay } from "~/components/dashboard/format-day";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatUsd } from "~/domain/format";
import { IDENTITY_STATUS_KEYS } from "~/domain/identity-checks";
import { INTEREST_STATUS_KEYS } from "~/domain/interests";
import { PIPELINE_STAGE_KEYS, PIPELINE_STAGES, stageCounts, type PipelineRow } from "~/domain/pipeline";
import { STANDING_KEYS } from "~/domain/qualification";
import { useT } from "~/i18n/i18n";

/**
 * /admin/pipeline (issue 35): an opportunity chosen by a plain GET form, how many of its
 * investors reached each stage, and each investor's row: interest, category, identity check,
 * agreement, and the stage they have reached. The CSV has the same rows.
 */
export function AdminPipeline({ opportunities, selected, rows, timeZone }: { opportunities: Array<{ id: string; title: string }>; selected: { id: string; title: string } | null; rows: PipelineRow[]; timeZone: string }) {
  const t = useT();
  const formatDay = useFormatDay(timeZone);
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
        <a href={`/admin/export/pipeline.csv?opportunity=${selected.id}`} className={buttonVariants({ variant: "outline" })} download>
          <Download aria-hidden="true" /> {t("verification.pipeline.csv")}
        </a>
      </Form>
      <dl className="grid gap-3 sm:grid-cols-4" aria-label={t("verification.pipeline.countsLabel")}>
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
                <th scope="col" className="p-3 text-start font-medium">{t("verification.pipeline.stage")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.userId} className="border-b last:border-0 align-top" data-testid="pipeline-row">
                  <td className="p-3">
                    <span className="block font-medium" dir="auto">{row.name}</span>
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
                    <Badge variant={row.stage === "agreement" ? "success" : "secondary"}>{t(PIPELINE_STAGE_KEYS[row.stage])}</Badge>
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
