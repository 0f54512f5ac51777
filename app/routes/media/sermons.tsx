import { CircleAlert, Video } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { ServerToast } from "~/components/page-toast";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { Pager } from "~/components/pager";
import { StatusMessage } from "~/components/status-message";
import { YouTubeEmbed } from "~/components/youtube-embed";
import { dateBadge, formatDateUS } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { requestedPage } from "~/lib/paging";
import { listSermonsPage } from "~/server/content/sermons.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/sermons";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Sermons",
    (church) => `Watch sermons from the Friday services of ${church.name}, newest first.`,
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  return loadOrEmpty(
    "the sermons",
    async () => {
      const { rows, page, pages } = await listSermonsPage(requestedPage(request));
      return {
        page,
        pages,
        sermons: rows.map(({ id, title, speaker, sermonDate, youtubeId }) => ({
          id,
          title,
          speaker,
          sermonDate,
          youtubeId,
        })),
      };
    },
    { page: 1, pages: 1, sermons: [] },
  );
}

export const handle: PageHandle = { enhancements: ["toasts", "video"] };
export const clientLoader = loadAsDocument;

export default function Sermons({ loaderData }: Route.ComponentProps) {
  const { sermons, page, pages, loadFailed } = loaderData;

  return (
    <>
      {loadFailed ? (
        <ServerToast
          toast={{
            title: "Error fetching sermons",
            description: "We could not load the sermons. Please try again in a moment.",
            variant: "destructive",
          }}
        />
      ) : null}
      <PageHeader
        eyebrow="Media"
        title="Sermons"
        description="Messages from our Friday services. Press play to watch."
      />
      <section aria-label="Sermons" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {loadFailed ? (
          <StatusMessage
            icon={CircleAlert}
            tone="error"
            title="Sermons could not be loaded"
            testId="sermons-error"
          >
            Something went wrong on our side. Please refresh the page or try again in a moment.
          </StatusMessage>
        ) : sermons.length === 0 ? (
          <StatusMessage icon={Video} title="No sermons yet" testId="sermons-empty">
            No sermons have been posted yet. Please check back soon!
          </StatusMessage>
        ) : (
          <ul data-testid="sermon-grid" className="grid gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
            {sermons.map((sermon) => {
              const badge = dateBadge(sermon.sermonDate);
              return (
                <li
                  key={sermon.id}
                  data-testid="sermon-card"
                  className="flex flex-col overflow-hidden rounded-xl border border-border bg-background shadow-sm"
                >
                  <YouTubeEmbed id={sermon.youtubeId} title={sermon.title} className="rounded-none" />
                  <div className="flex flex-1 items-start gap-4 p-4">
                    <time
                      dateTime={sermon.sermonDate}
                      data-testid="sermon-date"
                      className="flex w-14 shrink-0 flex-col items-center rounded-lg bg-navy py-2 text-white"
                    >
                      <span
                        aria-hidden="true"
                        className="text-xs font-semibold uppercase tracking-wide text-gold"
                      >
                        {badge.month}
                      </span>
                      <span aria-hidden="true" className="text-xl font-bold leading-tight">
                        {badge.day}
                      </span>
                      <span className="sr-only">{formatDateUS(sermon.sermonDate)}</span>
                    </time>
                    <div className="min-w-0">
                      <h2 className="font-semibold leading-snug text-navy">{sermon.title}</h2>
                      <p className="mt-1 text-sm text-muted-foreground">{sermon.speaker}</p>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <Pager
          page={page}
          pages={pages}
          hrefFor={(target) => (target === 1 ? "/media/sermons" : `/media/sermons?page=${target}`)}
          previousLabel="Newer sermons"
          nextLabel="Older sermons"
        />
      </section>
    </>
  );
}
