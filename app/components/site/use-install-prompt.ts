import { useCallback, useEffect, useReducer, useRef } from "react";
import {
  type BeforeInstallPromptEvent,
  browserStorage,
  isStandalone,
  nextInstallPromptState,
  promptInstall,
  rememberInstallDismissed,
  wasInstallDismissed,
} from "./install-prompt";

/**
 * The install banner's state: "installable" only while the browser offers installation
 * (`beforeinstallprompt`), the site is not running as the installed app and the visitor
 * has not dismissed the banner before. Starts "hidden" on the server and on hydration.
 */
export function useInstallPrompt() {
  const [state, dispatch] = useReducer(nextInstallPromptState, "hidden");
  const offer = useRef<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onBeforeInstallPrompt = (event: Event) => {
      // Keep the browser's own mini-infobar away: the banner is the one invitation.
      event.preventDefault();
      offer.current = event as BeforeInstallPromptEvent;
      dispatch({ type: "offered", standalone: isStandalone(window), dismissedBefore: wasInstallDismissed(browserStorage()) });
    };
    const onInstalled = () => {
      offer.current = null;
      dispatch({ type: "installed" });
    };
    const displayMode = window.matchMedia?.("(display-mode: standalone)");
    const onDisplayModeChange = (event: MediaQueryListEvent) => {
      if (event.matches) onInstalled();
    };
    window.addEventListener("beforeinstallprompt", onBeforeInstallPrompt);
    window.addEventListener("appinstalled", onInstalled);
    displayMode?.addEventListener("change", onDisplayModeChange);
    return () => {
      window.removeEventListener("beforeinstallprompt", onBeforeInstallPrompt);
      window.removeEventListener("appinstalled", onInstalled);
      displayMode?.removeEventListener("change", onDisplayModeChange);
    };
  }, []);

  /** Shows the browser's install dialog; true when the visitor accepted it. */
  const install = useCallback(async (): Promise<boolean> => {
    const event = offer.current;
    if (!event) return false;
    // The browser shows a given prompt once: the banner goes either way.
    offer.current = null;
    const accepted = await promptInstall(event);
    dispatch(accepted ? { type: "installed" } : { type: "dismissed" });
    return accepted;
  }, []);

  /** Later and close: hidden now and on later visits. */
  const dismiss = useCallback(() => {
    rememberInstallDismissed(browserStorage());
    offer.current = null;
    dispatch({ type: "dismissed" });
  }, []);

  return { state, install, dismiss };
}
