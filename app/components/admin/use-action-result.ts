import { useEffect, useEffectEvent, useRef } from "react";
import { useFetcher } from "react-router";
import type { AdminActionResult } from "~/domain/action-result";

/**
 * Calls `onResult` once for each answer the fetcher with `key` receives while the caller
 * is mounted. Rows share one key per kind of write, so the answer (and its toast)
 * survives the row that sent it leaving the list.
 */
export function useActionResult(key: string, onResult: (result: AdminActionResult, formData: FormData | undefined) => void) {
  const fetcher = useFetcher<AdminActionResult>({ key });
  // An answer that arrived before this component mounted is not news to it.
  const handled = useRef<AdminActionResult | undefined>(fetcher.data);
  const sent = useRef<FormData | undefined>(undefined);
  useEffect(() => {
    if (fetcher.formData) sent.current = fetcher.formData;
  }, [fetcher.formData]);
  const handle = useEffectEvent((result: AdminActionResult) => onResult(result, sent.current));
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    handle(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
