import type { CSSProperties } from "react";
import { responsiveSources } from "~/lib/image-variants";

/**
 * An uploaded picture at the size the screen needs: WebP where the browser takes it, JPEG or PNG
 * otherwise, each from the copies made at upload, with the picture's own width and height so
 * nothing moves while it loads. Any other address (a generated picture, an outside address, an
 * upload from before copies were made) is shown as it is.
 *
 * `sizes` says how wide the picture is drawn at each screen width (it must follow the layout);
 * `priority` is for the first picture of a page: fetched at once and first.
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  width,
  height,
  priority = false,
  className,
  ...rest
}: {
  src: string;
  alt: string;
  sizes: string;
  /** Used when `src` has no copies (its drawn proportions). */
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
  /** For a picture cropped to its frame: `objectPosition` keeps its focal point in view. */
  style?: CSSProperties;
  "data-testid"?: string;
}) {
  const sources = responsiveSources(src);
  const loading = priority ? "eager" : "lazy";
  const fetchPriority = priority ? "high" : undefined;
  if (!sources) {
    return (
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
        {...rest}
      />
    );
  }
  return (
    <picture className="contents">
      {/* Not drawn (a source only offers files): in a flex or grid parent it would take a gap. */}
      <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} className="hidden" />
      <img
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sizes}
        alt={alt}
        width={sources.width}
        height={sources.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
        {...rest}
      />
    </picture>
  );
}
