/**
 * A page's multipart form posted over real HTTP as the browser posts it (its own Origin, the
 * session cookie, redirects not followed), and its answer as a reader reads it.
 */

/** A file input's value: the field, the bytes, the name the file is sent with, its stated type. */
export type SentFile = [field: string, bytes: Uint8Array<ArrayBuffer>, name: string, type: string];

export async function postForm(base: string, pathname: string, cookie: string, fields: Record<string, string>, files: SentFile[]): Promise<{ status: number; text: string }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [field, bytes, name, type] of files) body.append(field, new File([bytes], name, { type }));
  const answer = await fetch(`${base}${pathname}`, { method: "POST", headers: { Origin: base, Cookie: cookie }, body, redirect: "manual" });
  return { status: answer.status, text: await answer.text() };
}

/**
 * What an answer (a page, or a data request's stream) says, as a reader reads it: without
 * the catalogues a page carries for the browser (every message of them is in there), and
 * unescaped.
 */
export const readerText = (text: string) =>
  text
    .replace(/<script id="page-messages"[^>]*>[\s\S]*?<\/script>/, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
