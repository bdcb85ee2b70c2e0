import { calendarMultiGet, createObject, DAVNamespaceShort, deleteObject, getBasicAuthHeaders, propfind, syncCollection, updateObject } from "tsdav";
import { OutboundError, outboundFetch, type OutboundFailure } from "../core/outbound.server";

/**
 * The CalDAV boundary (issue 37): what the product asks of an adviser's calendar server,
 * through tsdav's requests, with HTTP Basic auth (an app password). Nothing here knows
 * about bookings or advisers; a failure is a CalDavError saying, for the log, what went
 * wrong. Every request goes through `outboundFetch` (issue 52, item 2): public addresses
 * only, checked where the socket connects, no redirects, bounded in size and time; and an
 * answer to PROPFIND or REPORT counts only as a WebDAV multistatus.
 */

export interface CalDavAccount {
  /** The calendar collection's address, ending in "/". */
  url: string;
  username: string;
  password: string;
  /** CALDAV_ALLOW_PRIVATE_ADDRESSES: a server on this machine or network may be reached (tests; production refuses it). */
  allowPrivateAddresses: boolean;
}

/** What kind of failure, for the log and the calendar's row: the network's, or the server answered something that is not what CalDAV answers. */
export type CalDavFailure = OutboundFailure | "status" | "not-dav" | "not-calendar";

export class CalDavError extends Error {
  constructor(
    message: string,
    readonly kind: CalDavFailure,
    readonly status?: number,
  ) {
    super(message);
    this.name = "CalDavError";
  }
}

/** How long one request to a calendar server may take, its answer read: a slow server must not hold a job. */
const TIMEOUT_MS = 15_000;
/** The most one answer may have: hundreds of events' text (a multiget asks for `MULTIGET_BATCH` at a time). */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
/** Objects asked for in one calendar-multiget. */
const MULTIGET_BATCH = 100;

const headersOf = (account: CalDavAccount) => getBasicAuthHeaders({ username: account.username, password: account.password });

/** A WebDAV multistatus document: its root element, in whatever prefix the server gives DAV:. */
const MULTISTATUS = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:[\w.-]+:)?multistatus[\s>/]/;

/**
 * The fetch tsdav is given for one account: `outboundFetch` under the account's policy,
 * and a successful PROPFIND or REPORT must answer 207 with XML whose root is a multistatus
 * (a web page answering 200 is not a calendar).
 */
function fetchFor(account: CalDavAccount) {
  const send = outboundFetch({ allowPrivateAddresses: account.allowPrivateAddresses, maxBytes: MAX_ANSWER_BYTES, timeoutMs: TIMEOUT_MS });
  return async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const response = await send(input, init);
    const method = (init.method ?? "GET").toUpperCase();
    if ((method === "PROPFIND" || method === "REPORT") && response.ok) {
      const type = response.headers.get("content-type") ?? "";
      if (response.status !== 207 || !/xml/i.test(type) || !MULTISTATUS.test(await response.clone().text())) {
        throw new CalDavError(`${method} answered ${response.status} ${type || "without a type"}, not a WebDAV multistatus`, "not-dav", response.status);
      }
    }
    return response;
  };
}

/** The collection's state: its ctag (changes with any change) and sync token (RFC 6578). */
export async function collectionState(account: CalDavAccount): Promise<{ ctag: string | null; syncToken: string | null }> {
  const [answer] = await guard(() =>
    propfind({
      url: account.url,
      props: { [`${DAVNamespaceShort.CALENDAR_SERVER}:getctag`]: {}, [`${DAVNamespaceShort.DAV}:sync-token`]: {}, [`${DAVNamespaceShort.DAV}:resourcetype`]: {} },
      depth: "0",
      headers: headersOf(account),
      fetch: fetchFor(account),
    }),
  );
  if (!answer?.ok) throw new CalDavError(`the calendar answered ${answer?.status ?? "nothing"} ${answer?.statusText ?? ""}`.trim(), "status", answer?.status);
  const props = (answer.props ?? {}) as { getctag?: unknown; syncToken?: unknown; resourcetype?: Record<string, unknown> };
  // A calendar collection says so in its resource type; anything else (a folder, a file, a page) is not one.
  if (!props.resourcetype || typeof props.resourcetype !== "object" || !("calendar" in props.resourcetype)) throw new CalDavError("that address is not a calendar collection", "not-calendar", answer.status);
  return { ctag: props.getctag ? String(props.getctag) : null, syncToken: props.syncToken ? String(props.syncToken) : null };
}

