/**
 * The server entry. Run as one process:
 *   npm start                                the build, compiled: build/server/start.js is this
 *                                            file as plain JavaScript (scripts/build-server.ts)
 *   npx node --import tsx server.ts          the build, from the TypeScript sources
 *   npx node --import tsx server.ts --dev    Vite dev server with hot reload
 *
 * NODE_ENV is settled before anything else loads: React picks its development or
 * production build when first imported, and the two must not mix.
 */
export {};

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ||= dev ? "development" : "production";

const { startServer } = await import("./app/server/start/serve.server");
await startServer({ dev });
