import { useEffect, useState } from "react";
import type { ExternalToast } from "sonner";
import type { FlashToast } from "~/domain/toast";
import type * as SonnerToaster from "./sonner-toaster";

/**
 * Toasts, with sonner kept off the first load: the toaster's code (about 9 KB gzip, and
 * its style sheet) is fetched when the first toast is asked for, or earlier when a form
 * that will toast is first used (`preloadToaster`). Toasts asked for before it is mounted
 * wait for it and show as soon as it is; none is dropped.
 */
type Sonner = typeof SonnerToaster;

let markReady: (sonner: Sonner) => void = () => {};
const ready = new Promise<Sonner>((resolve) => {
  markReady = resolve;
});

let requestLoad: () => void = () => {};
const wanted = new Promise<void>((resolve) => {
  requestLoad = resolve;
});

/** Starts fetching the toaster now (a form about to be sent will need it). */
export function preloadToaster() {
  requestLoad();
}

function whenReady(show: (sonner: Sonner) => void) {
  requestLoad();
  void ready.then(show);
}

export const toast = Object.assign(
  (message: string, options?: ExternalToast) => whenReady((s) => s.toast(message, options)),
  {
    success: (message: string, options?: ExternalToast) => whenReady((s) => s.toast.success(message, options)),
    error: (message: string, options?: ExternalToast) => whenReady((s) => s.toast.error(message, options)),
    info: (message: string, options?: ExternalToast) => whenReady((s) => s.toast.info(message, options)),
  },
);

/** Shows a toast the server described (after a redirect, or in an action's answer). */
export function showFlashToast(t: FlashToast) {
  const show = t.type === "error" ? toast.error : t.type === "success" ? toast.success : toast.info;
  show(t.title, { description: t.description });
}

/** Mounted once in the root layout; renders nothing until a toast is wanted and sonner has loaded. */
export function Toaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => {
    let live = true;
    wanted
      .then(() => import("./sonner-toaster"))
      .then((module) => live && setSonner(module))
      .catch((error: unknown) => console.warn("The toaster could not be loaded", error));
    return () => {
      live = false;
    };
  }, []);
  if (!sonner) return null;
  return <sonner.LoadedToaster onReady={() => markReady(sonner)} />;
}
