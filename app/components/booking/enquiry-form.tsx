import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type ReactElement, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { preloadToaster, toast } from "~/components/ui/toaster";
import type { EnquiryPrefill, EnquiryResult, EnquirySent } from "~/domain/booking-dialog-data";
import { BOOKING_TYPE_KEYS, BOOKING_TYPES } from "~/domain/constants";
import type { EnquiryField, EnquiryFieldErrors } from "~/domain/enquiry-check";
import { ENQUIRY_LIMITS, ENQUIRY_TOAST_VALUES, ENQUIRY_TOASTS } from "~/domain/enquiry-messages";
import { type Translate, useT } from "~/i18n/i18n";
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
  anyAdviser = false,
  opportunityId = null,
  initialResult,
  onSent,
  onSlotTaken,
  placeSubmit,
  children,
}: {
  prefill?: EnquiryPrefill | null;
  slot?: ChosenSlot | null;
  /** The slot is a time of "any adviser" (issue 37): the server gives it to one free then. */
  anyAdviser?: boolean;
  /** The opportunity whose button opened the form (issue 16), stored with the booking. */
  opportunityId?: string | null;
  /** The action's answer when the form was posted without JavaScript. */
  initialResult?: EnquiryResult;
  /** After a booking is made, with what the booking dialog's confirmation shows (issue 33). */
  onSent?: (sent: EnquirySent) => void;
  onSlotTaken?: () => void;
  /**
   * Puts the submit button elsewhere (the booking dialog's footer, in view on a phone while
   * the form scrolls: issue 33); it names this form, so it still submits it. (The portal is
   * the dialog's: this form is on the home page, whose first load is at its budget.)
   */
  placeSubmit?: (button: ReactElement) => ReactNode;
  /** Shown above the submit button (the dialog's slot summary, for example). */
  children?: ReactNode;
}) {
  const t = useT();
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
      showToast(t, "success", result.reference);
      formRef.current?.reset();
      setErrors({});
      setAttempted(false);
      onSent?.(result);
    } else if (result.status === "invalid") {
      setErrors(result.fieldErrors as EnquiryFieldErrors);
      focusFirstError(formRef.current, result.fieldErrors as EnquiryFieldErrors);
    } else if (result.status === "slot-taken") {
      clearCooldown();
      showToast(t, "slotTaken");
      onSlotTaken?.();
    } else if (result.status === "rate-limited") {
      showToast(t, "cooldown");
    } else {
      showToast(t, "failure");
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
      showToast(t, "cooldown");
      return;
    }
    setErrors({});
    startCooldown();
    void fetcher.submit(form, { method: "post", action: "/?index" });
  }

  // What the fields start with: the visitor's details, or, when the form was posted without
  // scripts and refused, what was typed (the page is drawn anew).
  const start: Partial<Record<string, string>> = { ...prefill, ...(initialResult?.status === "invalid" && initialResult.values) };

  const fieldProps = (field: EnquiryField) => ({
    id: `${id}-${field}`,
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id}-${field}-error` : undefined,
    onBlur: (e: { currentTarget: Control }) => void recheck(field, e.currentTarget),
    onChange: attempted || errors[field] ? (e: { currentTarget: Control }) => void recheck(field, e.currentTarget) : undefined,
  });
  const controls = Object.fromEntries(FIELD_ORDER.map((field) => [field, fieldProps(field)])) as Record<EnquiryField, ReturnType<typeof fieldProps>>;
  const errorsOf = (field: EnquiryField) => (errors[field] ? [errors[field]] : undefined);
  const submit = (
    <Button type="submit" form={`${id}-form`} size="lg" className="w-full" disabled={busy}>
      {busy ? t("booking.form.sending") : t("booking.form.submit")}
    </Button>
  );

  return (
    <form ref={formRef} id={`${id}-form`} method="post" action="/?index" noValidate onSubmit={onSubmit} onFocus={preloadToaster} className="space-y-4">
      <input type="hidden" name="availabilitySlotId" value={slot?.id ?? ""} />
      {anyAdviser ? <input type="hidden" name="adviser" value="any" /> : null}
      {opportunityId ? <input type="hidden" name="opportunityId" value={opportunityId} /> : null}
      <input type="hidden" name="timeZone" value={timeZone} />
      {/* The form's name (FormKey's field, decision record 034), written out: importing the
          shared component would split the home page's first-load chunks past its budget. */}
      <input type="hidden" name="formKey" value="enquiry" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-firstName`} label={t("booking.form.firstName")} errors={errorsOf("firstName")}>
          <Input {...controls.firstName} autoComplete="given-name" maxLength={ENQUIRY_LIMITS.nameMax} defaultValue={start.firstName} required />
        </Field>
        <Field id={`${id}-lastName`} label={t("booking.form.lastName")} errors={errorsOf("lastName")}>
          <Input {...controls.lastName} autoComplete="family-name" maxLength={ENQUIRY_LIMITS.nameMax} defaultValue={start.lastName} required />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-email`} label={t("booking.form.email")} errors={errorsOf("email")}>
          <Input {...controls.email} type="email" autoComplete="email" maxLength={ENQUIRY_LIMITS.emailMax} defaultValue={start.email} required />
        </Field>
        <Field id={`${id}-phone`} label={t("booking.form.phone")} errors={errorsOf("phone")}>
          <Input {...controls.phone} type="tel" autoComplete="tel" maxLength={ENQUIRY_LIMITS.phoneMax} defaultValue={start.phone} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-investmentAmount`} label={t("booking.form.investmentAmount")} errors={errorsOf("investmentAmount")}>
          <Input {...controls.investmentAmount} inputMode="decimal" placeholder={t("booking.form.investmentAmountPlaceholder")} maxLength={ENQUIRY_LIMITS.investmentAmountMax} defaultValue={start.investmentAmount} required />
        </Field>
        <Field id={`${id}-bookingType`} label={t("booking.form.bookingType")} errors={errorsOf("bookingType")}>
          <select
            {...controls.bookingType}
            defaultValue={start.bookingType ?? ""}
            required
            className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50 aria-invalid:border-destructive"
          >
            <option value="" disabled>
              {t("booking.form.bookingTypePlaceholder")}
            </option>
            {BOOKING_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(BOOKING_TYPE_KEYS[type])}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={`${id}-message`} label={t("booking.form.message")} errors={errorsOf("message")}>
        <Textarea {...controls.message} rows={4} maxLength={ENQUIRY_LIMITS.messageMax} placeholder={t("booking.form.messagePlaceholder")} defaultValue={start.message} required />
      </Field>
      {children}
      {initialResult && !fetcher.data ? <PostedResult result={initialResult} /> : null}
      {placeSubmit ? placeSubmit(submit) : submit}
    </form>
  );
}

