import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";
import { useTranslateMessage } from "~/i18n/i18n";

/**
 * A labelled form field with its error message, wired for screen readers. A `hint` is
 * shown under the control with the id `<id>-hint`, for the control's aria-describedby.
 */
export function Field({
  id,
  label,
  errors,
  children,
  aside,
  hint,
}: {
  id: string;
  label: string;
  errors?: string[] | undefined;
  children: ReactNode;
  aside?: ReactNode;
  hint?: ReactNode;
}) {
  // A check in the browser gives a message key; the server's answer is in the page's language.
  const message = useTranslateMessage();
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {message(errors[0] ?? "")}
        </p>
      ) : null}
    </div>
  );
}
