import * as about from "~/content/about";
import { church, homeUpcoming, serviceTimes, socialLinks } from "~/content/church";
import { ministries } from "~/content/ministries";
import { pastors } from "~/content/pastors";

/**
 * Everything the church says about itself: its facts, service times, pages, pastors and
 * ministries. Screens, schemas and e-mails read it from here, never from `app/content` directly.
 * Today it returns the `app/content` defaults; the site-content issue stores them in the database.
 */
export async function getSiteContent() {
  return { church, socialLinks, serviceTimes, homeUpcoming, about, pastors, ministries };
}

export type SiteContent = Awaited<ReturnType<typeof getSiteContent>>;
