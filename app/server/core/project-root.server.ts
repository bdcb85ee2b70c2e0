import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder (where package.json is), found from this module's own file: the
 * same answer whether the server runs from its TypeScript sources (`app/server/core`,
 * under tsx or Vite) or from the compiled bundle (`build/server/start.js`).
 */
export function projectRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = path.dirname(from);
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}
