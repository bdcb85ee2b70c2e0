import { useEffect, type ComponentProps } from "react";
import { toast, Toaster } from "sonner";

export { toast };

/**
 * The sonner toaster itself, loaded after the page is interactive (see toaster.tsx).
 * `onReady` runs once sonner has subscribed to its toasts (a child's effects run before
 * its parent's), so no toast sent from then on can be lost.
 */
export function LoadedToaster({ onReady, ...props }: ComponentProps<typeof Toaster> & { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return <Toaster position="top-right" richColors closeButton toastOptions={{ className: "font-sans" }} {...props} />;
}
