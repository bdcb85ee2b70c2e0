/** The hash of the sources a build is made from (scripts/ensure-build.mjs). */
export function sourceHash(root: string): string;
/** Builds when the build is missing or stale; true when it had to. Throws when the build fails. */
export function ensureBuild(root: string, log?: (message: string) => void): boolean;
