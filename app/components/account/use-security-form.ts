import { getInputProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { showFlashToast } from "~/components/ui/toaster";
import type { TwoFactorEnrolment } from "~/domain/account-security";
import type { FlashToast } from "~/domain/toast";

/** What every /account/security action answers. */
export interface SecurityActionResult {
  result?: SubmissionResult;
  toast?: FlashToast;
  /** Two-factor setup, step one: shown until the first code is confirmed. */
  enrolment?: TwoFactorEnrolment;
  /** Two-factor setup, step two: the backup codes, shown this once. */
  backupCodes?: string[];
}

/**
 * One form of the security page: its own fetcher (so each card keeps its own answer and
 * pending state), Conform for the fields with the shared zod schema, and the toast the
 * server answers.
 */
export function useSecurityForm(id: string, schema: z.ZodType) {
  const fetcher = useFetcher<SecurityActionResult>({ key: id });
  const [form, fields] = useForm<Record<string, string>>({
    id,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as Submission<Record<string, string>>,
  });
  // On the answer itself, not once idle: the card may be replaced when the page's data
  // reloads (turning two-factor off swaps the card's form), and the toast must still show.
  useEffect(() => {
    if (fetcher.data?.toast) showFlashToast(fetcher.data.toast);
  }, [fetcher.data]);
  return { fetcher, form, fields, busy: fetcher.state !== "idle" };
}

/** A password field's input props for PasswordInput (which sets its own type). */
export function passwordProps(field: Parameters<typeof getInputProps>[0]) {
  const { type: _type, ...rest } = getInputProps(field, { type: "password" });
  return rest;
}
