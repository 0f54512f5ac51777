import { data } from "react-router";
import {
  EMPTY_COLLECTION,
  SermonCollection,
  type SermonCollectionData,
} from "~/components/sermon-collection";
import { sermonCardData } from "~/components/sermon-card";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { requestedPage } from "~/lib/paging";
import { SERMON_FEED_PATH, seriesHref } from "~/lib/sermons";
import { findSeriesBySlug, listSermonsPage } from "~/server/content/sermons.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/sermon-series";

const NOT_FOUND = "Series Not Found";

// One series' page: /media/sermons/series/{slug}, its sermons newest first.
export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadOrEmpty(
    "a sermon series",
    async (): Promise<SermonCollectionData> => {
      const series = await findSeriesBySlug(params.slug);
      if (!series) return EMPTY_COLLECTION;
      const { rows, total, page, pages } = await listSermonsPage(requestedPage(request), {
        series: series.slug,
      });
      return {
        name: series.name,
        description: series.description,
        sermons: rows.map(sermonCardData),
        total,
        page,
        pages,
      };
    },
    EMPTY_COLLECTION,
  );
  return loaded.data.loadFailed || loaded.data.name ? loaded : data(loaded.data, { status: 404 });
}

export const handle: PageHandle = { enhancements: ["toasts", "video"] };
export const clientLoader = loadAsDocument;

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", href: SERMON_FEED_PATH, title: "Sermons" },
];

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.name;
  if (!name) return pageMeta(matches, NOT_FOUND);
  return pageMeta(
    matches,
    `${name}: Sermon Series`,
    loaderData.description ?? ((church) => `The sermons of the series ${name} at ${church.name}.`),
  );
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
