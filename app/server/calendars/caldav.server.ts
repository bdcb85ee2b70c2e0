import { calendarMultiGet, createObject, DAVNamespaceShort, deleteObject, getBasicAuthHeaders, propfind, syncCollection, updateObject } from "tsdav";

/**
 * The CalDAV boundary (issue 37): what the product asks of an adviser's calendar server,
 * through tsdav's requests, with HTTP Basic auth (an app password). Nothing here knows
 * about bookings or advisers; a failure is a CalDavError saying what the server answered.
 */

export interface CalDavAccount {
  /** The calendar collection's address, ending in "/". */
  url: string;
  username: string;
  password: string;
}

export class CalDavError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "CalDavError";
  }
}

/** How long one request to a calendar server may take: a slow server must not hold a job. */
const TIMEOUT_MS = 15_000;

const headersOf = (account: CalDavAccount) => getBasicAuthHeaders({ username: account.username, password: account.password });

/** Each request's own deadline (tsdav passes these options to fetch). */
const deadline = (): RequestInit => ({ signal: AbortSignal.timeout(TIMEOUT_MS) });

/** The collection's state: its ctag (changes with any change) and sync token (RFC 6578). */
export async function collectionState(account: CalDavAccount): Promise<{ ctag: string | null; syncToken: string | null }> {
  const [answer] = await guard(() =>
    propfind({
      url: account.url,
      props: { [`${DAVNamespaceShort.CALENDAR_SERVER}:getctag`]: {}, [`${DAVNamespaceShort.DAV}:sync-token`]: {}, [`${DAVNamespaceShort.DAV}:resourcetype`]: {} },
      depth: "0",
      headers: headersOf(account),
      fetchOptions: deadline(),
    }),
  );
  if (!answer?.ok) throw new CalDavError(`the calendar answered ${answer?.status ?? "nothing"} ${answer?.statusText ?? ""}`.trim(), answer?.status);
  const props = (answer.props ?? {}) as { getctag?: unknown; syncToken?: unknown; resourcetype?: Record<string, unknown> };
  if (props.resourcetype && !("calendar" in props.resourcetype)) throw new CalDavError("that address is not a calendar", 404);
  return { ctag: props.getctag ? String(props.getctag) : null, syncToken: props.syncToken ? String(props.syncToken) : null };
}

/**
 * What changed since `syncToken` (all members when null): hrefs changed or added, and hrefs
 * removed. Null when the server no longer knows the token (the caller reads everything).
 */
export async function changesSince(account: CalDavAccount, syncToken: string | null): Promise<{ changed: string[]; removed: string[] } | null> {
  const answers = await guard(() =>
    syncCollection({ url: account.url, props: { [`${DAVNamespaceShort.DAV}:getetag`]: {} }, syncLevel: 1, syncToken: syncToken ?? "", headers: headersOf(account), fetchOptions: deadline() }),
  );
  const refused = answers.find((a) => a.href && sameResource(a.href, account.url) && !a.ok);
  if (refused) {
    if (syncToken && (refused.status === 403 || refused.status === 409)) return null;
    throw new CalDavError(`the calendar refused the sync: ${refused.status} ${refused.statusText ?? ""}`.trim(), refused.status);
  }
  const changed: string[] = [];
  const removed: string[] = [];
  for (const answer of answers) {
    if (!answer.href || sameResource(answer.href, account.url)) continue;
    if (answer.status === 404) removed.push(answer.href);
    else if (answer.ok) changed.push(answer.href);
  }
  return { changed, removed };
}

/** The iCalendar text of some calendar objects, by href (missing ones are left out). */
export async function readObjects(account: CalDavAccount, hrefs: string[]): Promise<{ href: string; ics: string }[]> {
  if (hrefs.length === 0) return [];
  const answers = await guard(() =>
    calendarMultiGet({
      url: account.url,
      props: { [`${DAVNamespaceShort.DAV}:getetag`]: {}, [`${DAVNamespaceShort.CALDAV}:calendar-data`]: {} },
      objectUrls: hrefs,
      depth: "1",
      headers: headersOf(account),
      fetchOptions: deadline(),
    }),
  );
  return answers.flatMap((a) => {
    const ics = textOf(a.props?.calendarData);
    return a.ok && a.href && ics ? [{ href: a.href, ics }] : [];
  });
}

/** Writes a calendar object at `href` (created or replaced). */
export async function putObject(account: CalDavAccount, href: string, ics: string, { exists }: { exists: boolean }): Promise<void> {
  const url = new URL(href, account.url).toString();
  const write = exists ? updateObject : createObject;
  const response = await guard(() => write({ url, data: ics, headers: { ...headersOf(account), "content-type": "text/calendar; charset=utf-8" }, fetchOptions: deadline() }));
  // Created (201), replaced (204 or 200); a create that finds one there already is written over.
  if (!exists && response.status === 412) return putObject(account, href, ics, { exists: true });
  if (!response.ok) throw new CalDavError(`the calendar refused the event: ${response.status} ${response.statusText}`, response.status);
}

/** Removes a calendar object; one already gone is fine. */
export async function removeObject(account: CalDavAccount, href: string): Promise<void> {
  const url = new URL(href, account.url).toString();
  const response = await guard(() => deleteObject({ url, headers: headersOf(account), fetchOptions: deadline() }));
  if (!response.ok && response.status !== 404) throw new CalDavError(`the calendar refused to remove the event: ${response.status} ${response.statusText}`, response.status);
}

/** calendar-data as text: a string, or the CDATA section some servers wrap it in. */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "_cdata" in value) return String((value as { _cdata: unknown })._cdata);
  return "";
}

/** Whether two addresses (an href may be a path) name the same collection. */
function sameResource(href: string, url: string): boolean {
  const path = (value: string) => new URL(value, url).pathname.replace(/\/+$/, "");
  return path(href) === path(url);
}

/** A network failure (refused, timed out, a name that does not resolve) as a CalDavError. */
async function guard<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof CalDavError) throw error;
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new CalDavError(`the calendar could not be reached (${cause})`);
  }
}
