import { ArrowLeft, CircleAlert } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { ServerToast } from "~/components/page-toast";
import { Pager } from "~/components/pager";
import { SermonGrid, type SermonCardData } from "~/components/sermon-card";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import type { ToastMessage } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";

/** What a series' or speaker's page loads: `name` is null when there is no such series or speaker. */
export interface SermonCollectionData {
  name: string | null;
  description: string | null;
  sermons: SermonCardData[];
  total: number;
  page: number;
  pages: number;
}

export const EMPTY_COLLECTION: SermonCollectionData = {
  name: null,
  description: null,
  sermons: [],
  total: 0,
  page: 1,
  pages: 1,
};

/** The spec's toast when a sermon list cannot be read. */
export const SERMONS_NOT_LOADED: ToastMessage = {
  title: "Error fetching sermons",
  description: "We could not load the sermons. Please try again in a moment.",
  variant: "destructive",
};

/** The head of a series' or speaker's page once `name` is found; the not-found title otherwise. */
export function sermonCollectionMeta(
  matches: Parameters<typeof pageMeta>[0],
  name: string | null | undefined,
  notFound: string,
  describe: (name: string) => [title: string, description: Parameters<typeof pageMeta>[2]],
) {
  return name ? pageMeta(matches, ...describe(name)) : pageMeta(matches, notFound);
}

/** "12 sermons" / "1 sermon". */
export const sermonCount = (n: number) => `${n} ${n === 1 ? "sermon" : "sermons"}`;

/**
 * The page of one series or one speaker: a header, the sermons in the list's grid (newest
 * first) with pages, and the way back to every sermon. `name` is null when nothing was found.
 */
export function SermonCollection({
  eyebrow,
  name,
  description,
  sermons,
  total,
  page,
  pages,
  path,
  loadFailed,
  notFound,
}: SermonCollectionData & {
  eyebrow: string;
  path: string;
  loadFailed?: boolean;
  notFound: string;
}) {
  return (
    <>
      {loadFailed ? <ServerToast toast={SERMONS_NOT_LOADED} /> : null}
      <PageHeader
        eyebrow={eyebrow}
        title={name ?? (loadFailed ? "Error fetching sermons" : notFound)}
        description={name ? (description ?? sermonCount(total)) : undefined}
      />
      <section aria-label="Sermons" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <a href="/media/sermons" className={buttonVariants({ variant: "outline" })}>
          <ArrowLeft aria-hidden="true" />
          All Sermons
        </a>
        <div className="mt-8">
          {loadFailed ? (
            <StatusMessage icon={CircleAlert} tone="error" title="Sermons could not be loaded">
              Something went wrong on our side. Please refresh the page or try again in a moment.
            </StatusMessage>
          ) : !name ? (
            <StatusMessage icon={CircleAlert} title={notFound}>
              It may have been renamed, or the link may be mistyped.
            </StatusMessage>
          ) : (
            <>
              {description ? (
                <p className="mb-6 text-sm text-muted-foreground" data-testid="sermon-count">
                  {sermonCount(total)}, newest first.
                </p>
              ) : null}
              <SermonGrid sermons={sermons} />
            </>
          )}
        </div>
        <Pager
          page={page}
          pages={pages}
          hrefFor={(target) => (target === 1 ? path : `${path}?page=${target}`)}
          previousLabel="Newer sermons"
          nextLabel="Older sermons"
        />
      </section>
    </>
  );
}
