import { Link } from "react-router";
import { useT } from "~/i18n/i18n";

/** SPEC.md 404 page. */
export function NotFoundPage() {
  const t = useT();
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-6 py-24">
      <div className="text-center">
        <p className="font-serif text-7xl font-semibold text-primary">404</p>
        <h1 className="mt-4 text-2xl font-semibold">{t("notFound.title")}</h1>
        <Link
          to="/"
          className="mt-6 inline-block font-medium text-primary underline underline-offset-4 hover:text-primary/80"
        >
          {t("notFound.home")}
        </Link>
      </div>
    </section>
  );
}
