import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import compression from "compression";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import { fromNodeHeaders } from "better-auth/node";
import proxyaddr from "proxy-addr";
import { pinoHttp } from "pino-http";
import { isSameSitePath } from "~/domain/safe-redirect";
import { FORM_BODY_BYTES } from "~/domain/uploads";
import { DEFAULT_LOCALE, LOCALES } from "~/i18n/locales";
import { CLIENT_IP_HEADER, LOCALE_HEADER } from "../security/better-auth.server";
import { BODY_TOO_LARGE_HEADER } from "./answer.server";
import type { AppConfig } from "../core/config.server";
import type { DatabaseHandle } from "../db/client.server";
import type { Logger } from "../core/logger.server";
import type { Metrics } from "../core/metrics.server";
import type { JobQueue } from "../jobs/queue.server";
import type { RequestContext } from "../context/service-context.server";
import { createRequestContext, type AppParts } from "./request-context.server";
import { routeLabeller, routeMatcher, type RouteLabeller } from "./route-pattern.server";
import type { UploadLimits } from "./body-limits.server";
import { localeOfRequest } from "./locale-pages.server";
import { PERMISSIONS_POLICY } from "./permissions-policy.server";

type Handler = (req: Request, res: Response, next: NextFunction) => unknown;

/** A handler mounted at a path prefix (or at the root). */
export interface Mount {
  path?: string;
  handler: Handler;
}

export interface HttpAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  logger: Logger;
  /** Serves built or dev-server assets (mounted before the page handler). */
  assets?: Mount[];
  /** better-auth's handler, served under /api/auth. */
  auth?: Handler;
  /** React Router's request handler. */
  pages?: Handler;
  /** Request timings and the rest of /metrics (app/server/core/metrics.server.ts). */
  metrics?: Metrics;
  /** Names a request's route pattern for the metrics (app/server/http/route-pattern.server.ts). */
  routeLabel?: RouteLabeller;
  /**
   * The body limits the build's upload routes declare (`uploadLimitsOf`, body-limits.server.ts;
   * the dev server reads them from its build as it is now, so an answer may be a promise).
   * Without them, every body is held to MAX_BODY_BYTES.
   */
  uploadLimits?: UploadLimits | ((pathname: string, search: string) => Promise<number | undefined>);
  /** Background work whose health /readyz reports (the job queue). */
  jobs?: Pick<JobQueue, "health">;
  /**
   * Whether the process is shutting down (SIGTERM): /readyz then answers 503, so a load
   * balancer sends nothing new, and every answer closes its connection, so clients holding
   * one open come back through another instance (decision 051).
   */
  stopping?: () => boolean;
}

const SAFE_REQUEST_ID = /^[\w-]{8,64}$/;

/** Request bodies larger than this are refused (forms and JSON here are a few KB), but for a route's declared upload limit. */
export const MAX_BODY_BYTES = FORM_BODY_BYTES;

/**
 * An over-limit body up to this size is read past (dropped as it arrives) so the page can
 * answer with its own message; a larger one is refused at once and the connection closed.
 */
const MAX_DISCARDED_BYTES = 16 * 1024 * 1024;

/**
 * Routes that answer a stored file with its own Cache-Control and content policy
 * (app/server/storage/files.server.ts), in any language: `/ar/media/…` is the same image.
 */
const isFileRoute = routeMatcher([
  "media/:name",
  "documents/:id/download",
  "identity-files/:id",
  "signed-agreements/:file",
  "opportunities/:slug/confidentiality/copy.pdf",
  "portfolio/files/:kind/:id",
]);
/** A request that carries a session cookie (signed in, or at least claiming to be). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const hasSession = (req: Request) => SESSION_COOKIE.test(req.get("cookie") ?? "");

/**
 * How large this request's body may be: the upload limit its route declares (app/domain/uploads.ts)
 * for a multipart form with a session, in any language, as a page or as a data request
 * (/ar/admin.data); everything else MAX_BODY_BYTES. An upload route's action refuses anyone
 * it does not serve before it reads the body; this only decides how much may be sent.
 */
async function bodyLimit(req: Request, limits: HttpAppOptions["uploadLimits"]): Promise<number> {
  if (!limits || !req.is("multipart/form-data") || !hasSession(req)) return MAX_BODY_BYTES;
  const query = req.originalUrl.indexOf("?");
  return (await limits(req.path, query >= 0 ? req.originalUrl.slice(query) : "")) ?? MAX_BODY_BYTES;
}

/** A booking's manage link under any language's prefix: "/booking/<token>", "/ar/booking/<token>.data". */
const BOOKING_LINK = new RegExp(`^((?:/(?:${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join("|")}))?/booking)/[^/]+`);

/**
 * The path for the log, without the query string (verification tokens) and with tokens
 * that travel in the path itself (password-reset and booking links) blanked out.
 */
