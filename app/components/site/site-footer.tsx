import { brand } from "~/domain/brand";
import { FOOTER_YEAR } from "~/domain/constants";

export function SiteFooter() {
  return (
    <footer className="border-t bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-10 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="font-serif text-lg">{brand.name}</p>
        <p className="text-primary-foreground/80">
          {brand.offices.map((o) => o.city).join(" · ")}
        </p>
        <p className="text-primary-foreground/80">
          © {FOOTER_YEAR} {brand.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
