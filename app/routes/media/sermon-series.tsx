import { SermonCollection, sermonCollectionMeta } from "~/components/sermon-collection";
import { useT } from "~/lib/i18n";
import { metaLocale } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { SERMON_PAGE_HANDLE, seriesHref, sermonFeedLinks } from "~/lib/sermons";
import { findSeriesBySlug } from "~/server/content/sermons.server";
import type { Route } from "./+types/sermon-series";
import { loadSermonCollection } from "./sermon-collection.server";

// One series' page: /media/sermons/series/{slug}, its sermons newest first.
export async function loader({ request, params }: Route.LoaderArgs) {
  return loadSermonCollection(request, "a sermon series", async () => {
    const series = await findSeriesBySlug(params.slug);
    return series
      ? { name: series.name, description: series.description, filters: { series: series.slug } }
      : null;
  });
}

export const handle = SERMON_PAGE_HANDLE;
export const clientLoader = loadAsDocument;
export const links: Route.LinksFunction = sermonFeedLinks;

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  return sermonCollectionMeta(matches, loaderData?.name, t("media.seriesNotFound"), (name) => [
    t("media.seriesTitle", { name }),
    loaderData?.description ?? ((church) => t("media.seriesMetaDescription", { name, church: church.name })),
  ]);
}

export default function SermonSeriesPage({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  return (
    <SermonCollection
      {...loaderData}
      eyebrow={t("media.sermonSeries")}
      notFound={t("media.seriesNotFound")}
      path={seriesHref(params.slug)}
    />
  );
}
