import { useEffect, useState } from "react";
import { cn } from "~/components/ui/cn";
import { showFlashToast } from "~/components/ui/toaster";
import type { FlashToast } from "~/domain/toast";

/**
 * An action's answer on the sign-in screens, said once (issue 32). Through the router's
 * fetch it is a toast, as SPEC.md has it. When it came with the page itself (the form was
 * posted without JavaScript, or before the page's scripts had run) no toast can show until
 * scripts run, and it would then repeat the page: it is written in the page instead
 * (`AnswerNotice`). Answers the toast to write in the page, if any.
 *
 * Call it where the page stays mounted (the route's component): the answer the page was
 * rendered with is the one it first saw.
 */
export function useAnswerToast(toast: FlashToast | undefined): FlashToast | undefined {
  const [withPage] = useState(toast);
  const inPage = toast !== undefined && toast === withPage;
  useEffect(() => {
    if (toast && !inPage) showFlashToast(toast);
  }, [toast, inPage]);
  return inPage ? toast : undefined;
}

/** A toast's words in the page: an error as an alert, anything else as a status. */
export function AnswerNotice({ toast, className }: { toast: FlashToast | null | undefined; className?: string }) {
  if (!toast) return null;
  const error = toast.type === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      className={cn("rounded-md border p-3 text-sm", error ? "border-destructive/40 bg-destructive/10" : "border-success/40 bg-success/10", className)}
    >
      <p className="font-medium">{toast.title}</p>
      {toast.description ? <p className="mt-1">{toast.description}</p> : null}
    </div>
  );
}
