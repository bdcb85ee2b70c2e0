/**
 * PDFs the tests upload that pdf-lib cannot write, written by hand: `pdfOf` lays out
 * numbered objects with a correct cross-reference table and the trailer given, after a
 * comment line holding `note` when there is one.
 */
export function pdfOf(objects: string[], trailer: string, note?: string): Uint8Array<ArrayBuffer> {
  let body = `%PDF-1.4\n${note === undefined ? "" : `% ${note}\n`}`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(body, (c) => c.charCodeAt(0));
}

/** A password-protected PDF: a standard security handler (/Encrypt) in its trailer. */
export function encryptedPdf(): Uint8Array<ArrayBuffer> {
  return pdfOf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
      `<< /Filter /Standard /V 1 /R 2 /O <${"28bf4e5e4e758a41".repeat(4)}> /U <${"64e1c1c3e1a3f7a6".repeat(4)}> /P -44 >>`,
    ],
    "/Root 1 0 R /Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]",
  );
}

/**
 * A real one-page PDF (what an upload is checked to be: decision 059) that carries `note`
 * as a comment, for tests that look for a document's words where they must not be.
 */
export function scanPdf(note: string): Uint8Array<ArrayBuffer> {
  return pdfOf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"], "/Root 1 0 R", note);
}
