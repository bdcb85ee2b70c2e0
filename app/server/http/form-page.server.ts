import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { AppError } from "~/domain/app-error";
import { formKeyOf, type FormPageAnswer, type KeyedAnswer } from "~/domain/form-answer";
import { answer, readForm } from "./answer.server";

/**
 * The action of a page of several forms, each with its own fetcher and an `intent` (the
 * account's security and notification pages): one place for what every such action does
 * around its own work. It reads the form, copies its key into every answer (decision 034),
 * parses with the shared zod schema, answers a form that does not parse with Conform's
 * result, and hands `answer` the refusal in that form's shape, on its fields.
 */

/** The form the action is answering, and the ways to answer it. */
export interface FormPageRequest<A extends FormPageAnswer> {
  form: FormData;
  intent: string;
  /** The form parsed with `schema`: a refusal after this comes back on its fields. */
  parse<S extends z.ZodType>(schema: S): Submission<z.input<S>, string[], z.output<S>>;
  /** The parsed form's own errors, with `extra` (what the page must still show), as 400. */
  invalid(extra?: Omit<A, "formKey" | "result">): ReturnType<typeof data<A>>;
  answered(result: A, init?: ResponseInit): ReturnType<typeof data<A>>;
}

export interface FormPageOptions<A extends FormPageAnswer> {
  /** The SPEC's failure message for the page's actions. */
  failure: string;
  /** A refusal (its message in the request's language), in the page's shape; `submission` is the parsed form's, if it was parsed. */
  refused: (message: string, error: AppError, submission: Submission<unknown> | undefined) => A;
}

export function answerFormPage<A extends FormPageAnswer, T>(
  request: Request,
  ctx: Parameters<typeof answer>[0],
  options: FormPageOptions<A>,
  work: (page: FormPageRequest<A>) => Promise<T>,
) {
  let submission: Submission<unknown> | undefined;
  let keyed: KeyedAnswer = {};
  const reply = (message: string, error: AppError): A => ({ ...options.refused(message, error, submission), ...keyed });
  return answer(ctx, { failure: options.failure, reply }, async () => {
    const form = await readForm(request);
    const formKey = formKeyOf(form);
    if (formKey) keyed = { formKey };
    return work({
      form,
      intent: String(form.get("intent") ?? ""),
      parse: (schema) => {
        const parsed = parseWithZod(form, { schema });
        submission = parsed as Submission<unknown>;
        return parsed;
      },
      invalid: (extra) => data<A>({ ...keyed, ...extra, result: submission?.reply() } as A, { status: 400 }),
      answered: (result, init) => data<A>({ ...keyed, ...result }, init),
    });
  });
}
