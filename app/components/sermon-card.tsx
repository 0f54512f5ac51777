import { Headphones } from "lucide-react";
import { YouTubeEmbed } from "~/components/youtube-embed";
import { useLocale, useLocalePath, useT, type Locale } from "~/lib/i18n";
import { dateBadge, formatDateUS } from "~/lib/locale-format";
import { sermonHref, seriesHref, speakerHref } from "~/lib/sermons";
import { inLang, textLang } from "~/lib/text-lang";

export interface SermonCardData {
  id: string;
  title: string;
  speaker: string;
  sermonDate: string;
  youtubeId: string;
  passage: string | null;
  seriesName: string | null;
  seriesSlug: string | null;
  hasAudio: boolean;
  /** The video's picture in our store (null: the preview's plain background). */
  thumbnailUrl: string | null;
  /**
   * The language of the title (English unless the loader sends a translation): on a page in
   * another language it carries its own lang. Series names, speakers and passages are always English.
   */
  textLocale?: Locale;
}

/** What a list sends of a sermon to its card. */
export function sermonCardData(
  row: Omit<SermonCardData, "hasAudio"> & { audioObjectPath: string | null; titleLang?: Locale },
) {
  const { id, title, speaker, sermonDate, youtubeId, passage, seriesName, seriesSlug, thumbnailUrl } = row;
  const textLocale = row.titleLang ?? row.textLocale;
  return {
    id,
    title,
    speaker,
    sermonDate,
    youtubeId,
    passage,
    seriesName,
    seriesSlug,
    hasAudio: Boolean(row.audioObjectPath),
    thumbnailUrl,
    // English is every card's default; only a Filipino title says so.
    ...(textLocale && textLocale !== "en" ? { textLocale } : {}),
  };
}

// One column on phones, two from 640 px, three from 768 px, four from 1024 px, in the 1280 px page.
const CARD_SIZES =
  "(min-width: 1280px) 286px, (min-width: 1024px) calc((100vw - 136px) / 4), (min-width: 768px) calc((100vw - 96px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)";

/**
 * The sermons grid (the spec's: the video, title, speaker and a month/day badge, four columns on
 * large screens); the title opens the sermon's own page, the speaker and series theirs.
 */
export function SermonGrid({ sermons }: { sermons: SermonCardData[] }) {
  const locale = useLocale();
  const t = useT();
  const href = useLocalePath();
  const english = textLang(locale);
  return (
    <ul data-testid="sermon-grid" className="grid gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
      {sermons.map((sermon, index) => {
        const badge = dateBadge(sermon.sermonDate, locale);
        const titleLang = textLang(locale, sermon.textLocale);
        return (
          <li
            key={sermon.id}
            data-testid="sermon-card"
            className="flex flex-col overflow-hidden rounded-xl border border-border bg-background shadow-sm"
          >
            <YouTubeEmbed
              id={sermon.youtubeId}
              title={sermon.title}
              titleLang={titleLang}
              thumbnail={sermon.thumbnailUrl}
              sizes={CARD_SIZES}
              priority={index === 0}
              className="rounded-none"
            />
            <div className="flex flex-1 items-start gap-4 p-4">
              <time
                dateTime={sermon.sermonDate}
                data-testid="sermon-date"
                className="flex w-14 shrink-0 flex-col items-center rounded-lg bg-navy py-2 text-white"
              >
                <span aria-hidden="true" className="text-xs font-semibold uppercase tracking-wide text-gold">
                  {badge.month}
                </span>
                <span aria-hidden="true" className="text-xl font-bold leading-tight">
                  {badge.day}
                </span>
                <span className="sr-only">{formatDateUS(sermon.sermonDate, locale)}</span>
              </time>
              <div className="min-w-0">
                <h2 lang={titleLang} className="font-semibold leading-snug text-navy">
                  <a href={href(sermonHref(sermon.id))} className="hover:underline">
                    {sermon.title}
                  </a>
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  <a
                    href={href(speakerHref(sermon.speaker))}
                    lang={english}
                    className="hover:text-navy hover:underline"
                  >
                    {sermon.speaker}
                  </a>
                </p>
                {sermon.passage ? (
                  <p lang={english} className="mt-1 text-sm text-muted-foreground">
                    {sermon.passage}
                  </p>
                ) : null}
                {sermon.seriesName && sermon.seriesSlug ? (
                  <p className="mt-1 text-sm">
                    <a
                      href={href(seriesHref(sermon.seriesSlug))}
                      className="font-medium text-navy underline-offset-2 hover:underline"
                    >
                      <span className="sr-only">{`${t("media.series")}: `}</span>
                      {inLang(sermon.seriesName, english)}
                    </a>
                  </p>
                ) : null}
                {sermon.hasAudio ? (
                  <p className="mt-1 inline-flex items-center gap-1 text-xs text-muted-foreground">
                    <Headphones className="size-3.5" aria-hidden="true" />
                    {t("media.recording")}
                  </p>
                ) : null}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
