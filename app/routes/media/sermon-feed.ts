import { FEED_HEADERS, sermonFeed } from "~/server/content/sermon-feed.server";
import { listSermonsForFeed } from "~/server/content/sermons.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { getSiteContent } from "~/server/site/site-content.server";

// /media/sermons/feed.xml: the newest sermons as RSS, a podcast feed for those with a recording.
export async function loader() {
  const [sermons, content] = await Promise.all([listSermonsForFeed(), getSiteContent()]);
  return new Response(sermonFeed(sermons, content, siteOrigin()), { headers: FEED_HEADERS });
}
