import { CircleAlert, Rss, Search, Video } from "lucide-react";
import { redirect } from "react-router";
import { FormField, Field } from "~/components/form-field";
import { PageHeader } from "~/components/page-header";
import { ServerToast } from "~/components/page-toast";
import { Pager } from "~/components/pager";
import { SermonGrid, sermonCardData } from "~/components/sermon-card";
import { sermonCount, sermonsNotLoaded } from "~/components/sermon-collection";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { localePath, localeOfRequest, useLocalePath, useT } from "~/lib/i18n";
import { loadAsDocument } from "~/lib/page-scripts";
import { metaLocale, pageMeta } from "~/lib/meta";
import { useTextLang } from "~/lib/text-lang";
import { requestedPage } from "~/lib/paging";
import {
  hasSermonFilters,
  readSermonFilters,
  SERMON_FEED_PATH,
  SERMON_PAGE_HANDLE,
  sermonFeedLinks,
  seriesHref,
  sermonsListHref,
  type SermonFilters,
} from "~/lib/sermons";
import {
  listSermonSeries,
  listSermonsPage,
  listSermonYears,
  listSpeakers,
} from "~/server/content/sermons.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/sermons";

export function meta({ matches, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  return pageMeta(matches, t("media.sermons"), (church) =>
    t("media.sermonsMetaDescription", { church: church.name }),
  );
}

export const links: Route.LinksFunction = sermonFeedLinks;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = readSermonFilters(url.searchParams);
  // The form sends its empty fields too (?q=&series=romans&speaker=&year=): answer with the
  // short address, the one worth sharing.
  if ([...url.searchParams.values()].some((value) => value.trim() === "")) {
    const base = localePath(localeOfRequest(request), "/media/sermons");
    throw redirect(sermonsListHref(filters, requestedPage(request), base));
  }
  return loadOrEmpty(
    "the sermons",
    async () => {
      const [{ rows, page, pages, total }, series, speakers, years] = await Promise.all([
        listSermonsPage(requestedPage(request), filters, localeOfRequest(request)),
        listSermonSeries(),
        listSpeakers(),
        listSermonYears(),
      ]);
      return {
        page,
        pages,
        total,
        filters,
        sermons: rows.map(sermonCardData),
        series: series.filter((item) => item.sermons > 0).map(({ name, slug }) => ({ name, slug })),
        speakers: speakers.map(({ name, slug }) => ({ name, slug })),
        years,
      };
    },
    {
      page: 1,
      pages: 1,
      total: 0,
      filters,
      sermons: [],
      series: [] as { name: string; slug: string }[],
      speakers: [] as { name: string; slug: string }[],
      years: [] as number[],
    },
  );
}

export const handle = SERMON_PAGE_HANDLE;
export const clientLoader = loadAsDocument;

/**
 * Narrow the list by series, speaker, year or words: a plain GET form, so it works without
 * scripts and every result has an address to share.
 */
