/**
 * Who is acting. Every service takes one and decides from it; routes never decide
 * permissions themselves.
 */
export type Actor =
  | { kind: "anonymous" }
  | { kind: "user"; userId: string; isAdmin: boolean };

export const anonymous: Actor = { kind: "anonymous" };
