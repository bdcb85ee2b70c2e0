import { useForm, type DefaultValue } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import type { AdminActionResult } from "~/domain/action-result";
import { submissionResultOf } from "./conform-result";

/**
 * An admin form on the pipeline the /auth forms use (decision record 003): Conform's
 * `useForm` checking with the shared zod schema the server parses with, field messages
 * after a field is left and then as it changes, and the server's field messages (the
 * `AdminActionResult` its fetcher receives) shown the same way. On a failed send Conform
 * focuses the first invalid field, whichever side found the problem.
 *
 * Spread `getFormProps(form)` on `<fetcher.Form>`: Conform stops a send the schema refuses,
 * and the fetcher posts the rest (with the form's `intent` field) to the /admin action.
 */
export function useAdminForm<Schema extends z.ZodObject>({
  id,
  fetcherKey,
  schema,
  defaultValue,
}: {
  id: string;
  /** The fetcher the form posts through; the page's own toasts listen to the same key. */
  fetcherKey: string;
  schema: Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  const fetcher = useFetcher<AdminActionResult>({ key: fetcherKey });
  // An answer that arrived before this form mounted belongs to an earlier one (the dialog
  // closed and opened again): it must not greet the fresh form with old messages.
  const [earlier] = useState(fetcher.data);
  // One object per answer: Conform reports a `lastResult` each time it changes identity.
  const lastResult = useMemo(() => (fetcher.data === earlier ? undefined : submissionResultOf(fetcher.data)), [fetcher.data, earlier]);
  const constraint = useMemo(() => formConstraint(schema), [schema]);
  const [form, fields] = useForm({
    id,
    defaultValue,
    lastResult,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The server parses the raw strings (`safeParse(Object.fromEntries(form))`), so the
    // browser does too: Conform's coercion would turn "" into undefined and change the
    // schema's verdicts and messages ("Enter a start time" would become zod's own).
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  return { form, fields, fetcher, busy: fetcher.state !== "idle" };
}

/**
 * `getZodConstraint`, with `required` taken from the schema's own verdict: a field is
 * required when it refuses both an empty string and no value. Conform 1.21 reads a
 * `.pipe()` from its output side only, so an optional field such as the opportunity's
 * `minimumInvestment` (an optional string, transformed, piped into a number) would
 * otherwise be marked required, and announced so by screen readers.
 */
export function formConstraint(schema: z.ZodObject): ReturnType<typeof getZodConstraint> {
  const shape: Record<string, z.ZodType> = schema.shape;
  return Object.fromEntries(
    Object.entries(getZodConstraint(schema)).map(([name, constraint]) => {
      const field = shape[name];
      const required = field ? !field.safeParse("").success && !field.safeParse(undefined).success : constraint.required;
      return [name, { ...constraint, required }];
    }),
  );
}
