import { Worker, type ResourceLimits } from "node:worker_threads";

/**
 * A worker thread for long work that must not slow the site's requests (a backup's read
 * of the embedded database, its compression). Its code is plain JavaScript given as a
 * string (an ES module; it runs the same when built, under tsx and under Vitest): import
 * packages through URLs resolved here (`import.meta.resolve`), passed in `workerData`.
 *
 * On Linux the thread lowers its own priority first (nice 10, through its id in
 * /proc/thread-self): on a busy machine the server's event loop is scheduled before it.
 * Elsewhere it runs at the server's priority.
 */
const LOWER_PRIORITY = `
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
try {
  setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), 10);
} catch {}
`;

export function startBackgroundThread(source: string, workerData: unknown, options: { resourceLimits?: ResourceLimits } = {}): Worker {
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(`${LOWER_PRIORITY}\n${source}`)}`), { workerData, resourceLimits: options.resourceLimits });
}

/** Runs `source` in a background thread until it ends; rejects with what it threw. */
export function runInBackgroundThread(source: string, workerData: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = startBackgroundThread(source, workerData);
    let failure: Error | undefined;
    worker.once("error", (error) => (failure = error));
    worker.once("exit", (code) => (failure || code !== 0 ? reject(failure ?? new Error(`the background thread ended with code ${code}`)) : resolve()));
  });
}
