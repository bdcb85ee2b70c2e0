import { MailCheck } from "lucide-react";
import { Form, Link } from "react-router";
import { AnswerNotice } from "~/components/forms/form-answer";
import { Button } from "~/components/ui/button";
import type { FlashToast } from "~/domain/toast";
import { useT } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";

/**
 * After "Create Account" (issue 32): where the link went, what it does, a new link on
 * request, and the ways back. `notice`: the answer to a new link asked for without
 * JavaScript (with it, a toast says so).
 */
export function CheckInbox({ email, busy, notice }: { email: string; busy: boolean; notice?: FlashToast }) {
  const t = useT();
  return (
    <div className="mt-6">
      <MailCheck className="mx-auto size-10 text-success" aria-hidden="true" />
      <h1 className="mt-4 text-center font-serif text-3xl font-semibold text-primary">{t("auth.checkInbox.title")}</h1>
      <p className="mt-3 text-center">
        <RichText message={t("auth.checkInbox.sent", standIns("email"))} elements={{ email: <strong className="wrap-anywhere" dir="ltr">{email}</strong> }} />
      </p>
      <p className="mt-3 text-sm text-muted-foreground">{t("auth.checkInbox.next")}</p>
      <AnswerNotice toast={notice} className="mt-6" />
      <p className="mt-6 text-sm text-muted-foreground">{t("auth.checkInbox.missing")}</p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="outline" className="w-full" disabled={busy}>
          {busy ? t("auth.processing") : t("auth.checkInbox.resend")}
        </Button>
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link to="/auth" className="font-medium text-primary hover:underline">
          {t("auth.backToSignIn")}
        </Link>
        <Link to="/auth?mode=sign-up" className="font-medium text-primary hover:underline">
          {t("auth.checkInbox.otherEmail")}
        </Link>
      </div>
    </div>
  );
}
