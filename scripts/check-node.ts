/**
 * The first step of `npm test`: prints the Node.js this run uses (so a CI log shows it)
 * and stops when it is older than package.json's `engines.node` allows.
 *
 * npm scripts put node_modules/.bin first on PATH, where the `node` devDependency (Node 24)
 * lives, so under `npm test` this is the project's own Node whatever the host has
 * (docs/decisions/004-node-24-from-the-npm-registry.md).
 */
import { readFileSync } from "node:fs";

const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  engines: { node: string };
};
const minimum = /^>=(\d+)\.(\d+)/.exec(engines.node);
if (!minimum) throw new Error(`package.json engines.node should read ">=MAJOR.MINOR", not "${engines.node}"`);

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const [wantMajor, wantMinor] = [Number(minimum[1]), Number(minimum[2])];

console.log(`node ${process.version} (${process.execPath})`);
if (major < wantMajor || (major === wantMajor && minor < wantMinor)) {
  console.error(
    `This project needs Node.js ${engines.node}; this is ${process.version}. Run it through npm ` +
      "(npm test, npm start, npm run ..., npx), which uses the project's own Node 24 from " +
      "node_modules/.bin; run `npm install` first if node_modules/.bin/node is missing.",
  );
  process.exit(1);
}
