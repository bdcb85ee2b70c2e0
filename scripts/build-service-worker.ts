/**
 * Generates build/client/sw.js with Workbox after React Router's build (the `buildEnd`
 * hook in react-router.config.ts runs it for `npm run build` and for `npm start`'s
 * rebuild). The rules it applies are in app/domain/offline-rules.ts.
 *
 * - public page navigations: network first, the copy kept for offline reading, and the
 *   precached /offline.html when there is neither;
 * - signed-in, sign-in, API and data navigations: network only (never stored), with the
 *   same offline page;
 * - /assets/ (fingerprinted): cache first; public images and icons: revalidated;
 * - nothing else is handled: data requests, /__manifest and POSTs go to the network.
 *
 * Only /offline.html is precached: a visitor never downloads code for pages they do not open.
 */
import path from "node:path";
import type { GenerateSWOptions } from "workbox-build";
import {
  isHashedAsset,
  isPrivateNavigation,
  isPublicImage,
  isPublicNavigation,
  keepOnlyShareableResponses,
} from "../app/domain/offline-rules";

export const OFFLINE_PAGE = "/offline.html";
const DAY = 24 * 60 * 60;

export function serviceWorkerOptions(clientDirectory: string): GenerateSWOptions {
  return {
    globDirectory: clientDirectory,
    globPatterns: [OFFLINE_PAGE.slice(1)],
    swDest: path.join(clientDirectory, "sw.js"),
    mode: "production",
    // One file, so the one `Cache-Control: no-cache` rule for /sw.js covers the whole worker.
    inlineWorkboxRuntime: true,
    sourcemap: false,
    // A new deploy takes over at once; its next navigation is served by the new worker.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: isPublicNavigation,
        handler: "NetworkFirst",
        options: {
          cacheName: "pages",
          plugins: [keepOnlyShareableResponses],
          expiration: { maxEntries: 50, maxAgeSeconds: 30 * DAY },
          precacheFallback: { fallbackURL: OFFLINE_PAGE },
        },
      },
      {
        urlPattern: isPrivateNavigation,
        handler: "NetworkOnly",
        options: { precacheFallback: { fallbackURL: OFFLINE_PAGE } },
      },
      {
        urlPattern: isHashedAsset,
        handler: "CacheFirst",
        options: {
          cacheName: "assets",
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 200, maxAgeSeconds: 365 * DAY, purgeOnQuotaError: true },
        },
      },
      {
        urlPattern: isPublicImage,
        handler: "StaleWhileRevalidate",
        options: {
          cacheName: "images",
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
        },
      },
    ],
  };
}

/** Writes sw.js into the client build directory; throws (failing the build) on any Workbox error. */
export async function buildServiceWorker(clientDirectory: string, log: (message: string) => void = console.log) {
  const { generateSW } = await import("workbox-build");
  const { count, size, warnings } = await generateSW(serviceWorkerOptions(clientDirectory));
  for (const warning of warnings) log(`service worker: ${warning}`);
  if (count !== 1) throw new Error(`service worker: expected to precache ${OFFLINE_PAGE} alone, found ${count} files`);
  log(`service worker: build/client/sw.js precaches ${count} file (${size} bytes)`);
}
