import { ACCOUNT_DATA_MESSAGES, accountDataFilename } from "~/domain/account-data";
import { wallClockNow } from "~/domain/slots";
import { answerResponse } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { exportOwnData } from "~/server/services/account-data.server";
import type { Route } from "./+types/account.data.export";

/** Personal data: never kept by a cache, never sniffed into something else. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/**
 * GET /account/data/export (issue 13): "Download my data", the signed-in person's own
 * account as a JSON file. A data endpoint, so a visitor without a session gets 401, not a
 * redirect; there is no id in the URL, the service only ever reads the actor's own rows.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return answerResponse(context, { failure: ACCOUNT_DATA_MESSAGES.exportFailed, headers: PRIVATE }, async () => {
    const copy = await exportOwnData(context, await actorFor(context));
    const filename = accountDataFilename(wallClockNow(context.config.firmTimeZone).date);
    return new Response(`${JSON.stringify(copy, null, 2)}\n`, {
      headers: {
        ...PRIVATE,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
      },
    });
  });
}
