import { eq } from "drizzle-orm";
import {
  events,
  groups,
  savedLists,
  sermons,
  type Audience,
  type AnnouncementLinkKind,
} from "../../../database/schema";
import { formatDateLong, formatTime12 } from "~/lib/format";
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

/** The card of an announcement's link, or null (no link, or the event or sermon is gone). */
export async function announcementCard(
  executor: Executor,
  link: { kind: AnnouncementLinkKind | null; id: string | null },
  origin: string,
): Promise<AnnouncementCard | null> {
  if (!link.kind || !isUuid(link.id)) return null;
  if (link.kind === "event") {
    const [event] = await executor
      .select({ title: events.title, date: events.eventDate, time: events.eventTime })
      .from(events)
      .where(eq(events.id, link.id))
      .limit(1);
    return event
      ? {
          title: event.title,
          // As the site writes dates and times: "Friday, December 4, 2026, 7:00 PM".
          when: `${formatDateLong(event.date)}, ${formatTime12(event.time)}`,
          url: `${origin}/events/${link.id}`,
        }
      : null;
  }
  const [sermon] = await executor
    .select({ title: sermons.title, date: sermons.sermonDate })
    .from(sermons)
    .where(eq(sermons.id, link.id))
    .limit(1);
  return sermon
    ? { title: sermon.title, when: formatDateLong(sermon.date), url: `${origin}/media/sermons/${link.id}` }
    : null;
}
