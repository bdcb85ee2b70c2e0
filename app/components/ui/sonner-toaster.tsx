import { useEffect, type ComponentProps, type CSSProperties } from "react";
import { toast, Toaster } from "sonner";

export { toast };

/**
 * The sonner toaster itself, loaded after the page is interactive (see toaster.tsx).
 * `onReady` runs once sonner has subscribed to its toasts (a child's effects run before
 * its parent's), so no toast sent from then on can be lost.
 */
export function LoadedToaster({ onReady, ...props }: ComponentProps<typeof Toaster> & { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  // At the reading end of the top edge: the right in English, the left in Arabic and Sorani.
  // Each toast takes the pointer even while a modal dialog has made the rest of the page
  // inert (Radix sets pointer-events: none on the body), so its close button works over one.
  const rtl = typeof document !== "undefined" && document.documentElement.dir === "rtl";
  return <Toaster position={rtl ? "top-left" : "top-right"} dir={rtl ? "rtl" : "ltr"} richColors closeButton toastOptions={{ className: "font-sans pointer-events-auto" }} style={READABLE_RICH_COLORS} {...props} />;
}

/**
 * sonner's rich-colour texts are a shade too light on their tinted backgrounds (about
 * 4.2:1); these darker ones pass WCAG AA's 4.5:1 for the toasts' small text.
 */
const READABLE_RICH_COLORS = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--error-text": "hsl(360, 100%, 38%)",
  "--info-text": "hsl(210, 92%, 35%)",
  "--warning-text": "hsl(31, 92%, 30%)",
} as CSSProperties;
