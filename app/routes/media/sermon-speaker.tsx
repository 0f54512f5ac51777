import { SermonCollection, sermonCollectionMeta } from "~/components/sermon-collection";
import { useT } from "~/lib/i18n";
import { metaLocale } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { SERMON_PAGE_HANDLE, sermonFeedLinks } from "~/lib/sermons";
import { findSpeakerBySlug } from "~/server/content/sermons.server";
import type { Route } from "./+types/sermon-speaker";
import { loadSermonCollection } from "./sermon-collection.server";

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

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  return sermonCollectionMeta(matches, loaderData?.name, t("media.speakerNotFound"), (name) => [
    t("media.speakerTitle", { name }),
    (church) => t("media.speakerMetaDescription", { name, church: church.name }),
  ]);
}

export default function SermonSpeakerPage({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  return (
    <SermonCollection
      {...loaderData}
      eyebrow={t("media.speaker")}
      notFound={t("media.speakerNotFound")}
      path={`/media/sermons/speakers/${params.slug}`}
    />
  );
}
