import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // The whole route manifest ships with the first page (a couple of KB for our few dozen
  // routes) instead of being fetched from /__manifest after hydration: that fetch patched
  // the router and re-rendered the whole page in one long task on a phone's CPU.
  routeDiscovery: { mode: "initial" },
  // Opt in to React Router 8's behaviour now, so the upgrade is a version bump.
  future: {
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
  // After every production build (`npm run build`, and `npm start`'s rebuild): /sw.js and
  // the compiled server (build/server/start.js, what `npm start` runs) and its compile
  // cache (decision 028). Imported here, not
  // at the top, so typegen and the dev server never load Workbox or esbuild.
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const { buildServiceWorker } = await import("./scripts/build-service-worker");
    await buildServiceWorker(`${reactRouterConfig.buildDirectory}/client`);
    const { buildServerEntry, warmCompileCache } = await import("./scripts/build-server");
    await buildServerEntry(viteConfig.root, reactRouterConfig.buildDirectory);
    warmCompileCache(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
