/**
 * The server entry. Run as one process:
 *   npx node --import tsx server.ts          production build (npm start builds it first)
 *   npx node --import tsx server.ts --dev    Vite dev server with hot reload
 *
 * NODE_ENV is settled before anything else loads: React picks its development or
 * production build when first imported, and the two must not mix.
 */
export {};

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ||= dev ? "development" : "production";

const { startServer } = await import("./app/server/runtime/serve.server");
await startServer({ dev });
