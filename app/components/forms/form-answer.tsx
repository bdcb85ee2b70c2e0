import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { cn } from "~/components/ui/cn";
import { FORM_KEY_FIELD, isAnswerTo } from "~/domain/form-answer";
import type { FlashToast } from "~/domain/toast";

/**
 * A form's answer, whichever way the browser sent it (decision record 034): the hooks that
 * read it, the hidden field that names the form, and the notice that says in the page what
 * a toast would. One module, so that the pages that use it load one small chunk.
 */

/** The hidden field that names a fetcher's form, so that its answer to a document POST finds it (`useFormAnswer`). */
export function FormKey({ name }: { name: string }) {
  return <input type="hidden" name={FORM_KEY_FIELD} value={name} />;
}

/**
 * What a toast says, written in the page: the answer to a form the browser posted as a
 * document (decision record 034). The page may have no scripts, and so no toasts; when it
 * has, the scripts toast only the answers they fetch themselves.
 */
export function AnswerNotice({ toast, className }: { toast: FlashToast | null | undefined; className?: string }) {
  if (!toast) return null;
  const failed = toast.type === "error";
  return (
    <div
      role={failed ? "alert" : "status"}
      className={cn(
        // A long address or link breaks rather than runs out of the box.
        "rounded-md border p-3 text-sm [overflow-wrap:anywhere]",
        failed ? "border-destructive/40 bg-destructive/10 text-destructive" : "border-success/40 bg-success/10 text-foreground",
        className,
      )}
    >
      <strong className="font-semibold">{toast.title}</strong>
      {toast.description ? <> {toast.description}</> : null}
    </div>
  );
}

/**
 * A form sent by the fetcher with `key`, and its answer however the browser sent it
 * (decision record 034): the fetcher's data when the page's scripts sent it, or the
 * route's action data when the browser posted the form as a document (without JavaScript,
 * or before the scripts ran) and the answer names this form. Put `<FormKey name={key} />`
 * in the form, and have the action copy `formKeyOf(form)` into its answer.
 *
 * `posted` is the answer while it is the document's: what a toast would say goes in the
 * page then (`AnswerNotice`), since the page may have no scripts to show toasts. A
 * document answer came with the page, so anything the fetcher receives later replaces it.
 */
export function useFormAnswer<T>(key: string) {
  const fetcher = useFetcher<T>({ key });
  const actionData: unknown = useActionData();
  const posted = fetcher.data === undefined && isAnswerTo(actionData, key) ? (actionData as T) : undefined;
  return { fetcher, answer: fetcher.data ?? posted, posted, busy: fetcher.state !== "idle" };
}

/**
 * The route's action data while it is the answer the page was drawn with: a form posted
 * as a document (decision record 034), whose answer goes in the page. An answer that
 * arrives later, by a navigation of the page's scripts, is not (it is the toast's).
 */
export function usePageAnswer<T>(actionData: T | undefined): T | undefined {
  const [drawnWith] = useState(actionData);
  return actionData !== undefined && actionData === drawnWith ? actionData : undefined;
}

/**
 * Calls `onAnswer` once for each answer the fetcher receives while the caller is mounted:
 * a toast, a dialog to close, the focus to move. By default once the fetcher is idle (the
 * page's data read again); `atOnce` as soon as the answer is there, for a caller that the
 * new data may unmount. An answer the fetcher had before the caller mounted is not news to
 * it (a dialog opened again starts fresh). A document answer is not the fetcher's: the
 * page shows it.
 */
export function useEachAnswer<T>(fetcher: { data?: T; state: string }, onAnswer: (answer: T) => void, { atOnce = false }: { atOnce?: boolean } = {}) {
  const handled = useRef<T | undefined>(fetcher.data);
  const handle = useEffectEvent(onAnswer);
  const ready = atOnce || fetcher.state === "idle";
  const answer = fetcher.data;
  useEffect(() => {
    if (!ready || answer === undefined || handled.current === answer) return;
    handled.current = answer;
    handle(answer);
  }, [ready, answer]);
}
