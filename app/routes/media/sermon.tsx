import {
  ArrowLeft,
  BookOpen,
  CalendarDays,
  Download,
  FileText,
  Headphones,
  Library,
  Mic,
  VideoOff,
} from "lucide-react";
import type { ReactNode } from "react";
import { data } from "react-router";
import { SermonJsonLd } from "~/components/json-ld";
import { PageHeader } from "~/components/page-header";
import { ServerToast } from "~/components/page-toast";
import { ShareLinks } from "~/components/share-links";
import { buttonVariants } from "~/components/ui/button";
import { YouTubeEmbed } from "~/components/youtube-embed";
import { localeOfRequest, localePath, useLocale, useLocalePath, useT, type Translate } from "~/lib/i18n";
import { formatDateLong } from "~/lib/locale-format";
import { metaLocale, pageMeta } from "~/lib/meta";
import { inLang, textLang } from "~/lib/text-lang";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { formatDuration, SERMON_FEED_PATH, seriesHref, sermonHref, speakerHref } from "~/lib/sermons";
import { useSiteFrame } from "~/lib/site-frame";
import { getSermonDetail } from "~/server/content/sermons.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import type { Route } from "./+types/sermon";

const texts = (t: Translate) => ({
  notFoundTitle: t("media.sermonNotFound"),
  notFoundText: t("media.sermonNotFoundText"),
  errorToast: t("media.errorFetching"),
  errorText: t("media.sermonErrorText"),
});

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const loaded = await loadOrEmpty(
    "a sermon",
    async () => {
      const found = await getSermonDetail(params.id, locale);
      if (!found) return { sermon: null };
      return {
        sermon: {
          id: found.id,
          title: found.title,
          speaker: found.speaker,
          sermonDate: found.sermonDate,
          youtubeId: found.youtubeId,
          thumbnailUrl: found.thumbnailUrl,
          passage: found.passage,
          description: found.description,
          titleLang: found.titleLang,
          descriptionLang: found.descriptionLang,
          seriesName: found.series?.name ?? null,
          seriesSlug: found.series?.slug ?? null,
          notes: found.notes
            ? {
                title: found.notes.title ?? found.notes.fileName,
                href: `/media/elibrary/${found.notes.id}/download`,
              }
            : null,
          audio: found.audioObjectPath
            ? {
                src: `${sermonHref(found.id)}/audio`,
                type: found.audioContentType ?? "audio/mpeg",
                megabytes: Math.max(0.1, Math.round((found.audioBytes ?? 0) / 100_000) / 10),
                duration: found.audioSeconds ? formatDuration(found.audioSeconds) : null,
              }
            : null,
          url: `${siteOrigin()}${localePath(locale, sermonHref(found.id))}`,
        },
      };
    },
    { sermon: null },
  );
  return loaded.data.loadFailed || loaded.data.sermon ? loaded : data(loaded.data, { status: 404 });
}

type ShownSermon = NonNullable<Awaited<ReturnType<typeof loader>>["data"]["sermon"]>;

export const handle: PageHandle = { enhancements: ["toasts", "video", "share"] };
export const clientLoader = loadAsDocument;

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", href: SERMON_FEED_PATH, title: "Sermons" },
];

/** "John 3:1-21. A sermon by Pastor Ana, 6 November 2026." for search results and link previews. */
function summary(sermon: ShownSermon, { t, locale }: ReturnType<typeof metaLocale>) {
  const by = t("media.sermonBy", {
    speaker: sermon.speaker,
    date: formatDateLong(sermon.sermonDate, locale),
  });
  return [sermon.passage ? `${sermon.passage}.` : null, by, sermon.description].filter(Boolean).join(" ");
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const language = metaLocale(location);
  const text = texts(language.t);
  const sermon = loaderData?.sermon;
  if (sermon) {
    return [
      ...pageMeta(
        matches,
        sermon.title,
        summary(sermon, language).slice(0, 300),
        `https://i.ytimg.com/vi/${sermon.youtubeId}/hqdefault.jpg`,
      ),
      { property: "og:type", content: "video.other" },
    ];
  }
  if (loaderData && !loaderData.loadFailed) return pageMeta(matches, text.notFoundTitle, text.notFoundText);
  return pageMeta(matches, language.t("media.sermon"), text.errorText);
}

function BackLink({ className }: { className?: string }) {
  const t = useT();
  const href = useLocalePath();
  return (
    <a href={href("/media/sermons")} className={buttonVariants({ variant: "outline", className })}>
      <ArrowLeft aria-hidden="true" />
      {t("media.allSermons")}
    </a>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <dt className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-accent-text">
        <span className="flex size-9 items-center justify-center rounded-full bg-primary/10 text-primary">
          {icon}
        </span>
        <span className="sr-only sm:not-sr-only sm:w-20">{label}</span>
      </dt>
      <dd className="min-h-9 pt-1.5 text-navy">{children}</dd>
    </div>
  );
}

