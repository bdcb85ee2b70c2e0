import { Building2 } from "lucide-react";

/** The opportunity's picture filling its (positioned) frame, or a placeholder without one; `eager` for the one above the fold. */
export function OpportunityImage({
  title,
  location,
  imageUrl,
  eager = false,
}: {
  title: string;
  location: string;
  imageUrl: string | null;
  eager?: boolean;
}) {
  if (!imageUrl) {
    return (
      <div className="absolute inset-0 flex items-center justify-center text-muted-foreground" aria-hidden="true">
        <Building2 className="size-12" />
      </div>
    );
  }
  return (
    <img
      src={imageUrl}
      alt={`${title}, ${location}`}
      width={1200}
      height={800}
      loading={eager ? "eager" : "lazy"}
      // The eager one is the page's largest paint (the list's first card, a detail page's picture): ahead of the scripts.
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className="absolute inset-0 size-full object-cover"
    />
  );
}
