/**
 * Uploads (issue 52; decision 059): why a file is refused, whatever page took it, and how
 * many pages a private file may have.
 */

/**
 * Why an uploaded PDF or image was refused, whatever page took it; each page says it in its
 * own words (message keys of its own catalogue).
 */
export type UploadProblem = "tooLarge" | "wrongType" | "encrypted" | "unreadable" | "tooManyPages";

/** Pages a private file (an identity document, a bank's confirmation) may have: a scan, a bill, a company's registration. */
export const PRIVATE_FILE_MAX_PAGES = 100;
