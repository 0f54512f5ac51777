import { SermonCollection, sermonCollectionMeta } from "~/components/sermon-collection";
import { loadAsDocument } from "~/lib/page-scripts";
import { SERMON_PAGE_HANDLE, sermonFeedLinks } from "~/lib/sermons";
import { findSpeakerBySlug } from "~/server/content/sermons.server";
import type { Route } from "./+types/sermon-speaker";
import { loadSermonCollection } from "./sermon-collection.server";

const NOT_FOUND = "Speaker Not Found";

// One speaker's page: /media/sermons/speakers/{slug}, their sermons newest first.
export async function loader({ request, params }: Route.LoaderArgs) {
  return loadSermonCollection(request, "a speaker's sermons", async () => {
    const name = await findSpeakerBySlug(params.slug);
    return name ? { name, description: null, filters: { speaker: params.slug } } : null;
  });
}

export const handle = SERMON_PAGE_HANDLE;
export const clientLoader = loadAsDocument;
export const links: Route.LinksFunction = sermonFeedLinks;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return sermonCollectionMeta(matches, loaderData?.name, NOT_FOUND, (name) => [
    `Sermons by ${name}`,
    (church) => `Sermons by ${name} at ${church.name}, newest first.`,
  ]);
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
