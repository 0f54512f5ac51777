import type { Church } from "~/content/church";
import { localeOfPath, translator, type Locale, type Translate } from "./i18n";
import type { SiteFrame } from "./site-frame";

/** A meta function's `matches`: the root's entry carries the site frame. */
type MetaMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The church's facts from the root loader, or undefined when that loader failed. */
export function churchOf(matches: MetaMatches): Church | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: SiteFrame } | undefined;
  return root?.site?.church;
}

/** A meta function's language and message function, read from the page's address (issue 39). */
export function metaLocale(location: { pathname: string }): { locale: Locale; t: Translate } {
  const locale = localeOfPath(location.pathname);
  return { locale, t: translator(locale) };
}

/**
 * A page's <title>, description, and the same for link previews (Open Graph). The description
 * defaults to the church's summary and may be written from the church's facts.
 */
export function pageMeta(
  matches: MetaMatches,
  title: string,
  description?: string | ((church: Church) => string),
  /** The link preview's picture (an address on this site, JPEG or PNG); the site's own by default. */
  image?: string | null,
) {
  const church = churchOf(matches);
  const origin = (
    matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined
  )?.origin;
  const fullTitle = !church || title === church.name ? title : `${title} | ${church.name}`;
  const text =
    typeof description === "function" ? church && description(church) : (description ?? church?.summary);
  return [
    { title: fullTitle },
    ...(text ? [{ name: "description", content: text }] : []),
    { property: "og:title", content: fullTitle },
    ...(text ? [{ property: "og:description", content: text }] : []),
    ...(origin ? [{ property: "og:image", content: new URL(previewImage(image), origin).toString() }] : []),
  ];
}

/** Previews (WhatsApp, Facebook) show JPEG and PNG pictures, not drawings (SVG). */
function previewImage(image: string | null | undefined): string {
  return image && /\.(jpe?g|png)$/i.test(image.split(/[?#]/)[0]!) ? image : "/og-image.png";
}
