import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { LogIn, TriangleAlert } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { PasswordInput } from "~/components/auth/password-input";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Field } from "~/components/ui/field";
import {
  ACCOUNT_DATA_MESSAGES,
  deletePasswordSchema,
  FRESH_SIGN_IN_MINUTES,
  SIGN_IN_AGAIN_PATH,
  type DeleteAccountRefusal,
  type DeletionCheck,
} from "~/domain/account-data";
import { useT, useTranslateMessage } from "~/i18n/i18n";

/** The page whose action deletes the account. */
const DELETE_ACTION = "/account/data";

/**
 * "Delete account" (issue 13), the danger zone of /account/data: what a deletion removes
 * and keeps, and the dialog that confirms it with the password, or, for an account that
 * signs in only with Google or LinkedIn, with a sign-in of the last few minutes. A refusal
 * known when the page loaded (a live subscription, the last admin) is shown instead of the
 * button; the server checks everything again when the form is sent.
 */
export function DeleteAccountSection({ check }: { check: DeletionCheck | null }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const t = useT();
  // The loader's refusal is a key of the account catalogue.
  const message = useTranslateMessage();
  const blocked = check === null ? ACCOUNT_DATA_MESSAGES.checkFailed : check.refusal;

  return (
    <Card role="region" aria-labelledby="delete-account-heading" className="gap-4 border-destructive/40">
      <CardHeader>
        <h2 id="delete-account-heading" className="font-serif text-xl font-semibold text-destructive">
          {t("account.data.delete.title")}
        </h2>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p>{t("account.data.delete.permanent")}</p>
        <ul className="list-disc space-y-1 ps-5 text-muted-foreground">
          <li>{t("account.data.delete.removed")}</li>
          <li>{t("account.data.delete.kept")}</li>
          <li>{t("account.data.delete.lastEmail")}</li>
        </ul>
        <p className="text-muted-foreground">{t("account.data.delete.downloadFirst")}</p>
        {blocked ? (
          <div role="status" className="flex gap-3 rounded-md border border-warning/60 bg-warning/10 p-3">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div className="space-y-1">
              <p>{message(blocked)}</p>
              {check?.refusal === ACCOUNT_DATA_MESSAGES.liveSubscription ? (
                <Link to="/dashboard" className="font-medium text-primary underline-offset-4 hover:underline">
                  {t("account.data.delete.toDashboard")}
                </Link>
              ) : null}
            </div>
          </div>
        ) : null}
        <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
          <AlertDialogTrigger asChild>
            <Button variant="destructive" className="w-full sm:w-auto" disabled={blocked !== null}>
              {t("account.data.delete.open")}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent
            ref={contentRef}
            onOpenAutoFocus={(event) => {
              // The password field first when there is one: typing it is what the dialog asks.
              const field = contentRef.current?.querySelector<HTMLElement>("[data-autofocus]");
              if (field) {
                event.preventDefault();
                field.focus();
              }
            }}
          >
            <AlertDialogTitle>{t("account.data.delete.dialogTitle")}</AlertDialogTitle>
            <AlertDialogDescription>{t("account.data.delete.dialogText")}</AlertDialogDescription>
            {check ? <ConfirmDeletion check={check} onBusyChange={setBusy} /> : null}
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}

/**
 * The dialog's form, mounted each time the dialog opens, so an answer to an earlier opening
 * never greets a fresh one. Its fetcher posts to the page's action; a deletion answers a
 * redirect to / (signed out, with the toast), a refusal the message and where it belongs.
 */
function ConfirmDeletion({ check, onBusyChange }: { check: DeletionCheck; onBusyChange: (busy: boolean) => void }) {
  const fetcher = useFetcher<DeleteAccountRefusal>();
  const busy = fetcher.state !== "idle";
  // While the deletion is on its way, the dialog stays open (Escape and Cancel wait).
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  const refusal = fetcher.state === "idle" ? fetcher.data : undefined;
  const t = useT();
  const stale = check.confirmWith === "fresh-sign-in" && (!check.signedInRecently || refusal?.kind === "sign-in-again");

  if (stale) return <SignInAgain message={refusal?.kind === "sign-in-again" ? refusal.message : undefined} />;
  if (check.confirmWith === "password") return <PasswordConfirmation fetcher={fetcher} refusal={refusal} busy={busy} />;
  return (
    <fetcher.Form method="post" action={DELETE_ACTION} className="space-y-4">
      <p className="text-sm">{t("account.data.delete.freshSignIn")}</p>
      <Refusal refusal={refusal} />
      <DialogButtons busy={busy} />
    </fetcher.Form>
  );
}

function PasswordConfirmation({
  fetcher,
  refusal,
  busy,
}: {
  fetcher: ReturnType<typeof useFetcher<DeleteAccountRefusal>>;
  refusal: DeleteAccountRefusal | undefined;
  busy: boolean;
}) {
  // The server's "wrong password" goes beside the field, as Conform's own messages do.
  const lastResult = useMemo<SubmissionResult<string[]> | undefined>(
    () => (refusal?.kind === "password" ? { status: "error", error: { password: [refusal.message] } } : undefined),
    [refusal],
  );
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult,
    constraint: getZodConstraint(deletePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deletePasswordSchema }),
  });
  const { type: _type, ...passwordProps } = getInputProps(fields.password, { type: "password" });
  const t = useT();
  return (
    <fetcher.Form method="post" action={DELETE_ACTION} {...getFormProps(form)} className="space-y-4">
      <Field id={fields.password.id} label={t("account.data.delete.password")} errors={fields.password.errors}>
        <PasswordInput {...passwordProps} autoComplete="current-password" data-autofocus="" />
      </Field>
      <Refusal refusal={refusal?.kind === "other" ? refusal : undefined} />
      <DialogButtons busy={busy} />
    </fetcher.Form>
  );
}

/** A refusal that belongs to no field (too many attempts, a subscription, the last admin). */
function Refusal({ refusal }: { refusal: DeleteAccountRefusal | undefined }) {
  if (!refusal) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      {refusal.message}
    </p>
  );
}

function DialogButtons({ busy }: { busy: boolean }) {
  const t = useT();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <AlertDialogCancel asChild>
        <Button type="button" variant="outline" disabled={busy}>
          {t("account.cancel")}
        </Button>
      </AlertDialogCancel>
      <Button type="submit" variant="destructive" disabled={busy}>
        {busy ? t("account.data.delete.deleting") : t("account.data.delete.submit")}
      </Button>
    </div>
  );
}

/** For an account without a password whose sign-in is not recent: sign out, sign in again, come back here. */
function SignInAgain({ message }: { message: string | undefined }) {
  const t = useT();
  return (
    <Form method="post" action="/auth/sign-out" className="space-y-4">
      <input type="hidden" name="redirectTo" value={SIGN_IN_AGAIN_PATH} />
      <p role={message ? "alert" : undefined} className="text-sm">
        {message ?? t(ACCOUNT_DATA_MESSAGES.signInAgain)}
      </p>
      <p className="text-sm text-muted-foreground">{t("account.data.delete.signInAgainText", { minutes: FRESH_SIGN_IN_MINUTES })}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AlertDialogCancel asChild>
          <Button type="button" variant="outline">
            {t("account.cancel")}
          </Button>
        </AlertDialogCancel>
        <Button type="submit" data-autofocus="">
          <LogIn aria-hidden="true" />
          {t("account.data.delete.signInAgainButton")}
        </Button>
      </div>
    </Form>
  );
}
