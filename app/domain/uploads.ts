/**
 * Uploads (issue 52; decision 059). What a page that takes files promises, and so what the
 * HTTP layer lets through for it (item 5): a route module whose forms carry files says so in
 * its `handle` (`uploadHandle`), beside the route itself, and the HTTP layer reads the
 * declarations from the build's route modules (app/server/http/body-limits.server.ts), so a
 * new upload page cannot be forgotten in a list kept somewhere else. And why a file is
 * refused, whatever page took it (item 4).
 */

/** What every form may send besides its files: fields, and each file part's own headers. */
export const FORM_BODY_BYTES = 256 * 1024;

/** A route module's `handle`, for a route whose forms carry files. */
export interface UploadHandle {
  upload: {
    /** The largest body the route takes: its files at the size promised for each, and FORM_BODY_BYTES for the rest. */
    maxBodyBytes: number;
  };
}

/** The `handle` entry of a route whose forms send at most `files` files of `eachBytes` at once. */
export function uploadHandle(files: number, eachBytes: number): UploadHandle {
  return { upload: { maxBodyBytes: files * eachBytes + FORM_BODY_BYTES } };
}

/** The declared body limit in a route module's `handle`, if it has a well-formed one. */
export function declaredBodyLimit(handle: unknown): number | undefined {
  const upload = (handle as Partial<UploadHandle> | undefined)?.upload;
  if (upload === undefined) return undefined;
  const bytes = upload?.maxBodyBytes;
  if (typeof bytes !== "number" || !Number.isSafeInteger(bytes) || bytes <= FORM_BODY_BYTES) {
    throw new Error(`a route's upload declaration is not a body size: ${JSON.stringify(upload)}`);
  }
  return bytes;
}

/**
 * Why an uploaded PDF or image was refused, whatever page took it; each page says it in its
 * own words (message keys of its own catalogue).
 */
export type UploadProblem = "tooLarge" | "wrongType" | "encrypted" | "unreadable" | "tooManyPages";

/** Pages a private file (an identity document, a bank's confirmation) may have: a scan, a bill, a company's registration. */
export const PRIVATE_FILE_MAX_PAGES = 100;
