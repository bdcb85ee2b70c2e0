import { existsSync } from "node:fs";
import type { TestService } from "./test-services";

/**
 * Debian's nginx and PgBouncer, for the production topology's tests (issue 38): `.ci/run`
 * installs them without starting them; scripts/lib/local-deploy.ts starts its own copies.
 */
const NGINX = process.env.NGINX_BINARY || "/usr/sbin/nginx";
const PGBOUNCER = process.env.PGBOUNCER_BINARY || "/usr/sbin/pgbouncer";

export const nginxService = (): TestService => ({
  name: "nginx (apt-get install nginx-light)",
  variable: "NGINX_BINARY",
  value: existsSync(NGINX) ? NGINX : undefined,
});

export const pgbouncerService = (): TestService => ({
  name: "PgBouncer (apt-get install pgbouncer)",
  variable: "PGBOUNCER_BINARY",
  value: existsSync(PGBOUNCER) ? PGBOUNCER : undefined,
});
