import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "./migrate.server";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("committed migrations", () => {
  it("match the Drizzle schema (a schema change without `npm run db:generate` fails here)", () => {
    const copy = mkdtempSync(path.join(tmpdir(), "migrations-"));
    cpSync(MIGRATIONS_FOLDER, copy, { recursive: true });
    const before = readdirSync(copy).sort();
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, "node_modules/drizzle-kit/bin.cjs"),
        "generate",
        "--dialect=postgresql",
        "--schema=./app/server/db/schema.server.ts",
        // drizzle-kit prefixes "./" to the folder, so it must be relative.
        `--out=${path.relative(root, copy)}`,
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    expect(readdirSync(copy).sort()).toEqual(before);
    expect(result.stdout).toContain("No schema changes");
  });
});
