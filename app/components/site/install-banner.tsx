import { X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { brand } from "~/domain/brand";
import { useT } from "~/i18n/i18n";
import { useInstallPrompt } from "./use-install-prompt";

/**
 * SPEC.md "Install banner": fixed at the bottom with Install, Later and close controls,
 * shown only while the browser offers installation and the app is not installed, hidden
 * for good once dismissed.
 */
export function InstallBanner() {
  const { state, install, dismiss } = useInstallPrompt();
  const t = useT();
  if (state !== "installable") return null;
  return (
    <section
      aria-labelledby="install-banner-title"
      aria-describedby="install-banner-description"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-primary-foreground/15 bg-primary pb-[env(safe-area-inset-bottom)] text-primary-foreground shadow-[0_-8px_24px_-12px_rgb(0_0_0/0.45)] motion-safe:animate-install-banner-in"
    >
      <div className="relative mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center sm:gap-5 sm:px-6">
        <img
          src="/icons/icon-192.png"
          alt=""
          width={44}
          height={44}
          className="hidden size-11 shrink-0 rounded-lg ring-1 ring-primary-foreground/20 sm:block"
        />
        <div className="min-w-0 flex-1 pe-10 sm:pe-0">
          <p id="install-banner-title" className="font-serif text-lg font-semibold leading-snug">
            {t("install.title", { brand: brand.name })}
          </p>
          <p id="install-banner-description" className="mt-0.5 text-sm text-primary-foreground/85">
            {t("install.description")}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="accent" className="flex-1 sm:flex-none" onClick={() => void install()}>
            {t("install.install")}
          </Button>
          <Button
            variant="ghost"
            className="flex-1 text-primary-foreground hover:bg-primary-foreground/10 sm:flex-none"
            onClick={dismiss}
          >
            {t("install.later")}
          </Button>
        </div>
        <button
          type="button"
          aria-label={t("common.close")}
          onClick={dismiss}
          className="absolute end-2 top-2 inline-flex size-10 items-center justify-center rounded-md text-primary-foreground/85 transition-colors hover:bg-primary-foreground/10 hover:text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring sm:static sm:-me-2"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