export function redactPath(url: string): string {
  const path = url.split("?")[0] ?? "";
  return path
    .replace(/^(\/api\/auth\/(?:reset-password|delete-user\/callback))\/[^/]+/, "$1/[token]")
    // A booking's manage link moves or cancels it: its token is a key (issue 16), in every language.
    .replace(BOOKING_LINK, "$1/[token]");
}

/**
 * Who may read /metrics: the bearer token (compared in constant time, as digests so
 * lengths do not leak) or an address on METRICS_ALLOW, as Express worked out the client's
 * address (TRUST_PROXY decides whether forwarded headers count).
 */
function metricsGate(settings: NonNullable<AppConfig["metrics"]>): (req: Request) => boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  const token = settings.token ? digest(settings.token) : undefined;
  const allowed = settings.allow.length > 0 ? proxyaddr.compile(settings.allow) : undefined;
  return (req) => {
    const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
    if (token && given && timingSafeEqual(digest(given), token)) return true;
    return Boolean(allowed && req.ip && allowed(req.ip, 0));
  };
}

/**
 * React Router's getLoadContext: each request's context from the process's parts and what
 * this app worked out for the request (its logger and id, the CSP nonce).
 */
export function loadContextFor(parts: AppParts): (req: Request, res: Response) => RequestContext {
  return (req, res) =>
    createRequestContext(parts, {
      headers: fromNodeHeaders(req.headers),
      log: req.log,
      requestId: String(req.id),
      locale: localeOfRequest(req.originalUrl),
      nonce: res.locals.cspNonce as string,
      setResponseHeader: (name, value) => void res.setHeader(name, value),
    });
}

/** Origins of the configured identity providers (their discovery documents' hosts). */
function socialSignInOrigins(config: AppConfig): string[] {
  return [config.google, config.linkedin].flatMap((p) => (p ? [new URL(p.discoveryUrl).origin] : []));
}
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The auth library's parameters that name a place to go next. */
const AUTH_REDIRECT_PARAMS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo", "currentURL"];

