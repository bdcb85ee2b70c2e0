/** A message to show once, as a toast, on the next page the browser renders. */
export interface FlashToast {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}
