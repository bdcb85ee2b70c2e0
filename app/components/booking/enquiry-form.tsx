import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { preloadToaster, toast } from "~/components/ui/toaster";
import type { EnquiryPrefill, EnquiryResult } from "~/domain/booking-dialog-data";
import { BOOKING_TYPES, BOOKING_TYPE_LABELS } from "~/domain/constants";
import type { EnquiryField, EnquiryFieldErrors } from "~/domain/enquiry-check";
import { ENQUIRY_LIMITS, ENQUIRY_TOASTS } from "~/domain/enquiry-messages";
import { useViewerTimeZone } from "~/components/site/use-viewer-time-zone";
import { clearCooldown, isCoolingDown, startCooldown } from "./submission-cooldown";

/**
 * The chosen consultation slot, sent with the enquiry (SPEC.md section 4, "Slot picking"):
 * its id only; the server reads the slot itself (issue 13: no description from the client).
 */
export interface ChosenSlot {
  id: string;
}

/**
 * The shared schema is loaded when the visitor first needs a verdict (leaving a field,
 * sending), not with the page: zod would otherwise be most of the home page's JavaScript.
 */
const loadCheck = () => import("~/domain/enquiry-check").then((m) => m.checkEnquiry);

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const FIELD_ORDER: EnquiryField[] = ["firstName", "lastName", "email", "phone", "investmentAmount", "bookingType", "message"];

/**
 * The enquiry form (SPEC.md sections 4, 5 and 8), standalone in the contact section and
 * inside the booking dialog. It posts to the home route's action; without JavaScript the
 * browser does the same and the page answers with the result.
 */
