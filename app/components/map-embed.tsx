import { ExternalLink, MapPin } from "lucide-react";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { Button } from "./ui/button";

/** The map provider's embeddable map for a place, as typed into its search box. */
export function googleMapsEmbedUrl(query: string): string {
  return `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
}

/**
 * A map that costs nothing until a visitor asks for it: a drawn preview with a 'Show map' button,
 * replaced by the map provider's frame on click by the page's map script (ADR 013). No request
 * leaves our site before the click. Without scripts the button stays hidden and the preview offers
 * the link to the map instead.
 */
export function MapEmbed({
  query,
  title,
  mapsUrl,
  className,
}: {
  /** What the map searches for, e.g. the church's address. */
  query: string;
  /** The frame's accessible name. */
  title: string;
  /** The map's own page, for visitors without JavaScript or who prefer the app. */
  mapsUrl: string;
  className?: string;
}) {
  const t = useT();
  const frame =
    "relative aspect-[4/3] w-full overflow-hidden rounded-xl border border-border sm:aspect-video";
  return (
    <div
      className={cn(frame, "bg-[#e8eef7]", className)}
      data-testid="map-preview"
      data-map-preview
      data-embed-src={googleMapsEmbedUrl(query)}
      data-embed-title={title}
      data-frame-class={cn(frame, "bg-muted", className)}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 400 300"
        preserveAspectRatio="xMidYMid slice"
        className="absolute inset-0 size-full"
      >
        <rect width="400" height="300" fill="#e8eef7" />
        <path d="M0 210c60-20 110 10 170-5s120-60 230-40v135H0z" fill="#cfe0f5" />
        <g fill="#d6e9d3">
          <rect x="24" y="28" width="86" height="58" rx="8" />
          <rect x="282" y="40" width="92" height="70" rx="8" />
        </g>
        <g stroke="#ffffff" strokeWidth="12" strokeLinecap="round" fill="none">
          <path d="M-10 130h420" />
          <path d="M150 -10v320" />
          <path d="M-10 40l420 220" />
        </g>
        <g stroke="#ffffff" strokeWidth="5" strokeLinecap="round" fill="none">
          <path d="M260 -10v320" />
          <path d="M-10 250h180" />
          <path d="M60 -10v160" />
        </g>
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-navy/10 p-4 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg">
          <MapPin className="size-6" aria-hidden="true" />
        </span>
        <p className="rounded-md bg-background/90 px-3 py-1 text-sm font-medium text-navy">{query}</p>
        <div className="flex flex-wrap items-center justify-center gap-2">
          <Button type="button" data-map-show hidden className="h-11">
            {t("common.showMap")}
          </Button>
          <a
            href={mapsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-11 items-center gap-2 rounded-md bg-background px-4 text-sm font-semibold text-primary shadow-sm hover:underline"
          >
            {t("common.openInGoogleMaps")}
            <span className="sr-only">{` ${t("common.opensInNewTab")}`}</span>
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        </div>
        <p className="max-w-xs text-xs text-navy/80">{t("common.mapNotice")}</p>
      </div>
    </div>
  );
}
