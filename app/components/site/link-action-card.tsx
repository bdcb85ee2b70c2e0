import { LoaderCircle, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { brand } from "~/domain/brand";
import { useT } from "~/i18n/i18n";

/**
 * The page an e-mailed link opens (confirm an address, unsubscribe): opening it changes
 * nothing, because mail scanners open links too; the button posts the link's token. Then
 * it says what happened, or that the link is no good.
 */
export function LinkActionCard({
  icon: Icon,
  title,
  token,
  question,
  action,
  busyAction,
  done,
  error,
  invalid,
  children,
}: {
  icon: LucideIcon;
  title: string;
  /** The link's token; null when the link is not one of ours (or no longer works). */
  token: string | null;
  question: ReactNode;
  action: string;
  busyAction: string;
  /** What happened, once it has. */
  done: ReactNode;
  error: string | null;
  invalid: string;
  /** Shown under what happened, once it has (the way to undo it). */
  children?: ReactNode;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <LinkCard icon={Icon} title={title}>
        {done ? (
          <>
            <p role="status" className="mt-3 text-foreground/85">
              {done}
            </p>
            {children}
          </>
        ) : token ? (
          <>
            <p className="mt-3 text-foreground/85">{question}</p>
            {error ? (
              <p role="alert" className="mt-3 text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={token} />
              <Button type="submit" disabled={busy}>
                {busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
                {busy ? busyAction : action}
              </Button>
            </Form>
          </>
        ) : (
          <p role="alert" className="mt-3 text-foreground/85">
            {invalid}
          </p>
        )}
    </LinkCard>
  );
}

/** The card an e-mailed link's page is: its icon and title, what it says, and the way back to the site. */
export function LinkCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <div className="rounded-xl border bg-card p-8 text-center shadow-sm">
        <Icon className="mx-auto size-10 text-accent" aria-hidden="true" />
        <h1 className="mt-4 font-serif text-2xl font-semibold text-primary">{title}</h1>
        {children}
        <Link to="/" className="mt-6 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t("booking.linkCard.back", { brand: brand.name })}
        </Link>
      </div>
    </div>
  );
}
