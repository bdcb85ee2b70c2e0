/**
 * The page's scripts, held by the server until the page has painted (decision 022;
 * app/server/http/scripts-after-paint.server.ts rewrites the HTML): the names a browser
 * ignores, and the inline script that gives the scripts back.
 */

export const HELD_PRELOAD_REL = "x-held-modulepreload";
/**
 * A valid MIME type that no browser runs (a `<script type>` must be one: the Nu Html
 * Checker refuses a bare "x-held-module"), so the block stays inert data until it is given back.
 */
export const HELD_MODULE_TYPE = "text/x-held-module";

/** Set by the root layout once the page has hydrated: replays a tap that came too early. */
export const HYDRATED_HOOK = "__tigrisHydrated";

/**
 * The browser side, written by the root layout after `<Scripts>`. The scripts are given
 * back after the frame that paints the page, at once in a hidden tab (which paints
 * nothing), or as soon as the visitor touches the page. A tap on a button that only
 * scripts can work (a button outside a form, or `type="button"`) before the page has
 * hydrated is not lost: the last one is pressed and clicked again once it has. Links and
 * form buttons work without scripts and are left to the browser. The page's `<html>` then
 * carries `data-hydrated` (what the end-to-end tests wait for).
 */
export const RELEASE_SCRIPTS = `(() => {
  let released = false;
  let early = null;
  const release = () => {
    if (released) return;
    released = true;
    for (const link of document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]')) link.rel = "modulepreload";
    for (const held of document.querySelectorAll('script[type="${HELD_MODULE_TYPE}"]')) {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = held.nonce;
      script.textContent = held.textContent;
      held.replaceWith(script);
    }
  };
  const tapped = (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && !button.disabled && (button.type === "button" || !button.form)) early = button;
  };
  document.addEventListener("click", tapped, true);
  for (const type of ["pointerdown", "keydown", "touchstart"]) document.addEventListener(type, release, { capture: true, once: true, passive: true });
  // Some controls act on the press (tabs, menus), others on the click (dialogs): the tap is
  // replayed whole.
  const replay = (button) => {
    const init = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1, pointerId: 1, pointerType: "mouse", isPrimary: true };
    button.dispatchEvent(new PointerEvent("pointerdown", init));
    button.dispatchEvent(new MouseEvent("mousedown", init));
    button.focus();
    button.dispatchEvent(new PointerEvent("pointerup", { ...init, buttons: 0 }));
    button.dispatchEvent(new MouseEvent("mouseup", { ...init, buttons: 0 }));
    button.click();
  };
  window.${HYDRATED_HOOK} = () => {
    document.removeEventListener("click", tapped, true);
    document.documentElement.setAttribute("data-hydrated", "");
    if (early && early.isConnected && !early.disabled) replay(early);
    early = null;
  };
  if (document.visibilityState === "hidden") release();
  else requestAnimationFrame(() => setTimeout(release));
})();`;
