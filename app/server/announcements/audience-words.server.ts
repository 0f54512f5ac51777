import { eq } from "drizzle-orm";
import {
  events,
  groups,
  savedLists,
  sermons,
  type Audience,
  type AnnouncementLinkKind,
} from "../../../database/schema";
import { dateLongIn, whenIn } from "~/lib/dates-in-language";
import { localePath, type Locale } from "~/lib/i18n";
import { isUuid } from "~/lib/ids";
import type { Executor } from "../platform/db.server";
import type { SiteContent } from "../site/site-content.server";
import type { AnnouncementCard } from "./announcement-render.server";

// An audience in words (for the audit log and the screens), and the card an announcement's link
// to an event or a sermon fills in.

const STATUS_WORDS = {
  confirmed: "confirmed",
  waitlisted: "waitlisted",
  "checked-in": "checked in",
} as const;

/** "Members of Amplify (Music), or sign-ups for Amplify (Music)". */
export async function audienceInWords(
  executor: Executor,
  audience: Audience,
  content: SiteContent,
): Promise<string> {
  const ministry = (slug: string) => content.ministries.find((item) => item.slug === slug)?.name ?? slug;
  const words: string[] = [];
  for (const part of audience.parts) {
    switch (part.kind) {
      case "all-members":
        words.push("all active members");
        break;
      case "ministry":
        words.push(`members of ${ministry(part.slug)}`);
        break;
      case "bible-study":
        words.push(`Bible study group ${part.group}`);
        break;
      case "salt":
        words.push(`SALT group ${part.group}`);
        break;
      case "group": {
        const [group] = await executor
          .select({ name: groups.name })
          .from(groups)
          .where(eq(groups.id, part.groupId))
          .limit(1);
        words.push(group ? `the group ${group.name}` : "a removed group");
        break;
      }
      case "sign-ups":
        words.push(`sign-ups for ${ministry(part.slug)}`);
        break;
      case "list": {
        const [list] = await executor
          .select({ name: savedLists.name })
          .from(savedLists)
          .where(eq(savedLists.id, part.listId))
          .limit(1);
        words.push(list ? `the list “${list.name}”` : "a removed list");
        break;
      }
      case "digest":
        words.push("people who asked for the weekly digest");
        break;
      case "event": {
        const [event] = await executor
          .select({ title: events.title, date: events.eventDate })
          .from(events)
          .where(eq(events.id, part.eventId))
          .limit(1);
        const who = part.statuses.map((status) => STATUS_WORDS[status]).join(" or ");
        words.push(
          `registrants (${who}) of ${event ? `${event.title} on ${event.date}` : "a removed event"}`,
        );
        break;
      }
    }
  }
  const text = words.join(audience.combine === "all" ? ", and also " : ", or ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The card of an announcement's link, or null (no link, or the event or sermon is gone), in the
 * recipient's language (issue 39): the Filipino title when there is one, the date in Filipino and
 * the page at its Filipino address.
 */
export async function announcementCard(
  executor: Executor,
  link: { kind: AnnouncementLinkKind | null; id: string | null },
  origin: string,
  locale: Locale = "en",
): Promise<AnnouncementCard | null> {
  if (!link.kind || !isUuid(link.id)) return null;
  const titleIn = (title: string, titleFil: string | null) =>
    locale === "fil" && titleFil?.trim() ? titleFil.trim() : title;
  if (link.kind === "event") {
    const [event] = await executor
      .select({
        title: events.title,
        titleFil: events.titleFil,
        date: events.eventDate,
        time: events.eventTime,
      })
      .from(events)
      .where(eq(events.id, link.id))
      .limit(1);
    return event
      ? {
          title: titleIn(event.title, event.titleFil),
          // As the site writes dates and times: "Friday, December 4, 2026, 7:00 PM".
          when: whenIn(locale, event.date, event.time),
          url: `${origin}${localePath(locale, `/events/${link.id}`)}`,
        }
      : null;
  }
  const [sermon] = await executor
    .select({ title: sermons.title, titleFil: sermons.titleFil, date: sermons.sermonDate })
    .from(sermons)
    .where(eq(sermons.id, link.id))
    .limit(1);
  return sermon
    ? {
        title: titleIn(sermon.title, sermon.titleFil),
        when: dateLongIn(locale, sermon.date),
        url: `${origin}${localePath(locale, `/media/sermons/${link.id}`)}`,
      }
    : null;
}
