import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // Opt in to React Router 8's behaviour now, so the upgrade is a version bump.
  future: {
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
  // After every production build (`npm run build`, and `npm start`'s rebuild): /sw.js.
  // Imported here, not at the top, so typegen and the dev server never load Workbox.
  async buildEnd({ reactRouterConfig }) {
    const { buildServiceWorker } = await import("./scripts/build-service-worker");
    await buildServiceWorker(`${reactRouterConfig.buildDirectory}/client`);
  },
} satisfies Config;
