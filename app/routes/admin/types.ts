import type { AppLoadContext } from "react-router";
import type { AdminActionResult } from "~/domain/action-result";
import type { Actor } from "~/server/security/actor.server";

/** One admin tab's part of the page's loader: what it shows, or the toast for a failed read. */
export interface PanelArgs {
  context: AppLoadContext;
  actor: Actor;
  /** The page's query string, as plain strings. */
  params: Record<string, string>;
}

/**
 * One write the admin page accepts, keyed by its `intent`. It parses `form` with its own
 * zod schema and calls a service (which checks the actor). An AppError it throws becomes
 * `{ ok: false, message }` with the error's status; anything else is logged and answered
 * with `failure`, the SPEC's message for that write (app/server/http/answer.server.ts).
 */
export interface AdminIntent {
  /** The SPEC's failure toast, or a choice of them by what the form asked. */
  failure: string | ((form: FormData) => string);
  /**
   * A guarded write (issue 52, decision 058): its service needs a second factor proved in the
   * last five minutes, and its form may carry a code (STEP_UP_FIELD), proved before it runs.
   */
  stepUp?: true;
  run: (args: { form: FormData; context: AppLoadContext; actor: Actor }) => Promise<AdminActionResult | { status: number; result: AdminActionResult }>;
}
