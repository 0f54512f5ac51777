import { SermonCollection, sermonCollectionMeta } from "~/components/sermon-collection";
import { loadAsDocument } from "~/lib/page-scripts";
import { SERMON_PAGE_HANDLE, seriesHref, sermonFeedLinks } from "~/lib/sermons";
import { findSeriesBySlug } from "~/server/content/sermons.server";
import type { Route } from "./+types/sermon-series";
import { loadSermonCollection } from "./sermon-collection.server";

const NOT_FOUND = "Series Not Found";

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

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return sermonCollectionMeta(matches, loaderData?.name, NOT_FOUND, (name) => [
    `${name}: Sermon Series`,
    loaderData?.description ?? ((church) => `The sermons of the series ${name} at ${church.name}.`),
  ]);
}

export default function SermonSeriesPage({ loaderData, params }: Route.ComponentProps) {
  return (
    <SermonCollection
      {...loaderData}
      eyebrow="Sermon Series"
      notFound={NOT_FOUND}
      path={seriesHref(params.slug)}
    />
  );
}
