import { shownFileName } from "~/domain/file-names";
import { sniffImageType } from "~/domain/image-upload";
import { PRIVATE_FILE_MAX_PAGES, type UploadProblem } from "~/domain/uploads";
import { checkPdf, looksLikePdf, type PdfProblem } from "./pdf-check.server";
import { checkImage } from "./image-check.server";

/**
 * A private file an investor sends (an identity document, a bank's confirmation of a
 * transfer; decisions 044 and 059): a PDF, a JPEG or a PNG, told by its first bytes and then
 * parsed or decoded as that (pdf-check.server.ts, image-check.server.ts). The name it came
 * with is kept only to be shown beside it, cleaned (`shownFileName`); it is served under a
 * name the product builds (`servedFile`).
 */

export type PrivateContentType = "application/pdf" | "image/jpeg" | "image/png";

/** A file that passed: its bytes, the name to show, and the type its content proved. */
export interface CheckedPrivateFile {
  bytes: Uint8Array;
  name: string;
  contentType: PrivateContentType;
}

const PDF_PROBLEMS: Record<PdfProblem, UploadProblem> = { notPdf: "wrongType", encrypted: "encrypted", malformed: "unreadable", tooManyPages: "tooManyPages" };

/** The chosen file checked by size and content: the file, why it is refused, or null when none was chosen. */
export async function readPrivateUpload(file: FormDataEntryValue | null, maxBytes: number): Promise<CheckedPrivateFile | { problem: UploadProblem } | null> {
  if (!(file instanceof File) || file.size === 0) return null;
  if (file.size > maxBytes) return { problem: "tooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const name = shownFileName(file.name);
  // An image's signature is its first bytes; a PDF's header may come a little later, so it is looked for second.
  if (!sniffImageType(bytes) && looksLikePdf(bytes)) {
    const pdf = await checkPdf(bytes, { maxPages: PRIVATE_FILE_MAX_PAGES });
    return pdf.ok ? { bytes, name, contentType: "application/pdf" } : { problem: PDF_PROBLEMS[pdf.problem] };
  }
  const image = await checkImage(bytes, ["jpg", "png"]);
  if (!image.ok) return { problem: image.problem };
  return { bytes, name, contentType: image.extension === "jpg" ? "image/jpeg" : "image/png" };
}
