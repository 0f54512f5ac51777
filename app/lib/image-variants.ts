// How an uploaded picture's copies are named, so a page can build `srcset` from the one address a
// row keeps. Pure functions: the server names the copies with them and the pages read them back.
//
// A picture uploaded as `event-images/event-1732350000000` and 1600x1200 after rotation is kept as
//   event-images/event-1732350000000_1600x1200.jpg        the fallback at full width (the address
//                                                          rows keep and e-mails or feeds may use)
//   event-images/event-1732350000000_1600x1200_640.jpg    the fallback at each narrower width
//   event-images/event-1732350000000_1600x1200_640.webp   WebP at every width, full width included
// The widths follow from the full width, so the name alone says which copies exist.

/** The widths copies are made at (never wider than the picture itself). */
export const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;

/** The widest copy kept: wider pictures are scaled down to this. */
export const MAX_IMAGE_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

export type FallbackFormat = "jpg" | "png";

export interface VariantSet {
  /** The object name without size and extension, e.g. `event-images/event-1732350000000`. */
  base: string;
  width: number;
  height: number;
  fallback: FallbackFormat;
}

/** The widths a picture `width` pixels wide is kept at, narrowest first; the last is its own. */
export function variantWidths(width: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < width), width];
}

/** The name rows keep: the fallback format at full width. */
export function mainObjectName(set: VariantSet): string {
  return `${set.base}_${set.width}x${set.height}.${set.fallback}`;
}

/** Every object of the set: the main name first, then each narrower fallback and each WebP. */
export function variantObjectNames(
  set: VariantSet,
): { name: string; width: number; format: "webp" | FallbackFormat }[] {
  const stem = `${set.base}_${set.width}x${set.height}`;
  const names: { name: string; width: number; format: "webp" | FallbackFormat }[] = [
    { name: mainObjectName(set), width: set.width, format: set.fallback },
  ];
  for (const width of variantWidths(set.width)) {
    if (width < set.width)
      names.push({ name: `${stem}_${width}.${set.fallback}`, width, format: set.fallback });
    names.push({ name: `${stem}_${width}.webp`, width, format: "webp" });
  }
  return names;
}

const MAIN_NAME = /^(.+)_(\d{1,5})x(\d{1,5})\.(jpg|png)$/;

/**
 * The set a main object name belongs to; given an address ending in one, the same with the
 * address's path as its base. Null for any other file.
 */
export function parseVariantSet(nameOrUrl: string): VariantSet | null {
  const clean = nameOrUrl.split(/[?#]/)[0]!;
  const match = MAIN_NAME.exec(clean);
  if (!match || match[1]!.endsWith("/")) return null;
  const width = Number(match[2]);
  const height = Number(match[3]);
  if (!width || !height || width > MAX_IMAGE_WIDTH) return null;
  return { base: match[1]!, width, height, fallback: match[4] as FallbackFormat };
}

export interface ResponsiveSources {
  /** The fallback at full width: what `src` holds. */
  src: string;
  width: number;
  height: number;
  /** `srcset` for the fallback format. */
  srcSet: string;
  /** `srcset` for the WebP `<source>`. */
  webpSrcSet: string;
}

/**
 * The `srcset` lists for a picture kept under `url`, or null when `url` is not such a picture
 * (an outside address, a generated picture, or an upload from before copies were made).
 */
export function responsiveSources(url: string): ResponsiveSources | null {
  const set = parseVariantSet(url);
  if (!set) return null;
  const stem = `${set.base}_${set.width}x${set.height}`;
  const widths = variantWidths(set.width);
  return {
    src: url,
    width: set.width,
    height: set.height,
    srcSet: widths.map((w) => `${w === set.width ? url : `${stem}_${w}.${set.fallback}`} ${w}w`).join(", "),
    webpSrcSet: widths.map((w) => `${stem}_${w}.webp ${w}w`).join(", "),
  };
}
