import { CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useBooking } from "~/components/booking/booking-provider";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { CONSULTATION_MINUTES, FREE_TRIAL_DAYS } from "~/domain/constants";
import type { NextStepId, NextSteps } from "~/domain/next-steps";
import { type MessageKey, useT } from "~/i18n/i18n";

/** Each step's words and where it is done (written out, so the catalogue check finds every key). */
const STEP_WORDS: Record<NextStepId, { title: MessageKey; text: MessageKey; action: MessageKey; to: string }> = {
  verifyEmail: {
    title: "onboarding.step.verifyEmail.title",
    text: "onboarding.step.verifyEmail.text",
    action: "onboarding.step.verifyEmail.action",
    to: "/account/security",
  },
  investorType: {
    title: "onboarding.step.investorType.title",
    text: "onboarding.step.investorType.text",
    action: "onboarding.step.investorType.action",
    to: "/account/profile",
  },
  plan: { title: "onboarding.step.plan.title", text: "onboarding.step.plan.text", action: "onboarding.step.plan.action", to: "/pricing" },
  bookCall: {
    title: "onboarding.step.bookCall.title",
    text: "onboarding.step.bookCall.text",
    action: "onboarding.step.bookCall.action",
    // Without scripts the link leads to the home page's booking form; with them it opens the dialog.
    to: "/#contact",
  },
  registerInterest: {
    title: "onboarding.step.registerInterest.title",
    text: "onboarding.step.registerInterest.text",
    action: "onboarding.step.registerInterest.action",
    to: "/opportunities",
  },
};

const actionClass =
  "inline-flex min-h-9 items-center rounded-md border border-primary/30 px-3 text-sm font-medium text-primary outline-none hover:bg-primary/5 focus-visible:ring-2 focus-visible:ring-ring";

/**
 * What a new investor's dashboard opens on (issue 33): the steps of their first hour, each
 * ticked once done (an icon and the word "Done", not colour alone) or with the way to do it;
 * once all are done, one line.
 */
export function NextStepsCard({ steps }: { steps: NextSteps }) {
  const t = useT();
  const booking = useBooking();
  if (steps.allDone) {
    return (
      <p role="status" data-testid="all-set" className="flex items-center gap-2 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm font-medium">
        <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />
        {t("onboarding.allSet")}
      </p>
    );
  }
  const total = steps.steps.length;
  const action = (id: NextStepId): ReactNode => {
    const words = STEP_WORDS[id];
    if (id === "bookCall") {
      return (
        <a
          href={words.to}
          className={actionClass}
          aria-haspopup="dialog"
          onClick={(event) => {
            event.preventDefault();
            booking.open();
          }}
          onPointerEnter={booking.preload}
          onFocus={booking.preload}
        >
          {t(words.action)}
        </a>
      );
    }
    return (
      <Link to={words.to} className={actionClass}>
        {t(words.action)}
      </Link>
    );
  };
  return (
    <Card role="region" aria-labelledby="next-steps-heading" className="gap-4 py-5">
      <CardHeader className="gap-2 px-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="next-steps-heading" className="font-serif text-xl font-semibold text-primary">
            {t("onboarding.steps.title")}
          </h2>
          <p className="text-sm font-medium text-muted-foreground" data-testid="next-steps-progress">
            {t("onboarding.steps.progress", { done: steps.doneCount, total })}
          </p>
        </div>
        <p className="text-sm text-muted-foreground">{t("onboarding.steps.intro")}</p>
        <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div className="h-full rounded-full bg-accent" style={{ width: `${(steps.doneCount / total) * 100}%` }} />
        </div>
      </CardHeader>
      <CardContent className="px-5">
        <ol className="divide-y divide-border" data-testid="next-steps">
          {steps.steps.map((step) => {
            const words = STEP_WORDS[step.id];
            const current = step.id === steps.next;
            return (
              <li key={step.id} data-step={step.id} data-done={step.done} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0 sm:flex-nowrap">
                {step.done ? (
                  <CheckCircle2 className="size-6 shrink-0 text-success" aria-hidden="true" />
                ) : (
                  // An empty ring (drawn, not an icon: every icon joins the first load of every page).
                  <span className="grid size-6 shrink-0 place-items-center" aria-hidden="true">
                    <span className={cn("size-5 rounded-full border-2", current ? "border-accent" : "border-muted-foreground/50")} />
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className={cn("font-medium", step.done && "text-muted-foreground line-through decoration-muted-foreground/50")}>
                    {t(words.title)}
                    <span className="sr-only">
                      {" "}
                      ({step.done ? t("onboarding.steps.done") : t("onboarding.steps.todo")})
                    </span>
                  </p>
                  {step.done ? null : (
                    <p className="text-sm text-muted-foreground">{t(words.text, { days: FREE_TRIAL_DAYS, minutes: CONSULTATION_MINUTES })}</p>
                  )}
                </div>
                {step.done ? (
                  <span className="ms-9 inline-flex items-center gap-1 text-sm font-medium text-success sm:ms-0" aria-hidden="true">
                    {t("onboarding.steps.done")}
                  </span>
                ) : (
                  <div className="w-full ps-9 sm:w-auto sm:shrink-0 sm:ps-0">{action(step.id)}</div>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
