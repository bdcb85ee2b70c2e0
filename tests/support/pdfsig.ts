import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Poppler's `pdfsig` (Debian's poppler-utils, which `.ci/run` installs): what an
 * independent PDF reader says of a file's signatures. The sealing tests always run: without
 * it they fail with the way to install it, rather than skip.
 */
const MISSING = "pdfsig is not installed: apt-get install -y poppler-utils (bash .ci/run installs it)";

/** pdfsig's report on `bytes` (it exits 0 for a broken signature too: read the report). */
export function pdfsig(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pdfsig-"));
  try {
    const file = path.join(dir, "signed.pdf");
    writeFileSync(file, bytes);
    try {
      return execFileSync("pdfsig", [file], { encoding: "utf8" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(MISSING, { cause: error });
      const e = error as { stdout?: string; stderr?: string };
      return `${e.stdout ?? ""}${e.stderr ?? ""}`;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `bytes` with one byte changed inside the signed content (a digit of the first page's MediaBox). */
export function withOneByteChanged(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(bytes);
  const at = Buffer.from(copy).indexOf("/MediaBox [");
  if (at < 0) throw new Error("no MediaBox to change");
  const digit = at + "/MediaBox [".length;
  copy[digit] = copy[digit] === 0x30 ? 0x31 : 0x30;
  return copy;
}
