import { getInputProps } from "@conform-to/react";
import type { z } from "zod";
import type { TwoFactorEnrolment } from "~/domain/account-security";
import type { FormPageAnswer } from "~/domain/form-answer";
import { useAccountForm } from "./use-account-form";

/** What every /account/security action answers. */
export interface SecurityActionResult extends FormPageAnswer {
  /** Two-factor setup, step one: shown until the first code is confirmed (and again with a wrong code). */
  enrolment?: TwoFactorEnrolment;
  /** Two-factor setup, step two: the backup codes, shown this once. */
  backupCodes?: string[];
}

/** One form of the security page (see `useAccountForm`). */
export function useSecurityForm(id: string, schema: z.ZodType) {
  return useAccountForm<SecurityActionResult>(id, schema);
}

/** A password field's input props for PasswordInput (which sets its own type). */
export function passwordProps(field: Parameters<typeof getInputProps>[0]) {
  const { type: _type, ...rest } = getInputProps(field, { type: "password" });
  return rest;
}
