import { cn } from "~/components/ui/cn";
import { FORM_KEY_FIELD } from "~/domain/form-answer";
import type { FlashToast } from "~/domain/toast";

/** The hidden field that names a fetcher's form, so that its answer to a document POST finds it (`useFormAnswer`). */
export function FormKey({ name }: { name: string }) {
  return <input type="hidden" name={FORM_KEY_FIELD} value={name} />;
}

/**
 * What a toast says, written in the page: the answer to a form the browser posted as a
 * document (decision record 034). The page may have no scripts, and so no toasts; when it
 * has, the scripts toast only the answers they fetch themselves.
 */
export function AnswerNotice({ toast, className }: { toast: FlashToast | null | undefined; className?: string }) {
  if (!toast) return null;
  const failed = toast.type === "error";
  return (
    <div
      role={failed ? "alert" : "status"}
      className={cn(
        // A long address or link breaks rather than runs out of the box.
        "rounded-md border p-3 text-sm [overflow-wrap:anywhere]",
        failed ? "border-destructive/40 bg-destructive/10 text-destructive" : "border-success/40 bg-success/10 text-foreground",
        className,
      )}
    >
      <strong className="font-semibold">{toast.title}</strong>
      {toast.description ? <> {toast.description}</> : null}
    </div>
  );
}
