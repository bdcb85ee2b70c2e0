import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, PGLITE_SETTINGS, type DatabaseHandle } from "~/server/db/client.server";

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "embedded-"));
  dirs.push(dir);
  return dir;
}

async function open(dir: string) {
  const handle = await openDatabase({ driver: "pglite", dataDir: dir });
  handles.push(handle);
  if (handle.driver !== "pglite") throw new Error("expected PGlite");
  return handle;
}

async function sharedBuffers(handle: Awaited<ReturnType<typeof open>>): Promise<string> {
  return (await handle.client.query<{ shared_buffers: string }>("show shared_buffers")).rows[0]!.shared_buffers;
}

describe("the embedded database's memory settings (decision 025)", () => {
  it("opens a new data folder with small shared buffers, kept in its postgresql.auto.conf", async () => {
    const dir = dataDir();
    const first = await open(dir);
    expect(await sharedBuffers(first)).toBe(PGLITE_SETTINGS.shared_buffers);
    expect(readFileSync(path.join(dir, "pglite", "postgresql.auto.conf"), "utf8")).toMatch(/shared_buffers = '16MB'/);
    await first.close();
    const again = await open(dir);
    expect(await sharedBuffers(again)).toBe("16MB");
  });

  it("brings a data folder made before the setting to it, with its data intact", async () => {
    const dir = dataDir();
    const old = await PGlite.create(path.join(dir, "pglite"));
    expect((await old.query<{ shared_buffers: string }>("show shared_buffers")).rows[0]!.shared_buffers).toBe("128MB");
    await old.exec("create table kept (note text); insert into kept values ('before the setting')");
    await old.close();

    const handle = await open(dir);
    expect(await sharedBuffers(handle)).toBe("16MB");
    expect((await handle.client.query<{ note: string }>("select note from kept")).rows).toEqual([{ note: "before the setting" }]);
  });
});
