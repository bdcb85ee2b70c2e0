import { Link } from "react-router";
import { useT } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";

/**
 * "Changed your mind? You can stop these e-mails at any time: Unsubscribe" (issue 32):
 * shown as soon as an alert is confirmed, so withdrawing consent is as easy as giving it.
 * The link opens the unsubscribe page, which asks once and needs no sign-in.
 */
export function UnsubscribeHint({ token }: { token: string }) {
  const t = useT();
  return (
    <p className="mt-3 text-sm text-muted-foreground">
      <RichText
        message={t("portal.alerts.howToStop", standIns("link"))}
        elements={{
          link: (
            <Link to={`/alerts/unsubscribe?token=${token}`} className="font-medium text-primary underline underline-offset-4">
              {t("portal.alerts.unsubscribeAction")}
            </Link>
          ),
        }}
      />
    </p>
  );
}
