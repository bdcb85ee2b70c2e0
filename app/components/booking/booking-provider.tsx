import { createContext, lazy, Suspense, use, useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/i18n";

/**
 * Opens the booking dialog from anywhere on the site (the hero, the featured opportunity,
 * the contact section, the opportunities pages). The dialog's code, with its date picker,
 * is fetched the first time a visitor points at or presses a Schedule button, so the
 * public pages' first load does not carry it; with it, the page language's date words
 * (weekdays, months), so the dialog never shows a date before they are there.
 */
const loadDialog = () => import("./booking-dialog").then(async (dialog) => (await dialog.dateWordsLoaded, dialog));

const BookingDialog = lazy(loadDialog);

/** The opportunity a Schedule button is about (issue 16). */
export interface BookingOpportunity {
  id: string;
  title: string;
}

interface BookingApi {
  /**
   * Opens the dialog with the next free slot auto-selected (SPEC.md section 2), about
   * `opportunity` when a button on one opened it.
   */
  open(opportunity?: BookingOpportunity | null): void;
  /** Starts fetching the dialog's code (on hover or focus of a Schedule button). */
  preload(): void;
}

const BookingContext = createContext<BookingApi | null>(null);

export function BookingProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Each opening gets a fresh dialog: fresh slots, the next one auto-selected again.
  const [opening, setOpening] = useState(0);
  const [opportunity, setOpportunity] = useState<BookingOpportunity | null>(null);
  // The button that opened the dialog gets the focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);

  const preload = useCallback(() => {
    loadDialog().catch(() => {});
  }, []);
  const api = useMemo<BookingApi>(
    () => ({
      open: (about) => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOpportunity(about ?? null);
        setOpening((n) => n + 1);
        setOpen(true);
      },
      preload,
    }),
    [preload],
  );

  return (
    <BookingContext value={api}>
      {children}
      {opening > 0 ? (
        <Suspense fallback={open ? <DialogLoading /> : null}>
          <BookingDialog
            key={opening}
            open={open}
            onOpenChange={setOpen}
            returnFocus={() => opener.current?.focus()}
            opportunity={opportunity}
          />
        </Suspense>
      ) : null}
    </BookingContext>
  );
}

export function useBooking(): BookingApi {
  const api = use(BookingContext);
  if (!api) throw new Error("useBooking needs a BookingProvider above it (app/root.tsx)");
  return api;
}

/** A Schedule button: opens the booking dialog, about `opportunity` when it is on one. */
export function ScheduleButton({
  children,
  opportunity,
  ...props
}: Omit<React.ComponentProps<typeof Button>, "onClick" | "type"> & { opportunity?: BookingOpportunity }) {
  const booking = useBooking();
  return (
    <Button
      {...props}
      type="button"
      aria-haspopup="dialog"
      onClick={() => booking.open(opportunity)}
      onPointerEnter={booking.preload}
      onFocus={booking.preload}
    >
      {children}
    </Button>
  );
}

function DialogLoading() {
  const t = useT();
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/50" role="status" aria-live="polite">
      <span className="rounded-md bg-background px-4 py-3 text-sm shadow-lg">{t("booking.dialog.loading")}</span>
    </div>
  );
}
