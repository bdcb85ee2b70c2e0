import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "./project-root.server";

const here = path.resolve(import.meta.dirname, "../../..");
const scratch = mkdtempSync(path.join(tmpdir(), "root-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("projectRoot", () => {
  it("finds the project from the sources and from the compiled server alike", () => {
    expect(projectRoot()).toBe(here);
    expect(projectRoot(path.join(here, "build/server/start.js"))).toBe(here);
    expect(projectRoot(path.join(here, "build/server/runtime/serve.server-ABC.js"))).toBe(here);
  });

  it("takes the nearest package.json, and says so when there is none", () => {
    mkdirSync(path.join(scratch, "app/deep"), { recursive: true });
    writeFileSync(path.join(scratch, "package.json"), "{}");
    expect(projectRoot(path.join(scratch, "app/deep/file.js"))).toBe(scratch);
    rmSync(path.join(scratch, "package.json"));
    expect(() => projectRoot(path.join(scratch, "app/deep/file.js"))).toThrow(/no package.json above/);
  });
});
