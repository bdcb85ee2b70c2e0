import { attachmentDisposition } from "~/domain/file-names";
import type { Locale } from "~/i18n/locales";
import type { Logger } from "../core/logger.server";
import { answerResponse, notFound } from "./answer.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * A private file's answer (an identity file, a signed agreement, a receipt, a statement, a
 * proof of transfer): `load` asks the service, which decides who may have it; anyone else
 * gets the not-found answer. Never cached, never shown inline, never run; a failure is the
 * `failure` message with the full detail in the log. The name and type are the service's:
 * built by the product, and for an upload the type its content proved (decision 059).
 */
export function privateFileResponse(
  context: { log: Logger; locale?: Locale },
  request: Request,
  failure: string,
  load: () => Promise<{ bytes: Uint8Array; fileName: string; contentType?: string } | undefined>,
): Promise<Response> {
  return answerResponse(context, { failure, headers: PRIVATE }, async () => {
    const file = await load();
    if (!file) {
      notFound(context, request);
      return new Response("Not found", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
    }
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        ...PRIVATE,
        "Content-Type": file.contentType ?? "application/pdf",
        "Content-Length": String(file.bytes.byteLength),
        "Content-Disposition": attachmentDisposition(file.fileName),
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
