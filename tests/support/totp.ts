import { Secret, TOTP } from "otpauth";

/**
 * What an authenticator app shows for a key typed in by hand (the manual key on
 * /account/security, spaces allowed). `offset` steps 30 seconds back or forward.
 */
export function totpCode(manualKey: string, offset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(manualKey.replace(/\s+/g, "")), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}
