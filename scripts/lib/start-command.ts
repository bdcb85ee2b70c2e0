import { readFileSync } from "node:fs";
import path from "node:path";

export interface StartCommand {
  /** The variables package.json's start sets before Node (MALLOC_ARENA_MAX, decision 025). */
  env: Record<string, string>;
  /** Node's arguments: its flags and scripts/start.mjs. */
  args: string[];
}

/**
 * How `npm start` runs the server (package.json's "start": `[VAR=value ...] node [flags]
 * scripts/start.mjs`), so the benchmarks and the e2e web server start it exactly so, on the
 * Node that runs them.
 */
export function startCommand(root: string): StartCommand {
  const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const words = scripts.start!.split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes("=")) {
    const [name, value] = words.shift()!.split("=") as [string, string];
    env[name] = value;
  }
  const [command, ...args] = words;
  if (command !== "node" || args.at(-1) !== "scripts/start.mjs") {
    throw new Error(`package.json's start is not "[VAR=value ...] node [flags] scripts/start.mjs": ${scripts.start}`);
  }
  return { env, args };
}
