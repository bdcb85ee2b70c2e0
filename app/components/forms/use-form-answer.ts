import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { isAnswerTo } from "~/domain/form-answer";

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
