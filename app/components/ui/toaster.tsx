import type * as React from "react";
import { Toaster as SonnerToaster } from "sonner";

export { toast } from "sonner";

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
