/**
 * The Permissions-Policy every answer carries (issue 32): the powerful browser features
 * this site never uses are switched off for its pages and anything they could ever embed,
 * so an injected script or a compromised dependency cannot ask for a camera, a location or
 * a payment sheet in our name. Payment happens on Stripe's own page (Checkout is a
 * redirect), which its own policy governs.
 *
 * Kept for our own pages only: `clipboard-write`, which the two-factor set-up uses to copy
 * the key and the backup codes (app/components/account/two-factor-card.tsx).
 *
 * Only features Chromium knows are named: it warns in the console of every page about any
 * other ("Unrecognized feature", as for Web Bluetooth, Web Share and the ambient light
 * sensor, which it does not offer here); tests/e2e/permissions-policy.spec.ts watches for it.
 */

const DENIED = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "clipboard-read",
  "compute-pressure",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "gamepad",
  "geolocation",
  "gyroscope",
  "hid",
  "identity-credentials-get",
  "idle-detection",
  "local-fonts",
  "magnetometer",
  "microphone",
  "midi",
  "otp-credentials",
  "payment",
  "picture-in-picture",
  "publickey-credentials-create",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "speaker-selection",
  "storage-access",
  "sync-xhr",
  "usb",
  "window-management",
  "xr-spatial-tracking",
] as const;

const OWN_ORIGIN_ONLY = ["clipboard-write"] as const;

/** The header's value (a structured-field dictionary: `feature=()` denies, `feature=(self)` allows our origin only). */
export const PERMISSIONS_POLICY = [...DENIED.map((feature) => `${feature}=()`), ...OWN_ORIGIN_ONLY.map((feature) => `${feature}=(self)`)].join(", ");