/**
 * Builds the Express application: request ids and logging, security headers with a
 * per-request CSP nonce, compression, the health check, the cross-site request guard,
 * then assets and pages. Kept apart from server.ts so tests can run it over real HTTP.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const { config, database, logger, metrics } = options;
  const routeLabel = options.routeLabel ?? routeLabeller(undefined);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  const stopping = options.stopping ?? (() => false);
  app.use((_req, res, next) => {
    if (stopping()) res.setHeader("Connection", "close");
    next();
  });

  if (metrics) {
    app.use((req, res, next) => {
      const done = metrics.startRequest();
      // Labelled from the path as it arrives: a handler mounted at a prefix (/assets,
      // say) that answers without calling next leaves req.path with the prefix cut.
      const route = routeLabel(req.path);
      res.once("finish", () => done({ method: req.method, route, status: res.statusCode }));
      next();
    });
  }

  app.use(
    pinoHttp({
      logger,
      genReqId(req: IncomingMessage, res: ServerResponse) {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customLogLevel(_req, res, error) {
        if (error || res.statusCode >= 500) return "error";
        if (res.statusCode >= 400) return "warn";
        return "info";
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" || req.url === "/metrics" },
      serializers: {
        // The path only: query strings can carry tokens (e-mail verification, password reset).
        req: (req: { id: unknown; method: string; url: string; raw?: { ip?: string } }) => ({
          id: req.id,
          method: req.method,
          path: redactPath(req.url),
          ip: req.raw?.ip,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use((req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    // On every answer, whoever sends it (pages, files, assets, the API, refusals).
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    // The client IP as Express worked it out (TRUST_PROXY decides whether forwarded
    // headers count), replacing whatever a client sent under this name. Rate limits and
    // session records read this header, never X-Forwarded-For directly.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    delete req.headers[BODY_TOO_LARGE_HEADER];
    // Set by our sign-up service for better-auth, never taken from a client.
    delete req.headers[LOCALE_HEADER];
    next();
  });

  const https = config.siteUrl.startsWith("https://");
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", "https:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          // Social sign-in posts a form whose answer redirects to the identity provider:
          // browsers check that redirect against form-action too.
          formAction: ["'self'", ...socialSignInOrigins(config)],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: config.isProduction && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use(compression());

  app.get("/healthz", async (req, res) => {
    try {
      await database.ping();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: database.driver });
    } catch (error) {
      req.log.error({ err: error }, "health check: database unreachable");
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  // Readiness: whether this instance can do its work now (the database and the background
  // worker answer), for a load balancer deciding where to send requests. /healthz stays the
  // liveness check: the process answers.
  app.get("/readyz", async (req, res) => {
    if (stopping()) {
      res.status(503).set("Cache-Control", "no-store").json({ status: "stopping" });
      return;
    }
    const database_ = await database.ping().then(
      () => ({ ok: true }),
      (error: unknown) => ({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
    const jobs = options.jobs?.health();
    const ready = database_.ok && (jobs?.ok ?? true);
    if (!ready) req.log.warn({ database: database_, jobs }, "not ready");
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({
        status: ready ? "ready" : "unavailable",
        checks: {
          database: database_.ok ? "ok" : "unavailable",
          ...(jobs ? { jobs: jobs.state } : {}),
        },
      });
  });

  const mayScrape = config.metrics ? metricsGate(config.metrics) : undefined;
  app.get("/metrics", async (req, res, next) => {
    // Not configured: no such page, answered like any other unknown path.
    if (!metrics || !mayScrape) return next();
    if (!mayScrape(req)) {
      req.log.warn({ ip: req.ip }, "refused a metrics scrape");
      res.status(403).set("Cache-Control", "no-store").type("text/plain").send("Forbidden");
      return;
    }
    res.set("Cache-Control", "no-store").type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  // CSRF: a state-changing request from a browser must come from our own origin. One that
  // carries cookies must also say where it comes from (Origin, or Referer from old browsers).
  const siteOrigin = new URL(config.siteUrl).origin;
  app.use((req, res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const origin = req.get("origin");
    const referer = req.get("referer");
    const refererOrigin = referer && URL.canParse(referer) ? new URL(referer).origin : undefined;
    const crossSite = req.get("sec-fetch-site") === "cross-site";
    const foreign =
      (origin !== undefined && origin !== siteOrigin) ||
      (!origin && refererOrigin !== undefined && refererOrigin !== siteOrigin) ||
      (!origin && crossSite) ||
      (!origin && !referer && Boolean(req.get("cookie")));
    if (foreign) {
      req.log.warn({ origin, referer: refererOrigin, siteOrigin }, "refused cross-site request");
      res.status(403).type("text/plain").send("Cross-site request refused");
      return;
    }
    next();
  });

  // Bodies are bounded before anyone buffers them: a declared length over the limit is
  // refused (below), and a body without a declared length (chunked) is not accepted.
  app.use(async (req, res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const length = req.get("content-length");
    if (length === undefined && req.get("transfer-encoding")) {
      res.status(411).type("text/plain").send("Length Required");
      return;
    }
    if (length !== undefined && Number(length) > MAX_BODY_BYTES && Number(length) > (await bodyLimit(req, options.uploadLimits))) {
      if (req.path.startsWith("/api/auth/") || Number(length) > MAX_DISCARDED_BYTES) {
        res.status(413).set("Connection", "close").type("text/plain").send("Payload Too Large");
        return;
      }
      // A page's action answers it itself, with its own failure message and a 413
      // (readForm in answer.server.ts). The body is read past and dropped first, never kept:
      // the connection then stays usable for the browser's next request.
      req.headers[BODY_TOO_LARGE_HEADER] = "1";
      req.on("error", next);
      req.on("end", () => next());
      req.resume();
      return;
    }
    next();
  });


  if (options.auth) {
    // The auth library's links carry where to go afterwards (`callbackURL` and friends):
    // only our own paths, so a crafted link cannot send a visitor to another site.
    app.use("/api/auth", (req, res, next) => {
      for (const name of AUTH_REDIRECT_PARAMS) {
        const value = req.query[name];
        if (value !== undefined && (typeof value !== "string" || !isSameSitePath(value))) {
          req.log.warn({ param: name }, "refused an auth link that leaves the site");
          res.status(400).type("text/plain").send("Bad request");
          return;
        }
      }
      next();
    });
    app.all("/api/auth/{*rest}", options.auth);
  }

  for (const { path, handler } of options.assets ?? []) {
    if (path) app.use(path, handler);
    else app.use(handler);
  }
  // A stored file's answer sets its own caching and its own (stricter) content policy,
  // which React Router adds to what is already set: the page defaults are taken off here.
  app.use((req, res, next) => {
    if (isFileRoute(req.path)) {
      res.removeHeader("Content-Security-Policy");
      res.removeHeader("X-Content-Type-Options");
    }
    next();
  });
  // A page rendered for a signed-in visitor carries their name: never for shared caches.
  // Stored files say themselves who may keep them (public images; a reader's own copy).
  app.use((req, res, next) => {
    if (hasSession(req) && !isFileRoute(req.path)) {
      res.setHeader("Cache-Control", "private, no-store");
    }
    next();
  });
  if (options.pages) app.use(options.pages);

  // The last resort: anything thrown past the page handler. Client errors (a malformed
  // URL, say) keep their status; anything else is logged once as an error, detail never sent.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: unknown }).status;
    const clientError = typeof status === "number" && status >= 400 && status < 500;
    if (clientError) req.log.warn({ status, err: error }, "bad request");
    else req.log.error({ err: error }, "unhandled request error");
    if (res.headersSent) {
      res.end();
      return;
    }
    res
      .status(clientError ? status : 500)
      .type("text/plain")
      .send(clientError ? (STATUS_CODES[status] ?? "Bad request") : "Something went wrong");
  });

  return app;
}
