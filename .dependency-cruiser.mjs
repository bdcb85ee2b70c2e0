/**
 * The layers of the house (docs/ARCHITECTURE.md, "The layers"), checked by `npm run
 * check:layers` as part of `npm test`. Inside app/server each folder belongs to one tier and
 * imports only from tiers below its own: never up, never sideways to a sibling. Type-only
 * imports count too: a type is a dependency a reader has to follow. Tests beside the code
 * (*.test.ts) may reach anywhere.
 */

/** app/server's folders, from what starts everything down to what everything uses. */
const TIERS = [
  ["start"], // boot, the server process, the job workers, shutdown
  ["http", "ops", "seed"], // requests; backups and maintenance; demo content and factories
  ["services"], // one module per entity: queries and permission checks
  ["context"], // the service and request context types
  ["security"], // who is asking and what they may do: sessions, roles, rate limits
  ["notifications"], // notify(): the bell's record and each channel's delivery (decision 054)
  ["email", "storage", "documents", "payments", "maps", "calendars", "whatsapp"], // mail, stored files, PDFs, Stripe, locator maps, advisers' CalDAV calendars, the WhatsApp Cloud API
  ["jobs"], // the job queue
  ["db"], // schema, client, migrations
  ["core"], // configuration, logging, metrics, errors, tokens: used by everyone
];

const notTests = "(?<!\\.test)\\.tsx?$";
const folder = (names) => `^app/server/(${names.join("|")})/`;

const layerRules = TIERS.flatMap((tier, index) => {
  const above = TIERS.slice(0, index).flat();
  return tier.map((name) => ({
    name: `${name}-imports-only-below`,
    comment: `app/server/${name} may import only from the tiers below it: not ${[...above, ...tier.filter((t) => t !== name)].join(", ") || "(nothing above)"}`,
    severity: "error",
    from: { path: `^app/server/${name}/.*${notTests}` },
    to: { path: folder([...above, ...tier.filter((t) => t !== name)]) },
  }));
}).filter((rule) => !rule.to.path.endsWith("()/"));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...layerRules,
    {
      name: "server-folders-are-known",
      comment: "every folder of app/server has a tier above (a new folder needs one)",
      severity: "error",
      from: { path: "^app/server/" },
      to: { path: "^app/server/", pathNot: folder(TIERS.flat()) },
    },
    {
      name: "domain-is-pure",
      comment: "app/domain is shared by server and browser: it imports neither the server, the routes nor components",
      severity: "error",
      from: { path: `^app/domain/.*${notTests}` },
      to: { path: "^app/(server|routes|components)/" },
    },
    {
      name: "components-take-contracts-from-domain",
      comment: "components import app/domain for their contracts, never routes or the server",
      severity: "error",
      from: { path: `^app/components/.*${notTests}` },
      to: { path: "^app/(server|routes)/" },
    },
    {
      name: "server-does-not-import-the-ui",
      comment: "app/server renders nothing of its own: no routes, no components",
      severity: "error",
      from: { path: `^app/server/.*${notTests}` },
      to: { path: "^app/(routes|components)/" },
    },
    {
      name: "no-circular-in-server",
      comment: "modules of app/server do not import each other in a circle",
      severity: "error",
      from: { path: "^app/server/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
