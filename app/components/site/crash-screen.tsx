import { Button } from "~/components/ui/button";
import { useHref } from "react-router";
import { useT } from "~/i18n/i18n";

/** SPEC.md "Crash screen": shown for any uncaught interface error. */
export function CrashScreen() {
  const t = useT();
  const home = useHref("/");
  return (
    <main className="flex min-h-screen items-center justify-center px-6">
      <div className="max-w-md text-center">
        <h1 className="font-serif text-3xl font-semibold text-primary">{t("crash.title")}</h1>
        <p className="mt-4 text-muted-foreground">
          {t("crash.text")}
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>{t("crash.refresh")}</Button>
          <Button variant="outline" asChild>
            <a href={home}>{t("crash.home")}</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
