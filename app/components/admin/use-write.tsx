import type { ReactNode } from "react";
import { AnswerNotice, FormKey } from "~/components/forms/form-answer";
import { toast } from "~/components/ui/toaster";
import type { AdminActionResult } from "~/domain/action-result";
import type { FlashToast } from "~/domain/toast";
import { useT, useTranslateMessage } from "~/i18n/i18n";
import { useActionResult } from "./use-action-result";

/**
 * One admin form's write (issue 36): its fetcher, a toast of its answer (`success` says what
 * was done, a refusal its message, pointing at the fields when it has field messages), the
 * answer's field messages and typed values to keep, and `Form`, the fetcher's form already
 * naming itself and its intent. A page posted without scripts shows the answer in place.
 */
export function useWrite(intent: string, success: (result: Extract<AdminActionResult, { ok: true }>) => string, { onDone }: { onDone?: () => void } = {}) {
  const t = useT();
  const say = useTranslateMessage();
  const notice = (result: AdminActionResult): FlashToast =>
    result.ok ? { type: "success", title: success(result) } : { type: "error", title: say(result.message), description: result.fieldErrors ? t("admin.form.correctFields") : undefined };
  const { fetcher, answer, posted, busy } = useActionResult(intent, (result) => {
    const { type, title, description } = notice(result);
    if (type === "success") {
      toast.success(title);
      onDone?.();
    } else toast.error(title, { description });
  });
  const refused = answer && !answer.ok ? answer : null;
  return {
    fetcher,
    busy,
    notice: posted ? <AnswerNotice toast={notice(posted)} /> : null,
    errors: (name: string) => refused?.fieldErrors?.[name],
    value: (name: string, fallback: string) => refused?.values?.[name] ?? fallback,
    /** The hidden fields every form of this write carries. */
    hidden: (
      <>
        <FormKey name={intent} />
        <input type="hidden" name="intent" value={intent} />
      </>
    ) as ReactNode,
  };
}