/**
 * What changed since `syncToken` (all members when null): hrefs changed or added, and hrefs
 * removed. Null when the server no longer knows the token (the caller reads everything).
 */
export async function changesSince(account: CalDavAccount, syncToken: string | null): Promise<{ changed: string[]; removed: string[] } | null> {
  const answers = await guard(() =>
    syncCollection({ url: account.url, props: { [`${DAVNamespaceShort.DAV}:getetag`]: {} }, syncLevel: 1, syncToken: syncToken ?? "", headers: headersOf(account), fetch: fetchFor(account) }),
  );
  const refused = answers.find((a) => a.href && sameResource(a.href, account.url) && !a.ok);
  if (refused) {
    if (syncToken && (refused.status === 403 || refused.status === 409)) return null;
    throw new CalDavError(`the calendar refused the sync: ${refused.status} ${refused.statusText ?? ""}`.trim(), "status", refused.status);
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

/**
 * The iCalendar text of some calendar objects, by href (missing ones are left out), read
 * `MULTIGET_BATCH` at a time so that each answer stays well within its bound. A refusal of
 * the whole request throws: nothing read must not pass for nothing there.
 */
export async function readObjects(account: CalDavAccount, hrefs: string[]): Promise<{ href: string; ics: string }[]> {
  const objects: { href: string; ics: string }[] = [];
  for (let at = 0; at < hrefs.length; at += MULTIGET_BATCH) {
    const answers = await guard(() =>
      calendarMultiGet({
        url: account.url,
        props: { [`${DAVNamespaceShort.DAV}:getetag`]: {}, [`${DAVNamespaceShort.CALDAV}:calendar-data`]: {} },
        objectUrls: hrefs.slice(at, at + MULTIGET_BATCH),
        depth: "1",
        headers: headersOf(account),
        fetch: fetchFor(account),
      }),
    );
    const refused = answers.find((a) => !a.ok && (!a.href || sameResource(a.href, account.url)));
    if (refused) throw new CalDavError(`the calendar refused to send its events: ${refused.status} ${refused.statusText ?? ""}`.trim(), "status", refused.status);
    for (const answer of answers) {
      const ics = textOf(answer.props?.calendarData);
      if (answer.ok && answer.href && ics) objects.push({ href: answer.href, ics });
    }
  }
  return objects;
}

/** Writes a calendar object at `href` (created or replaced). */
export async function putObject(account: CalDavAccount, href: string, ics: string, { exists }: { exists: boolean }): Promise<void> {
  const url = new URL(href, account.url).toString();
  const write = exists ? updateObject : createObject;
  const response = await guard(() => write({ url, data: ics, headers: { ...headersOf(account), "content-type": "text/calendar; charset=utf-8" }, fetch: fetchFor(account) }));
  // Created (201), replaced (204 or 200); a create that finds one there already is written over.
  if (!exists && response.status === 412) return putObject(account, href, ics, { exists: true });
  if (!response.ok) throw new CalDavError(`the calendar refused the event: ${response.status} ${response.statusText}`, "status", response.status);
}

/** Removes a calendar object; one already gone is fine. */
export async function removeObject(account: CalDavAccount, href: string): Promise<void> {
  const url = new URL(href, account.url).toString();
  const response = await guard(() => deleteObject({ url, headers: headersOf(account), fetch: fetchFor(account) }));
  if (!response.ok && response.status !== 404) throw new CalDavError(`the calendar refused to remove the event: ${response.status} ${response.statusText}`, "status", response.status);
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

/** A failure on the way (an address refused, a redirect, too large, timed out, not reached) as a CalDavError. */
async function guard<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof CalDavError) throw error;
    if (error instanceof OutboundError) throw new CalDavError(`the calendar ${error.message}`, error.kind);
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new CalDavError(`the calendar could not be reached (${cause})`, "network");
  }
}
