import { useEffect } from "react";
import { usePageAnswer } from "~/components/forms/form-answer";
import { showFlashToast } from "~/components/ui/toaster";
import type { FlashToast } from "~/domain/toast";

/**
 * An action's answer on the sign-in screens, said once (issue 32). Through the router's
 * fetch it is a toast, as SPEC.md has it. When it came with the page itself (the form was
 * posted without JavaScript, or before the page's scripts had run) no toast can show until
 * scripts run, and it would then repeat the page: it is written in the page instead
 * (`AnswerNotice`, components/forms/form-answer.tsx; decision record 034). Answers the
 * toast to write in the page, if any.
 *
 * Call it where the page stays mounted (the route's component): the answer the page was
 * rendered with is the one it first saw.
 */
export function useAnswerToast(toast: FlashToast | undefined): FlashToast | undefined {
  const inPage = usePageAnswer(toast);
  useEffect(() => {
    if (toast && !inPage) showFlashToast(toast);
  }, [toast, inPage]);
  return inPage;
}
