/**
 * A locator map drawn on the server (app/server/maps/locator-map.server.ts) and handed over
 * by a loader as an SVG string: the component only frames it. The markup is ours, made from
 * map data and an escaped label, never text from a visitor or the database as it stands,
 * so it is put in as it is. The drawing scales to the column; its label sits on the
 * reading side already.
 */
export function LocatorMap({ svg, caption }: { svg: string; caption: string }) {
  return (
    <figure className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <div
        className="bg-secondary [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
        // Our own server-drawn SVG (see above), never someone else's markup.
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <figcaption className="border-t px-4 py-3 text-sm text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}
