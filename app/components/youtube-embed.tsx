import { Play } from "lucide-react";
import { youTubeEmbedUrl, youTubeWatchUrl } from "~/lib/youtube";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { ResponsiveImage } from "./responsive-image";

/**
 * A video that costs nothing until a visitor asks for it: a light preview with a play button,
 * replaced by the video platform's player on click by the page's video script (ADR 013). Without
 * scripts the preview links to the video's own page. No request leaves our site before the click:
 * the preview shows the video's picture from our own store when the server kept one (`thumbnail`,
 * drawn `sizes` wide), else a plain background.
 */
export function YouTubeEmbed({
  id,
  title,
  className,
  thumbnail,
  sizes = "(min-width: 896px) 832px, calc(100vw - 32px)",
  priority = false,
  titleLang,
}: {
  id: string;
  title: string;
  /** The title's language when it is not the page's (a sermon's English title on a Filipino page). */
  titleLang?: string;
  className?: string;
  thumbnail?: string | null;
  sizes?: string;
  priority?: boolean;
}) {
  const t = useT();
  return (
    <a
      href={youTubeWatchUrl(id)}
      target="_blank"
      rel="noopener noreferrer"
      data-embed-src={youTubeEmbedUrl(id)}
      data-embed-title={title}
      data-frame-class={cn("aspect-video w-full rounded-lg border-0 bg-black", className)}
      aria-label={t("common.playVideo", { title })}
      data-testid="video-preview"
      className={cn(
        "group relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg bg-navy",
        className,
      )}
    >
      {thumbnail ? (
        // The video platform's picture is 4:3 with black bands around a 16:9 frame: cropping it to
        // the 16:9 box from its middle leaves just the frame.
        <ResponsiveImage
          src={thumbnail}
          alt=""
          width={480}
          height={360}
          sizes={sizes}
          priority={priority}
          className="absolute inset-0 size-full object-cover"
          data-testid="video-thumbnail"
        />
      ) : (
        <span
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_25%_25%,rgba(245,184,61,0.35),transparent_50%),radial-gradient(circle_at_80%_80%,rgba(59,130,246,0.45),transparent_55%)]"
        />
      )}
      <span
        lang={titleLang}
        className={cn(
          "absolute inset-x-0 bottom-0 line-clamp-2 px-3 pb-2 text-left text-sm font-medium text-white/90",
          thumbnail && "bg-[linear-gradient(to_top,rgba(0,0,0,0.8),transparent)] pt-6 text-white",
        )}
      >
        {title}
      </span>
      <span className="relative flex size-14 items-center justify-center rounded-full bg-white/95 text-navy shadow-lg transition-transform group-hover:scale-110">
        <Play className="ml-1 size-7 fill-current" aria-hidden="true" />
      </span>
    </a>
  );
}
