import { Feed } from "feed";
import type { SiteContent } from "../site/site-content.server";
import { SERMON_FEED_PATH, sermonHref } from "~/lib/sermons";
import type { SermonListItem } from "./sermons.server";

export const FEED_HEADERS = {
  "Content-Type": "application/rss+xml; charset=utf-8",
  // Podcast apps poll; a few minutes' delay after a new sermon is fine.
  "Cache-Control": "public, max-age=300",
};

/** A date-only sermon date as an instant: noon in Bahrain (UTC+3 all year). */
const publishedAt = (isoDate: string) => new Date(`${isoDate}T12:00:00+03:00`);

/**
 * The sermons as an RSS 2.0 feed that is also a podcast feed (iTunes tags): every sermon is an
 * item linking to its page; a sermon with a recording carries it as the enclosure (address,
 * length in bytes, type), which is what podcast apps play.
 */
export function sermonFeed(sermons: SermonListItem[], content: Pick<SiteContent, "church">, origin: string) {
  const { church } = content;
  const image = `${origin}/og-image.png`;
  const feed = new Feed({
    id: `${origin}/media/sermons`,
    title: `${church.name}: Sermons`,
    description: `Sermons from the Friday services of ${church.name}.`,
    link: `${origin}/media/sermons`,
    language: "en",
    image,
    copyright: `© ${church.name}`,
    updated: sermons[0] ? publishedAt(sermons[0].sermonDate) : new Date(0),
    generator: false,
    feedLinks: { rss: `${origin}${SERMON_FEED_PATH}` },
    podcast: true,
    author: { name: church.name, email: church.email },
  });
  feed.addExtension({ name: "itunes:image", objects: { _attributes: { href: image } } });
  feed.addExtension({
    name: "itunes:category",
    objects: {
      _attributes: { text: "Religion & Spirituality" },
      "itunes:category": { _attributes: { text: "Christianity" } },
    },
  });
  feed.addExtension({ name: "itunes:explicit", objects: { _text: "false" } });
  feed.addExtension({ name: "itunes:type", objects: { _text: "episodic" } });
  feed.addExtension({
    name: "itunes:owner",
    objects: { "itunes:name": { _text: church.name }, "itunes:email": { _text: church.email } },
  });

  for (const sermon of sermons) {
    const link = `${origin}${sermonHref(sermon.id)}`;
    const summary = [
      sermon.passage ? `${sermon.passage}.` : null,
      `A sermon by ${sermon.speaker}.`,
      sermon.seriesName ? `Series: ${sermon.seriesName}.` : null,
      sermon.description,
    ]
      .filter(Boolean)
      .join(" ");
    feed.addItem({
      title: sermon.title,
      id: `${origin}${sermonHref(sermon.id)}`,
      link,
      date: publishedAt(sermon.sermonDate),
      description: summary,
      author: [{ name: sermon.speaker }],
      ...(sermon.audioObjectPath
        ? {
            audio: {
              url: `${link}/audio`,
              type: sermon.audioContentType ?? "audio/mpeg",
              length: sermon.audioBytes ?? 0,
              ...(sermon.audioSeconds ? { duration: sermon.audioSeconds } : {}),
            },
          }
        : {}),
      extensions: [
        { name: "itunes:author", objects: { _text: sermon.speaker } },
        { name: "itunes:summary", objects: { _text: summary } },
        { name: "itunes:explicit", objects: { _text: "false" } },
        { name: "itunes:episodeType", objects: { _text: "full" } },
        {
          name: "itunes:image",
          objects: { _attributes: { href: `https://i.ytimg.com/vi/${sermon.youtubeId}/hqdefault.jpg` } },
        },
      ],
    });
  }
  return feed.rss2();
}
