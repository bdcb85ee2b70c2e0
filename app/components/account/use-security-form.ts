import { getInputProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { useEachAnswer, useFormAnswer } from "~/components/forms/form-answer";
import { showFlashToast } from "~/components/ui/toaster";
import type { TwoFactorEnrolment } from "~/domain/account-security";
import type { KeyedAnswer } from "~/domain/form-answer";
import type { FlashToast } from "~/domain/toast";

/** What every /account/security action answers. */
export interface SecurityActionResult extends KeyedAnswer {
  result?: SubmissionResult;
  toast?: FlashToast;
  /** Two-factor setup, step one: shown until the first code is confirmed (and again with a wrong code). */
  enrolment?: TwoFactorEnrolment;
  /** Two-factor setup, step two: the backup codes, shown this once. */
  backupCodes?: string[];
}

/**
 * One form of the security page: its own fetcher (so each card keeps its own answer and
 * pending state), Conform for the fields with the shared zod schema, and the toast the
 * server answers. The answer is the fetcher's, or the page's when the form was posted as
 * a document (decision record 034): the form carries `<FormKey name={id} />`, and the
 * toast of an answer `posted` that way is said in the page (`AnswerNotice`).
 */
export function useSecurityForm(id: string, schema: z.ZodType) {
  const { fetcher, answer, posted, busy } = useFormAnswer<SecurityActionResult>(id);
  const [form, fields] = useForm<Record<string, string>>({
    id,
    lastResult: busy ? undefined : answer?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as Submission<Record<string, string>>,
  });
  // On the answer itself: the card may be replaced when the page's data reloads (turning
  // two-factor off swaps the card's form), and the toast must still show.
  useEachAnswer(
    fetcher,
    (answer) => {
      if (answer.toast) showFlashToast(answer.toast);
    },
    { atOnce: true },
  );
  return { fetcher, answer, posted, form, fields, busy };
}

/** A password field's input props for PasswordInput (which sets its own type). */
export function passwordProps(field: Parameters<typeof getInputProps>[0]) {
  const { type: _type, ...rest } = getInputProps(field, { type: "password" });
  return rest;
}
