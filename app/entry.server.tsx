import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import "./i18n/catalogues.server";
import { NonceProvider } from "./nonce";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "./server/core/pg-error.server";
import { holdScriptsStream } from "./server/http/scripts-after-paint.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  // A loader that failed because the database is away (a restart, a failover): the crash
  // screen as usual, but as 503 with Retry-After, so clients and proxies know to come back.
  if (Object.values(routerContext.staticHandlerContext.errors ?? {}).some(isDatabaseUnavailable)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Give up on slow deferred data; cleared as soon as everything has rendered.
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1000);
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode get the whole document at once; browsers get it streamed.
    const readyEvent = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const sendShell = () => {
      shellRendered = true;
      const body = new PassThrough();
      // The page's scripts are held until it has painted (decision 022).
      const stream = createReadableStreamFromReadable(body.pipe(holdScriptsStream()));
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(abortTimer);
          if (readyEvent === "onAllReady") sendShell();
        },
        onShellReady() {
          if (readyEvent === "onShellReady") sendShell();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, the rejection reaches React Router (and handleError); after it,
          // nothing else sees a streaming error, so it is logged here.
          if (shellRendered) loadContext.log.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

/**
 * The one place unexpected loader, action and render errors are logged, with the request id.
 * React Router also hands over its own refusals of what a client asked for, as a 4xx
 * ErrorResponse: a form posted to a page without an action (POST / without ?index), a
 * method no route serves (OPTIONS /). Those are the client's mistakes, not ours: a warning
 * with the status, kept apart from the errors someone must look at.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const reason = (error as { error?: unknown }).error;
    context.log.warn({ status: error.status, method: request.method, path, reason: reason instanceof Error ? reason.message : error.statusText }, "request refused by the router");
    return;
  }
  context.log.error({ err: error, path }, "unhandled error while handling request");
};
