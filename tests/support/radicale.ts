import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../e2e/free-port";
import type { TestService } from "./test-services";

/**
 * A real CalDAV server for the tests (issue 37): Radicale, Debian's package (`.ci/run`
 * installs it), started on a free port with its own empty store, as `.ci/run` starts
 * PostgreSQL. It wants HTTP Basic auth even with `--auth-type=none`, and each user owns
 * `/<user>/...`: a test makes a calendar with MKCALENDAR as that user.
 */

/** Debian's Python has the module; the `python3` first on PATH may be another build. */
const PYTHON = process.env.TEST_RADICALE_PYTHON || "/usr/bin/python3";

export const radicaleService = (): TestService => ({
  name: "Radicale, a CalDAV server (apt-get install radicale)",
  variable: "TEST_RADICALE_PYTHON",
  value: spawnSync(PYTHON, ["-c", "import radicale"], { stdio: "ignore" }).status === 0 ? PYTHON : undefined,
});

export interface Radicale {
  base: string;
  /** A new calendar collection owned by `user`: its address, ending in "/". */
  calendar(user: string, name?: string): Promise<string>;
  /** Writes an event into a calendar (the way the adviser's own app would). */
  put(calendarUrl: string, user: string, name: string, ics: string): Promise<void>;
  remove(calendarUrl: string, user: string, name: string): Promise<void>;
  /** The calendar's objects' text, by name. */
  objects(calendarUrl: string, user: string): Promise<Map<string, string>>;
  /** Stops the server (an outage); `start` brings it back on the same port with the same store. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The app password tests give for every Radicale user (Radicale here checks none). */
export const RADICALE_PASSWORD = "app-password";

const auth = (user: string) => `Basic ${Buffer.from(`${user}:${RADICALE_PASSWORD}`).toString("base64")}`;

export async function startRadicale(python: string): Promise<Radicale> {
  const store = mkdtempSync(path.join(tmpdir(), "radicale-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(python, ["-m", "radicale", `--storage-filesystem-folder=${store}`, `--server-hosts=127.0.0.1:${port}`, "--auth-type=none", "--logging-level=warning"], { stdio: "ignore" });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`radicale exited with ${child.exitCode}`);
      try {
        await fetch(`${base}/.web/`);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error("radicale did not start");
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  await start();

  return {
    base,
    async calendar(user, name = "work") {
      const url = `${base}/${user}/${name}/`;
      const response = await fetch(url, { method: "MKCALENDAR", headers: { Authorization: auth(user) } });
      if (response.status !== 201) throw new Error(`MKCALENDAR ${url} answered ${response.status}`);
      return url;
    },
    async put(calendarUrl, user, name, ics) {
      const response = await fetch(`${calendarUrl}${name}`, { method: "PUT", headers: { Authorization: auth(user), "Content-Type": "text/calendar" }, body: ics });
      if (!response.ok) throw new Error(`PUT ${name} answered ${response.status}`);
    },
    async remove(calendarUrl, user, name) {
      const response = await fetch(`${calendarUrl}${name}`, { method: "DELETE", headers: { Authorization: auth(user) } });
      if (!response.ok) throw new Error(`DELETE ${name} answered ${response.status}`);
    },
    async objects(calendarUrl, user) {
      // PROPFIND lists the members; each is then read with a GET.
      const listing = await fetch(calendarUrl, { method: "PROPFIND", headers: { Authorization: auth(user), Depth: "1" } });
      const hrefs = [...(await listing.text()).matchAll(/<href>([^<]+\.ics)<\/href>/g)].map((m) => m[1]!);
      const found = new Map<string, string>();
      for (const href of hrefs) {
        const response = await fetch(new URL(href, base), { headers: { Authorization: auth(user) } });
        if (response.ok) found.set(decodeURIComponent(href.split("/").at(-1)!), await response.text());
      }
      return found;
    },
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(store, { recursive: true, force: true });
    },
  };
}
