import { useForm, type Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { useEachAnswer, useFormAnswer } from "~/components/forms/form-answer";
import { showFlashToast } from "~/components/ui/toaster";
import type { FormPageAnswer } from "~/domain/form-answer";

/**
 * One form of an account page of several (security, notifications): its own fetcher (so
 * each card keeps its own answer and pending state), Conform for the fields with the shared
 * zod schema, and the toast the server answers. The answer is the fetcher's, or the page's
 * when the form was posted as a document (decision record 034): the form carries
 * `<FormKey name={id} />`, and the toast of an answer `posted` that way is said in the page
 * (`AnswerNotice`).
 */
export function useAccountForm<A extends FormPageAnswer>(id: string, schema: z.ZodType, defaultValue?: Record<string, string>) {
  const { fetcher, answer, posted, busy } = useFormAnswer<A>(id);
  const [form, fields] = useForm<Record<string, string>>({
    id,
    defaultValue,
    lastResult: busy ? undefined : answer?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as Submission<Record<string, string>>,
  });
  // On the answer itself: the card may be replaced when the page's data reloads (turning
  // two-factor off swaps the card's form, a verified number swaps the WhatsApp card), and
  // the toast must still show.
  useEachAnswer(
    fetcher,
    (answer) => {
      if (answer.toast) showFlashToast(answer.toast);
    },
    { atOnce: true },
  );
  return { fetcher, answer, posted, form, fields, busy };
}
