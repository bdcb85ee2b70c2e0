import { z } from "zod";

/** Credentials rules shared by the sign-in/sign-up forms, the server and the admin CLI. */

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address").max(100, "Email must be less than 100 characters"));

/** OWASP ASVS 6.2.1: at least 8 characters (deliberately replaces the seed's 6). */
export const passwordSchema = z
  .string()
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters");
