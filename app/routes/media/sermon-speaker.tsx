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
import { SERMON_FEED_PATH } from "~/lib/sermons";
import { findSpeakerBySlug, listSermonsPage } from "~/server/content/sermons.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/sermon-speaker";

const NOT_FOUND = "Speaker Not Found";

// One speaker's page: /media/sermons/speakers/{slug}, their sermons newest first.
export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadOrEmpty(
    "a speaker's sermons",
    async (): Promise<SermonCollectionData> => {
      const name = await findSpeakerBySlug(params.slug);
      if (!name) return EMPTY_COLLECTION;
      const { rows, total, page, pages } = await listSermonsPage(requestedPage(request), {
        speaker: params.slug,
      });
      return { name, description: null, sermons: rows.map(sermonCardData), total, page, pages };
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
    `Sermons by ${name}`,
    (church) => `Sermons by ${name} at ${church.name}, newest first.`,
  );
}

export default function SermonSpeakerPage({ loaderData, params }: Route.ComponentProps) {
  return (
    <SermonCollection
      {...loaderData}
      eyebrow="Speaker"
      notFound={NOT_FOUND}
      path={`/media/sermons/speakers/${params.slug}`}
    />
  );
}
