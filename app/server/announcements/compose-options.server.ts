import { and, asc, desc, gte, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { events, members, sermons } from "../../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { ministryScope } from "../auth/ministry-scope.server";
import type { StaffUser } from "../auth/staff-user.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import { listSavedLists, type SavedListSummary } from "./saved-lists.server";

// What the compose screen offers (issue 35): the groups of people an audience is made of, and the
// events and sermons an announcement can link to. A role limited to ministries is offered its
// own ministries and their sign-ups only (the server refuses anything else when it saves).

export interface Choice {
  value: string;
  label: string;
}

export interface ComposeOptions {
  /** False for a role limited to ministries: only its ministries and their sign-ups. */
  wholeChurch: boolean;
  ministries: Choice[];
  bibleStudyGroups: string[];
  saltGroups: string[];
  lists: SavedListSummary[];
  /** Events whose registrants can be an audience: from 60 days ago on. */
  events: Choice[];
  /** What the announcement can link to: "event:<id>" and "sermon:<id>". */
  links: { events: Choice[]; sermons: Choice[] };
}

async function distinctGroups(column: typeof members.bibleStudyGroup | typeof members.saltGroupName) {
  const rows = await services()
    .db.selectDistinct({ group: sql<string>`trim(${column})` })
    .from(members)
    .where(and(isNull(members.deletedAt), isNotNull(column), ne(sql`trim(${column})`, "")))
    .orderBy(asc(sql`trim(${column})`))
    .limit(200);
  return rows.map((row) => row.group);
}

export async function composeOptions(user: StaffUser): Promise<ComposeOptions> {
  const scope = ministryScope(user);
  const content = await getSiteContent();
  const ministries = content
    .ministriesByName()
    .filter((ministry) => !scope || scope.includes(ministry.slug))
    .map((ministry) => ({ value: ministry.slug, label: ministry.name }));
  const { db } = services();
  const since = addDays(todayInChurchZone(), -60);
  const [eventRows, sermonRows] = await Promise.all([
    db
      .select({ id: events.id, title: events.title, date: events.eventDate })
      .from(events)
      .where(gte(events.eventDate, since))
      .orderBy(asc(events.eventDate), asc(events.title))
      .limit(100),
    db
      .select({ id: sermons.id, title: sermons.title, date: sermons.sermonDate })
      .from(sermons)
      .orderBy(desc(sermons.sermonDate))
      .limit(30),
  ]);
  const eventChoices = eventRows.map((row) => ({
    value: row.id,
    label: `${row.title} (${formatDate(row.date)})`,
  }));
  const links = {
    events: eventChoices.map((choice) => ({ ...choice, value: `event:${choice.value}` })),
    sermons: sermonRows.map((row) => ({
      value: `sermon:${row.id}`,
      label: `${row.title} (${formatDate(row.date)})`,
    })),
  };
  if (scope) {
    return {
      wholeChurch: false,
      ministries,
      bibleStudyGroups: [],
      saltGroups: [],
      lists: [],
      events: [],
      links,
    };
  }
  const [bibleStudyGroups, saltGroups, lists] = await Promise.all([
    distinctGroups(members.bibleStudyGroup),
    distinctGroups(members.saltGroupName),
    listSavedLists(),
  ]);
  return { wholeChurch: true, ministries, bibleStudyGroups, saltGroups, lists, events: eventChoices, links };
}
