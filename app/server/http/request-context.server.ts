import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import type { AppConfig } from "../core/config.server";
import type { Logger } from "../core/logger.server";
import type { Metrics } from "../core/metrics.server";
import type { Database } from "../db/client.server";
import type { RequestContext, ServiceJobs } from "../context/service-context.server";
import { CLIENT_IP_HEADER, type Auth } from "../security/better-auth.server";
import { clientKeyOf } from "../security/client-ip.server";
import { readViewer, type Viewer } from "../security/session.server";

/** What lives as long as the process: given to every request's context. */
export interface AppParts {
  db: Database;
  config: AppConfig;
  auth: Auth;
  jobs: ServiceJobs;
  metrics?: Pick<Metrics, "rateLimitRefused">;
}

export function createRequestContext(
  app: AppParts,
  request: { headers: Headers; log: Logger; requestId: string; locale?: Locale; nonce: string; setResponseHeader?: (name: string, value: string) => void },
): RequestContext {
  const sessionCookies = new Headers();
  let viewer: Promise<Viewer | null> | undefined;
  const context: RequestContext = {
    ...app,
    log: request.log,
    requestId: request.requestId,
    locale: request.locale ?? DEFAULT_LOCALE,
    nonce: request.nonce,
    headers: request.headers,
    clientKey: clientKeyOf(request.headers),
    clientAddress: request.headers.get(CLIENT_IP_HEADER) ?? undefined,
    sessionCookies,
    setResponseHeader: request.setResponseHeader ?? (() => {}),
    viewer: () => (viewer ??= readViewer(context, request.headers, sessionCookies)),
  };
  return context;
}
