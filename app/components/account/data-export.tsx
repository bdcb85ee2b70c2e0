import { Download } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { useT } from "~/i18n/i18n";

/** Where "Download my data" fetches the file (a resource route: a plain link, not a client navigation). */
export const DATA_EXPORT_PATH = "/account/data/export";

/** "Download my data" (issue 13): the account's own data as a JSON file, by a plain download link. */
export function DataExportCard() {
  const t = useT();
  return (
    <Card role="region" aria-labelledby="data-export-heading" className="gap-4">
      <CardHeader>
        <h2 id="data-export-heading" className="font-serif text-xl font-semibold text-primary">
          {t("account.data.export.title")}
        </h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">{t("account.data.export.text")}</p>
        <a href={DATA_EXPORT_PATH} download className={cn(buttonVariants({ variant: "outline" }), "w-full sm:w-auto")}>
          <Download aria-hidden="true" />
          {t("account.data.export.button")}
        </a>
      </CardContent>
    </Card>
  );
}
