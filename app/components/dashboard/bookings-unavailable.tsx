import { AlertCircle } from "lucide-react";
import { useT } from "~/i18n/i18n";

/** Shown in place of booking data when it could not be read (the toast says the same). */
export function BookingsUnavailable({ description }: { description: string }) {
  const t = useT();
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm">
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <div>
        <p className="font-medium">{t("portal.dashboard.bookingsError")}</p>
        <p className="text-muted-foreground">{description}</p>
      </div>
    </div>
  );
}
