import { useSyncExternalStore } from "react";

const never = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const unknownOnServer = () => undefined;

/**
 * The viewer's own IANA time zone, from the browser; undefined while rendering on the
 * server and during hydration, so server and client render the same first.
 */
export function useViewerTimeZone(): string | undefined {
  return useSyncExternalStore(never, browserZone, unknownOnServer);
}
