import type * as React from "react";
import { toast, Toaster as SonnerToaster } from "sonner";
import type { FlashToast } from "~/domain/toast";

export { toast };

/** Shows a toast the server described (after a redirect, or in an action's answer). */
export function showFlashToast(t: FlashToast) {
  const show = t.type === "error" ? toast.error : t.type === "success" ? toast.success : toast.info;
  show(t.title, { description: t.description });
}

export function Toaster(props: React.ComponentProps<typeof SonnerToaster>) {
  return (
    <SonnerToaster
      position="top-right"
      richColors
      closeButton
      toastOptions={{ className: "font-sans" }}
      {...props}
    />
  );
}
