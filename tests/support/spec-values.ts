/**
 * Values SPEC.md states, written out here as the SPEC words them, so tests check the code's
 * constants against the specification rather than against themselves.
 */

/** SPEC.md section 9: the 8 default slots, as the database returns them (start-end, HH:mm:ss). */
export const SPEC_DEFAULT_SLOT_ROWS = [
  "09:00:00-09:30:00",
  "09:30:00-10:00:00",
  "10:00:00-10:30:00",
  "10:30:00-11:00:00",
  "14:00:00-14:30:00",
  "14:30:00-15:00:00",
  "15:00:00-15:30:00",
  "15:30:00-16:00:00",
];
