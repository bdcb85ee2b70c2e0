import type * as React from "react";
import { Avatar as AvatarPrimitive } from "radix-ui";
import { cn } from "./cn";

export function Avatar({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn(
        "relative flex size-9 shrink-0 overflow-hidden rounded-full",
        className,
      )}
      {...props}
    />
  );
}

export function AvatarImage({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn("aspect-square size-full object-cover", className)}
      {...props}
    />
  );
}

export function AvatarFallback({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      // A name's initials: not words for a translator.
      translate="no"
      className={cn(
        "flex size-full items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground select-none",
        className,
      )}
      {...props}
    />
  );
}

/** First character (code point, NFC-normalised) of a trimmed string, upper-cased; "" when blank. */
function firstLetter(value?: string | null): string {
  const trimmed = value?.normalize("NFC").trim() ?? "";
  const [first = ""] = Array.from(trimmed);
  return first.toLocaleUpperCase();
}

/**
 * Up to two upper-case initials from the first and last name. Falls back to the first
 * letter of `fallback` (e.g. an e-mail address) and to "?" when nothing is available.
 */
export function initials(
  firstName?: string | null,
  lastName?: string | null,
  fallback?: string | null,
): string {
  const fromNames = firstLetter(firstName) + firstLetter(lastName);
  if (fromNames) return fromNames;
  return firstLetter(fallback) || "?";
}
