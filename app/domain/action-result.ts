import type { MessageKey } from "~/i18n/i18n";
import type { KeyedAnswer } from "./form-answer";

/**
 * What a form's action answers, shared by the server that writes it and the components
 * that read it (one shape for every admin write, and the field-error shape every form uses).
 */

/** A form's messages by field name, as `z.flattenError(...).fieldErrors` gives them. */
export type FieldErrors = Record<string, string[] | undefined>;

/**
 * What every admin write answers. `fieldErrors`: a form's messages, field by field, shown
 * beside the fields with the typed values kept. A page's form names itself (`formKey`,
 * decision record 034): its answer names it too, and a refusal gives back what was typed
 * (`values`), which a page posted without scripts has no other way to keep.
 */
export type AdminActionResult = KeyedAnswer &
  (
    | {
        ok: true;
        /** How many rows a bulk write made (Generate Default Slots). */
        created?: number;
        /** A bulk change (issue 34): how many rows it changed, and how many it could not. */
        changed?: number;
        refused?: number;
        /** A confirmed payment's receipt number (issue 36). */
        receipt?: string;
        /** A plan's save that asked for a change of its escrow account (issue 52): waiting for a second admin, or on its hold until `takesEffectAt` (ISO). */
        escrow?: { state: "waiting" } | { state: "held"; takesEffectAt: string };
      }
    | { ok: false; message: string; fieldErrors?: FieldErrors; values?: Record<string, string> }
  );

/** What the admin page answers when a post's body is not a form it can read: a message key. */
export const FORM_UNREADABLE = "admin.action.formUnreadable" satisfies MessageKey;
