/**
 * `npm run deploy:local`: the production topology of deploy/ on this machine (issue 38,
 * decision 051): nginx (TLS, HTTP/2) in front of three web instances and a worker,
 * PgBouncer in front of PostgreSQL, migrations run once by the deploy step. Needs Debian's
 * nginx and pgbouncer, a PostgreSQL server (DEPLOY_DATABASE_URL, else TEST_DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/postgres; a database of its own is made there
 * and dropped at the end) and the build (made when missing).
 *
 *   npm run deploy:local                        start it, until Ctrl-C
 *   npm run deploy:local -- --roll              under a steady load, restart every instance
 *                                               one at a time, and print the figures
 *   npm run deploy:local -- --roll --before     the same with what there was before: all-in-one
 *                                               instances, restarted all at once
 */
import { ensureBuild } from "./ensure-build.mjs";
import { startTopology } from "./lib/local-deploy";
import { investorSession, startLoad, type LoadReport } from "./lib/roll-load";

const args = new Set(process.argv.slice(2));
const serverUrl = process.env.DEPLOY_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const root = new URL("..", import.meta.url).pathname;
ensureBuild(root, (message) => console.log(message));

const before = args.has("--before");
const topology = await startTopology({ serverUrl, layout: before ? "all-in-one" : "roles", log: (line) => console.log(line) });
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await topology.stop();
};
process.once("SIGINT", () => void stop().then(() => process.exit(0)));
process.once("SIGTERM", () => void stop().then(() => process.exit(0)));

if (!args.has("--roll")) {
  console.log(`\nThe site: ${topology.url} (a self-signed certificate for localhost). Ctrl-C stops everything.`);
  await new Promise(() => {});
}

try {
  const figures = await rollUnderLoad();
  console.log(`\n${before ? "Before (all-in-one instances, restarted at once)" : "After (deploy/: one at a time, drained through nginx)"}`);
  printReport(figures.roll, figures.window, figures.all);
  process.exitCode = figures.all.failures === 0 && figures.all.lostEnquiries === 0 ? 0 : 1;
} finally {
  await stop();
}

async function rollUnderLoad() {
  const cookie = await investorSession(topology.url, topology.certificate, [...topology.webs, ...(topology.worker ? [topology.worker] : [])].map((i) => i.dataDir));
  const load = startLoad({ url: topology.url, ca: topology.certificate, cookie, directUrl: topology.directUrl });
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  load.markWindow();
  const roll = await topology.roll();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const { all, window } = await load.stop();
  return { roll, all, window };
}

function printReport(roll: { strategy: string; milliseconds: number; restarted: string[] }, window: LoadReport, all: LoadReport) {
  console.log(`  roll: ${roll.strategy}, ${roll.restarted.join(", ")} in ${(roll.milliseconds / 1000).toFixed(1)} s`);
  console.log(`  requests: ${all.requests} (${window.requests} from the roll's start), failed: ${all.failures} (${window.failures} during the roll)`);
  if (all.failures > 0) console.log(`  failed: ${JSON.stringify(all.failed)}`);
  console.log(`  resent after a closed keep-alive connection: ${all.resent}`);
  console.log(`  enquiries: ${all.enquiriesSent} sent, ${all.enquiriesAccepted} accepted, ${all.lostEnquiries} lost, ${all.duplicatedEnquiries} stored twice`);
  console.log(`  latency during the roll: p50 ${window.p50Ms} ms, p99 ${window.p99Ms} ms, max ${window.maxMs} ms`);
}