const LINK = "font-medium text-primary underline-offset-4 hover:underline";

export default function SermonPage({ loaderData }: Route.ComponentProps) {
  const { sermon, loadFailed } = loaderData;
  const { church } = useSiteFrame();
  const locale = useLocale();
  const t = useT();
  const href = useLocalePath();
  const text = texts(t);
  // What staff typed (title, description, speaker, passage, series, notes) is in English.
  const english = textLang(locale);

  if (!sermon) {
    return (
      <>
        {loadFailed ? (
          <ServerToast
            toast={{ title: text.errorToast, description: text.errorText, variant: "destructive" }}
          />
        ) : null}
        <PageHeader title={loadFailed ? text.errorToast : text.notFoundTitle} />
        <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:px-6 lg:px-8">
          <VideoOff className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-4 text-lg text-muted-foreground">
            {loadFailed ? text.errorText : text.notFoundText}
          </p>
          <BackLink className="mt-8" />
        </section>
      </>
    );
  }

  const date = formatDateLong(sermon.sermonDate, locale);
  return (
    <>
      <SermonJsonLd sermon={sermon} church={church} />
      <PageHeader
        eyebrow={sermon.seriesName ?? t("media.sermon")}
        eyebrowLang={sermon.seriesName ? english : undefined}
        title={sermon.title}
        titleLang={textLang(locale, sermon.titleLang)}
        description={date}
      />
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <BackLink />
        <div className="mt-8 grid gap-8">
          <YouTubeEmbed
            id={sermon.youtubeId}
            title={sermon.title}
            titleLang={textLang(locale, sermon.titleLang)}
            thumbnail={sermon.thumbnailUrl}
            priority
          />
          <dl className="grid gap-3">
            <Fact icon={<Mic className="size-4" aria-hidden="true" />} label={t("media.speaker")}>
              <a href={href(speakerHref(sermon.speaker))} lang={english} className={LINK}>
                {sermon.speaker}
              </a>
            </Fact>
            <Fact icon={<CalendarDays className="size-4" aria-hidden="true" />} label={t("media.date")}>
              <time dateTime={sermon.sermonDate}>{date}</time>
            </Fact>
            {sermon.passage ? (
              <Fact icon={<BookOpen className="size-4" aria-hidden="true" />} label={t("media.passage")}>
                {inLang(sermon.passage, english)}
              </Fact>
            ) : null}
            {sermon.seriesName && sermon.seriesSlug ? (
              <Fact icon={<Library className="size-4" aria-hidden="true" />} label={t("media.series")}>
                <a href={href(seriesHref(sermon.seriesSlug))} lang={english} className={LINK}>
                  {sermon.seriesName}
                </a>
              </Fact>
            ) : null}
          </dl>
          {sermon.description ? (
            <section aria-labelledby="sermon-about">
              <h2 id="sermon-about" className="text-lg font-bold text-navy">
                {t("media.aboutSermon")}
              </h2>
              <p
                lang={textLang(locale, sermon.descriptionLang)}
                className="mt-2 whitespace-pre-line leading-relaxed text-foreground"
              >
                {sermon.description}
              </p>
            </section>
          ) : null}
          {sermon.audio ? (
            <section aria-labelledby="sermon-listen">
              <h2 id="sermon-listen" className="flex items-center gap-2 text-lg font-bold text-navy">
                <Headphones className="size-5" aria-hidden="true" />
                {t("media.listen")}
              </h2>
              {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the sermon's own recording: its captions are the video's, on the page above */}
              <audio controls preload="none" className="mt-3 w-full" data-testid="sermon-audio">
                <source src={sermon.audio.src} type={sermon.audio.type} />
              </audio>
              <p className="mt-2 text-sm text-muted-foreground">
                <a
                  href={sermon.audio.src}
                  download
                  className={`${LINK} inline-flex min-h-11 items-center gap-2`}
                >
                  <Download className="size-4" aria-hidden="true" />
                  {t("media.downloadRecording")}
                </a>{" "}
                ({sermon.audio.duration ? `${sermon.audio.duration}, ` : ""}
                {sermon.audio.megabytes} MB)
              </p>
            </section>
          ) : null}
          {sermon.notes ? (
            <section aria-labelledby="sermon-notes">
              <h2 id="sermon-notes" className="text-lg font-bold text-navy">
                {t("media.sermonNotes")}
              </h2>
              <a href={sermon.notes.href} className={`${LINK} mt-1 inline-flex min-h-11 items-center gap-2`}>
                <FileText className="size-5" aria-hidden="true" />
                {inLang(sermon.notes.title, english)}
              </a>
            </section>
          ) : null}
          <ShareLinks
            url={sermon.url}
            title={sermon.title}
            text={t("media.shareText", { title: sermon.title, speaker: sermon.speaker, date })}
          />
        </div>
      </div>
    </>
  );
}
