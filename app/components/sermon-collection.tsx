import { ArrowLeft, CircleAlert } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { ServerToast } from "~/components/page-toast";
import { Pager } from "~/components/pager";
import { SermonGrid, type SermonCardData } from "~/components/sermon-card";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import type { ToastMessage } from "~/lib/action-result";
import { useLocalePath, useT, type Translate } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { useTextLang } from "~/lib/text-lang";

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
export const sermonsNotLoaded = (t: Translate): ToastMessage => ({
  title: t("media.errorFetching"),
  description: t("media.notLoadedToast"),
  variant: "destructive",
});

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
export const sermonCount = (t: Translate, n: number) => t("media.sermonCount", { count: n, n: String(n) });

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
  const t = useT();
  const href = useLocalePath();
  // A series' name and description, and a speaker's name, are typed in English.
  const english = useTextLang();
  return (
    <>
      {loadFailed ? <ServerToast toast={sermonsNotLoaded(t)} /> : null}
      <PageHeader
        eyebrow={eyebrow}
        title={name ?? (loadFailed ? t("media.errorFetching") : notFound)}
        titleLang={name ? english : undefined}
        description={name ? (description ?? sermonCount(t, total)) : undefined}
        descriptionLang={description ? english : undefined}
      />
      <section
        aria-label={t("media.sermons")}
        className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8"
      >
        <a href={href("/media/sermons")} className={buttonVariants({ variant: "outline" })}>
          <ArrowLeft aria-hidden="true" />
          {t("media.allSermons")}
        </a>
        <div className="mt-8">
          {loadFailed ? (
            <StatusMessage icon={CircleAlert} tone="error" title={t("media.notLoaded")}>
              {t("media.notLoadedText")}
            </StatusMessage>
          ) : !name ? (
            <StatusMessage icon={CircleAlert} title={notFound}>
              {t("media.collectionNotFoundText")}
            </StatusMessage>
          ) : (
            <>
              {description ? (
                <p className="mb-6 text-sm text-muted-foreground" data-testid="sermon-count">
                  {t("media.newestFirst", { count: sermonCount(t, total) })}
                </p>
              ) : null}
              <SermonGrid sermons={sermons} />
            </>
          )}
        </div>
        <Pager
          page={page}
          pages={pages}
          hrefFor={(target) => href(target === 1 ? path : `${path}?page=${target}`)}
          previousLabel={t("media.newer")}
          nextLabel={t("media.older")}
        />
      </section>
    </>
  );
}
