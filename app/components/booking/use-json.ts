import { useEffect, useState } from "react";

interface Loaded<T> {
  url: string;
  version: number;
  data: T | undefined;
  failed: boolean;
}

/**
 * GETs JSON from one of our resource routes while `url` is set, again after `reload()`.
 * A failed read (offline, an error status) is logged as a warning and leaves `data`
 * undefined with `failed` set: the caller shows its empty state instead of crashing.
 * The last data stays while a reload is in flight.
 */
export function useJson<T>(url: string | null): { data: T | undefined; loading: boolean; failed: boolean; reload: () => void } {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
        return (await response.json()) as T;
      })
      .then((data) => setLoaded({ url, version, data, failed: false }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("Could not load", url, error);
        setLoaded({ url, version, data: undefined, failed: true });
      });
    return () => controller.abort();
  }, [url, version]);

  const current = loaded?.url === url ? loaded : null;
  return {
    data: current?.data,
    failed: current?.failed ?? false,
    loading: url !== null && current?.version !== version,
    reload: () => setVersion((v) => v + 1),
  };
}
