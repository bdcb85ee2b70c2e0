import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field } from "~/components/ui/field";

/**
 * `Field` for a Conform field: its label points at the control, and its message has the id
 * (`<field id>-error`) that Conform's `getInputProps` names in `aria-describedby`.
 */
export function FormField({
  field,
  label,
  aside,
  hint,
  children,
}: {
  field: Pick<FieldMetadata<unknown>, "id" | "errors">;
  label: string;
  aside?: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors} aside={aside} hint={hint}>
      {children}
    </Field>
  );
}
