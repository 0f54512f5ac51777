import { and, asc, desc, eq, gte, inArray, isNull } from "drizzle-orm";
import { events, groupMembers, groups, members, sermons } from "../../../database/schema";
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
  /** Ministry teams and other groups with members, by id (Bible study and SALT groups go by name). */
  otherGroups: Choice[];
  lists: SavedListSummary[];
  /** Events whose registrants can be an audience: from 60 days ago on. */
  events: Choice[];
  /** What the announcement can link to: "event:<id>" and "sermon:<id>". */
  links: { events: Choice[]; sermons: Choice[] };
}

/** The groups of a kind that have live members, by name. */
async function distinctGroups(kind: "bible-study" | "salt") {
  const rows = await services()
    .db.selectDistinct({ group: groups.name })
    .from(groups)
    .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .innerJoin(members, eq(members.id, groupMembers.memberId))
    .where(and(eq(groups.kind, kind), isNull(members.deletedAt)))
    .orderBy(asc(groups.name))
    .limit(200);
  return rows.map((row) => row.group);
}

/** Groups of the other kinds that have live members, by name. */
async function otherGroups(): Promise<Choice[]> {
  const rows = await services()
    .db.selectDistinct({ id: groups.id, name: groups.name })
    .from(groups)
    .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .innerJoin(members, eq(members.id, groupMembers.memberId))
    .where(and(inArray(groups.kind, ["ministry-team", "other"]), isNull(members.deletedAt)))
    .orderBy(asc(groups.name))
    .limit(200);
  return rows.map((row) => ({ value: row.id, label: row.name }));
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
      otherGroups: [],
      lists: [],
      events: [],
      links,
    };
  }
  const [bibleStudyGroups, saltGroups, others, lists] = await Promise.all([
    distinctGroups("bible-study"),
    distinctGroups("salt"),
    otherGroups(),
    listSavedLists(),
  ]);
  return {
    wholeChurch: true,
    ministries,
    bibleStudyGroups,
    saltGroups,
    otherGroups: others,
    lists,
    events: eventChoices,
    links,
  };
}