export function EnquiryForm({
  prefill,
  slot = null,
  opportunityId = null,
  initialResult,
  onSent,
  onSlotTaken,
  children,
}: {
  prefill?: EnquiryPrefill | null;
  slot?: ChosenSlot | null;
  /** The opportunity whose button opened the form (issue 16), stored with the booking. */
  opportunityId?: string | null;
  /** The action's answer when the form was posted without JavaScript. */
  initialResult?: EnquiryResult;
  onSent?: () => void;
  onSlotTaken?: () => void;
  /** Shown above the submit button (the dialog's slot summary, for example). */
  children?: ReactNode;
}) {
  const id = useId();
  const fetcher = useFetcher<EnquiryResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<EnquiryFieldErrors>(
    initialResult?.status === "invalid" ? (initialResult.fieldErrors as EnquiryFieldErrors) : {},
  );
  const [attempted, setAttempted] = useState(false);
  // The visitor's own zone, for reminders in their time; known only in the browser.
  const timeZone = useViewerTimeZone() ?? "";
  const handled = useRef<EnquiryResult | undefined>(undefined);
  const busy = fetcher.state !== "idle";

  // The action's answer, once: toasts, messages and the caller's follow-up (SPEC.md section 4).
  const onResult = useEffectEvent((result: EnquiryResult) => {
    if (result.status === "sent") {
      toast.success(ENQUIRY_TOASTS.success.title, { description: ENQUIRY_TOASTS.success.description });
      formRef.current?.reset();
      setErrors({});
      setAttempted(false);
      onSent?.();
    } else if (result.status === "invalid") {
      setErrors(result.fieldErrors as EnquiryFieldErrors);
      focusFirstError(formRef.current, result.fieldErrors as EnquiryFieldErrors);
    } else if (result.status === "slot-taken") {
      clearCooldown();
      toast.error(ENQUIRY_TOASTS.slotTaken.title, { description: ENQUIRY_TOASTS.slotTaken.description });
      onSlotTaken?.();
    } else if (result.status === "rate-limited") {
      toast.error(ENQUIRY_TOASTS.cooldown.title, { description: ENQUIRY_TOASTS.cooldown.description });
    } else {
      toast.error(ENQUIRY_TOASTS.failure.title, { description: ENQUIRY_TOASTS.failure.description });
    }
  });
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    onResult(result);
  }, [fetcher.state, fetcher.data]);

  /** The schema's verdict, or null when its code could not be fetched (the server still checks). */
  async function verdict(form: HTMLFormElement) {
    try {
      const check = await loadCheck();
      return check(Object.fromEntries(new FormData(form)));
    } catch (error) {
      console.warn("The form's checks could not be loaded; the server will check the enquiry", error);
      return null;
    }
  }

  /** After a field is left (or, once a send was tried, as it changes), its own message only. */
  async function recheck(field: EnquiryField, control: Control) {
    const form = control.form;
    if (!form || (!attempted && !errors[field] && control.value.trim() === "")) return;
    const result = await verdict(form);
    if (!result) return;
    setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.fieldErrors[field] }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    const form = event.currentTarget;
    const result = await verdict(form);
    if (result && !result.ok) {
      setErrors(result.fieldErrors);
      focusFirstError(form, result.fieldErrors);
      return;
    }
    if (isCoolingDown()) {
      toast.error(ENQUIRY_TOASTS.cooldown.title, { description: ENQUIRY_TOASTS.cooldown.description });
      return;
    }
    setErrors({});
    startCooldown();
    void fetcher.submit(form, { method: "post", action: "/?index" });
  }

  const fieldProps = (field: EnquiryField) => ({
    id: `${id}-${field}`,
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id}-${field}-error` : undefined,
    onBlur: (e: { currentTarget: Control }) => void recheck(field, e.currentTarget),
    onChange: attempted || errors[field] ? (e: { currentTarget: Control }) => void recheck(field, e.currentTarget) : undefined,
  });
  const errorsOf = (field: EnquiryField) => (errors[field] ? [errors[field]] : undefined);

  return (
    <form ref={formRef} method="post" action="/?index" noValidate onSubmit={onSubmit} onFocus={preloadToaster} className="space-y-4">
      <input type="hidden" name="availabilitySlotId" value={slot?.id ?? ""} />
      {opportunityId ? <input type="hidden" name="opportunityId" value={opportunityId} /> : null}
      <input type="hidden" name="timeZone" value={timeZone} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-firstName`} label="First Name" errors={errorsOf("firstName")}>
          <Input {...fieldProps("firstName")} autoComplete="given-name" maxLength={ENQUIRY_LIMITS.nameMax} defaultValue={prefill?.firstName} required />
        </Field>
        <Field id={`${id}-lastName`} label="Last Name" errors={errorsOf("lastName")}>
          <Input {...fieldProps("lastName")} autoComplete="family-name" maxLength={ENQUIRY_LIMITS.nameMax} defaultValue={prefill?.lastName} required />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-email`} label="Email" errors={errorsOf("email")}>
          <Input {...fieldProps("email")} type="email" autoComplete="email" maxLength={ENQUIRY_LIMITS.emailMax} defaultValue={prefill?.email} required />
        </Field>
        <Field id={`${id}-phone`} label="Phone (optional)" errors={errorsOf("phone")}>
          <Input {...fieldProps("phone")} type="tel" autoComplete="tel" maxLength={ENQUIRY_LIMITS.phoneMax} defaultValue={prefill?.phone} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-investmentAmount`} label="Investment Amount" errors={errorsOf("investmentAmount")}>
          <Input {...fieldProps("investmentAmount")} inputMode="decimal" placeholder="$500,000" maxLength={ENQUIRY_LIMITS.investmentAmountMax} required />
        </Field>
        <Field id={`${id}-bookingType`} label="Booking Type" errors={errorsOf("bookingType")}>
          <select
            {...fieldProps("bookingType")}
            defaultValue=""
            required
            className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50 aria-invalid:border-destructive"
          >
            <option value="" disabled>
              Select a booking type
            </option>
            {BOOKING_TYPES.map((type) => (
              <option key={type} value={type}>
                {BOOKING_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={`${id}-message`} label="Message" errors={errorsOf("message")}>
        <Textarea {...fieldProps("message")} rows={4} maxLength={ENQUIRY_LIMITS.messageMax} placeholder="Your objectives, budget and timeline" required />
      </Field>
      {children}
      {initialResult && !fetcher.data ? <PostedResult result={initialResult} /> : null}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? "Sending..." : "Submit Request"}
      </Button>
    </form>
  );
}

function focusFirstError(form: HTMLFormElement | null, errors: EnquiryFieldErrors) {
  const first = FIELD_ORDER.find((field) => errors[field]);
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/** The answer to a post made without JavaScript, in the page instead of a toast. */
function PostedResult({ result }: { result: EnquiryResult }) {
  const words =
    result.status === "sent"
      ? ENQUIRY_TOASTS.success
      : result.status === "slot-taken"
        ? ENQUIRY_TOASTS.slotTaken
        : result.status === "rate-limited"
          ? ENQUIRY_TOASTS.cooldown
          : result.status === "failed"
            ? ENQUIRY_TOASTS.failure
            : null;
  if (!words) return null;
  return (
    <p role={result.status === "sent" ? "status" : "alert"} className={result.status === "sent" ? "rounded-md bg-success/10 p-3 text-sm" : "rounded-md bg-destructive/10 p-3 text-sm"}>
      <strong>{words.title}.</strong> {words.description}
    </p>
  );
}
