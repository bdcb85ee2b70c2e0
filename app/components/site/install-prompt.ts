/**
 * The install prompt of SPEC.md section 4: "hidden, then installable, then installed or
 * dismissed". Pure functions, so the banner's rules are tested without a browser; the
 * hook in use-install-prompt.ts connects them to the window's events.
 */

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

export type InstallPromptState = "hidden" | "installable" | "installed" | "dismissed";

export type InstallPromptAction =
  /** The browser offers installation; what we know of the visitor at that moment. */
  | { type: "offered"; standalone: boolean; dismissedBefore: boolean }
  | { type: "installed" }
  | { type: "dismissed" };

export function nextInstallPromptState(state: InstallPromptState, action: InstallPromptAction): InstallPromptState {
  if (state === "installed") return state;
  switch (action.type) {
    case "installed":
      return "installed";
    case "dismissed":
      return "dismissed";
    case "offered":
      if (state === "dismissed") return state;
      if (action.standalone) return "installed";
      return action.dismissedBefore ? "dismissed" : "installable";
  }
}

/**
 * Shows the browser's install dialog. True when the visitor accepted; false when they
 * declined or the prompt failed, which is logged (a warning: nothing for the visitor to fix).
 */
export async function promptInstall(
  event: BeforeInstallPromptEvent,
  warn: (message: string, error: unknown) => void = console.warn,
): Promise<boolean> {
  try {
    await event.prompt();
    const choice = await event.userChoice;
    return choice.outcome === "accepted";
  } catch (error) {
    warn("Install prompt failed", error);
    return false;
  }
}

/** Whether the site already runs as the installed app. */
export function isStandalone(win: Pick<Window, "matchMedia" | "navigator">): boolean {
  const standaloneSafari = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standaloneSafari || Boolean(win.matchMedia?.("(display-mode: standalone)").matches);
}

export const INSTALL_DISMISSED_KEY = "tigris-advisory:install-banner-dismissed";

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

/** localStorage, or undefined where the browser refuses it (blocked storage throws on access). */
export function browserStorage(): KeyValueStore | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function wasInstallDismissed(storage: KeyValueStore | undefined): boolean {
  try {
    return typeof storage?.getItem(INSTALL_DISMISSED_KEY) === "string";
  } catch {
    return false;
  }
}

/** Remembers Later or close; without storage the banner stays hidden for this page only. */
export function rememberInstallDismissed(storage: KeyValueStore | undefined, now: Date = new Date()): void {
  try {
    storage?.setItem(INSTALL_DISMISSED_KEY, now.toISOString());
  } catch {
    // Storage full or blocked: nothing more to do.
  }
}
