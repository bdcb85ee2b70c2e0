import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { servicesRequired } from "./test-services";

/**
 * Poppler's `pdfsig` (Debian's poppler-utils), which `.ci/run` installs: what an
 * independent PDF reader says of a file's signatures. Without it a test skips with this
 * reason on a laptop, and fails under REQUIRE_TEST_SERVICES=1.
 */
export function pdfsigAvailable(): boolean {
  try {
    execFileSync("pdfsig", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    if (servicesRequired()) throw new Error("REQUIRE_TEST_SERVICES=1 and pdfsig is not installed: apt-get install poppler-utils");
    return false;
  }
}

export const PDFSIG_MISSING = "needs poppler's pdfsig (apt-get install poppler-utils; bash .ci/run installs it)";

/** pdfsig's report on `bytes` (it exits 0 for a broken signature too: read the report). */
export function pdfsig(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pdfsig-"));
  try {
    const file = path.join(dir, "signed.pdf");
    writeFileSync(file, bytes);
    try {
      return execFileSync("pdfsig", [file], { encoding: "utf8" });
    } catch (error) {
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