function focusFirstError(form: HTMLFormElement | null, errors: EnquiryFieldErrors) {
  const first = FIELD_ORDER.find((field) => errors[field]);
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

type ToastKind = keyof typeof ENQUIRY_TOASTS;

/**
 * One of the SPEC's toasts (section 8), in the page's language; a booking's also gives its
 * reference after SPEC's words (plain text: this form is on the home page, whose
 * JavaScript budget is tight; the receipt and the dashboard keep the reference too).
 */
function showToast(t: Translate, kind: ToastKind, reference?: string) {
  const words = ENQUIRY_TOASTS[kind];
  let description = t(words.description, ENQUIRY_TOAST_VALUES);
  if (reference) description += ` ${t("booking.toast.reference", { reference })}`;
  (kind === "success" ? toast.success : toast.error)(t(words.title), { description });
}

/** The answer to a post made without JavaScript, in the page instead of a toast. */
function PostedResult({ result }: { result: EnquiryResult }) {
  const t = useT();
  const kind: ToastKind | null =
    result.status === "sent"
      ? "success"
      : result.status === "slot-taken"
        ? "slotTaken"
        : result.status === "rate-limited"
          ? "cooldown"
          : result.status === "failed"
            ? "failure"
            : null;
  if (!kind) return null;
  const words = ENQUIRY_TOASTS[kind];
  return (
    <p role={result.status === "sent" ? "status" : "alert"} className={result.status === "sent" ? "rounded-md bg-success/10 p-3 text-sm" : "rounded-md bg-destructive/10 p-3 text-sm"}>
      <strong>{t("booking.toast.posted", { title: t(words.title) })}</strong> {t(words.description, ENQUIRY_TOAST_VALUES)}
      {result.status === "sent" && ` ${t("booking.toast.reference", { reference: result.reference })}`}
    </p>
  );
}
