import { useEffect, useRef } from "react";
import { useEachAnswer, useFormAnswer } from "~/components/forms/form-answer";
import { toast } from "~/components/ui/toaster";
import type { AdminActionResult } from "~/domain/action-result";
import { useT, useTranslateMessage } from "~/i18n/i18n";

/**
 * Calls `onResult` once for each answer the fetcher with `key` receives while the caller
 * is mounted. Rows share one key per kind of write, so the answer (and its toast)
 * survives the row that sent it leaving the list. Answers the form's fetcher and answer
 * (`useFormAnswer`): the answer to the form posted as a document (decision record 034) is
 * not toasted, the page says it.
 */
export function useActionResult(key: string, onResult: (result: AdminActionResult, formData: FormData | undefined) => void) {
  const sent = useFormAnswer<AdminActionResult>(key);
  const { fetcher } = sent;
  const formData = useRef<FormData | undefined>(undefined);
  useEffect(() => {
    if (fetcher.formData) formData.current = fetcher.formData;
  }, [fetcher.formData]);
  useEachAnswer(fetcher, (result) => onResult(result, formData.current));
  return sent;
}

/**
 * The toasts of a list with a create/edit dialog and a delete (opportunities, documents):
 * a failed save says so (pointing at the fields when it has field messages), a save closes
 * the dialog (`onSaved`), and after a delete the keyboard stays in the list (its heading).
 * The toasts are message keys (or text already in the page's language).
 */
export function useSaveAndDeleteResults(options: {
  saveKey: string;
  deleteKey: string;
  toasts: { saveFailed: string; created: string; updated: string; deleted: string; deleteFailed: string };
  headingId: string;
  onSaved: () => void;
}) {
  const { toasts } = options;
  const t = useT();
  const say = useTranslateMessage();
  useActionResult(options.saveKey, (result, sent) => {
    if (!result.ok) {
      toast.error(say(toasts.saveFailed), { description: result.fieldErrors ? t("admin.form.correctFields") : result.message });
      return;
    }
    toast.success(say(sent?.get("id") ? toasts.updated : toasts.created));
    options.onSaved();
  });
  useActionResult(options.deleteKey, (result) => {
    if (result.ok) {
      toast.success(say(toasts.deleted));
      // The focused row has gone: keep the keyboard in the list.
      document.getElementById(options.headingId)?.focus();
    } else toast.error(say(toasts.deleteFailed), { description: result.message });
  });
}
