import { data } from "react-router";
import { sermonCardData } from "~/components/sermon-card";
import { EMPTY_COLLECTION, type SermonCollectionData } from "~/components/sermon-collection";
import { localeOfRequest } from "~/lib/i18n";
import { requestedPage } from "~/lib/paging";
import type { SermonFilters } from "~/lib/sermons";
import { listSermonsPage } from "~/server/content/sermons.server";
import { loadOrEmpty } from "~/server/http/loader.server";

/**
 * The loader of one series' or one speaker's page: what `find` names (null when there is no such
 * series or speaker: the page answers 404) and the requested page of its sermons, newest first.
 */
export async function loadSermonCollection(
  request: Request,
  what: string,
  find: () => Promise<{ name: string; description: string | null; filters: SermonFilters } | null>,
) {
  const loaded = await loadOrEmpty(
    what,
    async (): Promise<SermonCollectionData> => {
      const found = await find();
      if (!found) return EMPTY_COLLECTION;
      const { rows, total, page, pages } = await listSermonsPage(
        requestedPage(request),
        found.filters,
        localeOfRequest(request),
      );
      const { name, description } = found;
      return { name, description, sermons: rows.map(sermonCardData), total, page, pages };
    },
    EMPTY_COLLECTION,
  );
  return loaded.data.loadFailed || loaded.data.name ? loaded : data(loaded.data, { status: 404 });
}
