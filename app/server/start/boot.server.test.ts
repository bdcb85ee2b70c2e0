import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSelfSignedSeal } from "../documents/seal.server";
import { checkDataDirWritable, checkSeal, dataDirProblem } from "./boot.server";

describe("the data directory check at start-up", () => {
  it("passes on a writable directory and leaves nothing behind", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "boot-"));
    checkDataDirWritable(dir);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("fails on a path under a file, with a message naming DATA_DIR and the reason", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "boot-")), "not-a-dir");
    writeFileSync(file, "");
    let thrown: unknown;
    try {
      checkDataDirWritable(path.join(file, "data"));
    } catch (error) {
      thrown = error;
    }
    expect(dataDirProblem(thrown, path.join(file, "data"))).toBe(
      `DATA_DIR: cannot write to ${path.join(file, "data")} (part of the path is a file, not a directory, ENOTDIR). Free some space or fix the permissions, or point DATA_DIR at a writable directory.`,
    );
  });

  it("names a full disk and a read-only mount", () => {
    expect(dataDirProblem(Object.assign(new Error("no space"), { code: "ENOSPC" }), "/srv/data")).toContain("(the disk is full, ENOSPC)");
    expect(dataDirProblem(Object.assign(new Error("read-only"), { code: "EROFS" }), "/srv/data")).toContain("(the file system is read-only, EROFS)");
    expect(dataDirProblem(new Error("something else"), "/srv/data")).toBeUndefined();
  });
});

describe("the seal check at start-up", () => {
  it("passes a PKCS#12 that opens with its passphrase, and names SEAL_P12_FILE for one that does not", () => {
    const key = makeSelfSignedSeal("Tigris Advisory Ltd", "right");
    expect(() => checkSeal({ seal: { ...key, file: "/etc/seal.p12" } })).not.toThrow();
    expect(() => checkSeal({ seal: undefined })).not.toThrow();
    expect(() => checkSeal({ seal: { ...key, passphrase: "wrong", file: "/etc/seal.p12" } })).toThrow(/^Invalid configuration:\n {2}- SEAL_P12_FILE: \/etc\/seal\.p12 does not open/);
    expect(() => checkSeal({ seal: { p12: Buffer.from("junk"), passphrase: "", file: "/etc/seal.p12" } })).toThrow(/SEAL_P12_FILE/);
  });
});