function SermonFilterForm({
  filters,
  series,
  speakers,
  years,
}: {
  filters: SermonFilters;
  series: { name: string; slug: string }[];
  speakers: { name: string; slug: string }[];
  years: number[];
}) {
  const t = useT();
  const href = useLocalePath();
  const english = useTextLang();
  return (
    <form
      method="get"
      action={href("/media/sermons")}
      role="search"
      aria-label={t("media.findSermons")}
      // One field under another on a phone (three boxes side by side would cut "All speakers" to
      // "All spe"), three across from 640 px, all in one row from 1024 px.
      className="grid items-end gap-3 rounded-xl [&>*]:min-w-0 border border-border bg-muted/40 p-4 sm:grid-cols-3 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:gap-4"
    >
      <FormField
        id="sermon-q"
        name="q"
        type="search"
        label={t("media.search")}
        placeholder={t("media.searchPlaceholder")}
        maxLength={100}
        defaultValue={filters.q ?? ""}
        className="sm:col-span-3 lg:col-span-1"
      />
      <Field
        id="sermon-series"
        label={t("media.series")}
        control={(aria) => (
          <NativeSelect id="sermon-series" name="series" defaultValue={filters.series ?? ""} {...aria}>
            <option value="">{t("media.allSeries")}</option>
            {series.map((item) => (
              <option key={item.slug} value={item.slug} lang={english}>
                {item.name}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <Field
        id="sermon-speaker"
        label={t("media.speaker")}
        control={(aria) => (
          <NativeSelect id="sermon-speaker" name="speaker" defaultValue={filters.speaker ?? ""} {...aria}>
            <option value="">{t("media.allSpeakers")}</option>
            {speakers.map((item) => (
              <option key={item.slug} value={item.slug} lang={english}>
                {item.name}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <Field
        id="sermon-year"
        label={t("media.year")}
        control={(aria) => (
          <NativeSelect id="sermon-year" name="year" defaultValue={filters.year ?? ""} {...aria}>
            <option value="">{t("media.allYears")}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <div className="flex gap-2 sm:col-span-3 lg:col-span-1">
        <button type="submit" className={buttonVariants({ className: "h-11 flex-1 lg:flex-none" })}>
          <Search aria-hidden="true" />
          {t("media.find")}
        </button>
        {hasSermonFilters(filters) ? (
          <a
            href={href("/media/sermons")}
            className={buttonVariants({ variant: "outline", className: "h-11" })}
          >
            {t("media.clear")}
          </a>
        ) : null}
      </div>
    </form>
  );
}

export default function Sermons({ loaderData }: Route.ComponentProps) {
  const { sermons, page, pages, total, filters, series, speakers, years, loadFailed } = loaderData;
  const narrowed = hasSermonFilters(filters);
  const t = useT();
  const href = useLocalePath();
  const english = useTextLang();

  return (
    <>
      {loadFailed ? <ServerToast toast={sermonsNotLoaded(t)} /> : null}
      <PageHeader
        eyebrow={t("media.media")}
        title={t("media.sermons")}
        description={t("media.sermonsDescription")}
      />
      <section
        aria-label={t("media.sermons")}
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8"
      >
        {loadFailed ? (
          <StatusMessage icon={CircleAlert} tone="error" title={t("media.notLoaded")} testId="sermons-error">
            {t("media.notLoadedText")}
          </StatusMessage>
        ) : total === 0 && !narrowed ? (
          <StatusMessage icon={Video} title={t("media.noSermons")} testId="sermons-empty">
            {t("media.noSermonsText")}
          </StatusMessage>
        ) : (
          <>
            {series.length > 0 ? (
              <nav aria-label={t("media.sermonSeriesLabel")} className="mb-6">
                <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                  {t("media.series")}
                </h2>
                <ul lang={english} className="mt-2 flex flex-wrap gap-2">
                  {series.map((item) => (
                    <li key={item.slug}>
                      <a
                        href={href(seriesHref(item.slug))}
                        className="inline-flex min-h-11 items-center rounded-full border border-border bg-background px-4 text-sm font-medium text-navy hover:bg-muted"
                      >
                        {item.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            <SermonFilterForm filters={filters} series={series} speakers={speakers} years={years} />
            <p
              className="mt-4 mb-6 text-sm text-muted-foreground"
              aria-live="polite"
              data-testid="sermon-count"
            >
              {narrowed
                ? t("media.found", { count: sermonCount(t, total) })
                : t("media.newestFirst", { count: sermonCount(t, total) })}{" "}
              <a
                href={SERMON_FEED_PATH}
                className="inline-flex items-center gap-1 font-medium text-navy underline"
              >
                <Rss className="size-3.5" aria-hidden="true" />
                {t("media.feed")}
              </a>
            </p>
            {sermons.length === 0 ? (
              <StatusMessage icon={Search} title={t("media.noneFound")} testId="sermons-none-found">
                {t("media.noneFoundText")}{" "}
                <a href={href("/media/sermons")} className="font-medium text-navy underline">
                  {t("media.seeEverySermon")}
                </a>
                {t("media.noneFoundEnd")}
              </StatusMessage>
            ) : (
              <SermonGrid sermons={sermons} />
            )}
          </>
        )}
        <Pager
          page={page}
          pages={pages}
          hrefFor={(target) => href(sermonsListHref(filters, target))}
          previousLabel={t("media.newer")}
          nextLabel={t("media.older")}
        />
      </section>
    </>
  );
}
