import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { groupMeetings, groups, members, settings } from "../../../database/schema";
import { addDays, momentInChurchZone, todayInChurchZone } from "~/lib/dates";
import { dateShortIn } from "~/lib/dates-in-language";
import { isSendableAddress } from "../messages/outbox.server";
import { services } from "../platform/services.server";
import { issueLink } from "../platform/signed-links.server";
import { siteOrigin } from "../platform/site-origin.server";
import { isMailSetUp } from "../settings/mail-settings.server";
import { getSiteContent } from "../site/site-content.server";
import { latestMeetingDate } from "./attendance.server";
import { queueAttendanceAskEmail } from "./leader-emails.server";
import { leadersOf } from "./groups.server";
import { LEADER_LINK_PURPOSE, leaderLinkUrl } from "./leader-links.server";

// After each meeting, its leaders are e-mailed a link to record who came (issue 37), a job of the
// worker run once a minute on every server. A group with a meeting day and time is due from 90
// minutes after the meeting starts, for a day; not when its attendance is already recorded. The
// group's last asked date is claimed by one conditional write (a settings row per group) in the
// transaction that queues the e-mails, so however many servers run the job, each meeting is asked
// about once. The link is the leader's own (checked on every use) and runs out a week later; the
// long-lived link staff make stays as it is.

/** How long after the meeting's start its leaders are asked, and for how long after that. */
export const ASK_AFTER_MINUTES = 90;
const ASK_WITHIN_MS = 24 * 3600_000;
const LINK_DAYS = 7;

const askedKey = (groupId: string) => `groups:attendance-asked:${groupId}`;

/** Queues the e-mails of the meetings due at `now`. Returns how many groups were asked about. */
export async function askLeadersForAttendance(now: Date = new Date()): Promise<number> {
  if (!isMailSetUp()) return 0;
  const { db } = services();
  const today = todayInChurchZone(now);
  const candidates = await db
    .select({
      id: groups.id,
      name: groups.name,
      meetingDay: groups.meetingDay,
      meetingTime: groups.meetingTime,
    })
    .from(groups)
    .where(and(isNotNull(groups.meetingDay), isNotNull(groups.meetingTime)));
  // The meeting of today or yesterday: one late in the evening is asked about after midnight.
  const due = candidates.flatMap((group) =>
    [...new Set([today, addDays(today, -1)].map((day) => latestMeetingDate(group.meetingDay, day)))]
      .map((date) => ({
        ...group,
        date,
        askAt: momentInChurchZone(date, group.meetingTime!).getTime() + ASK_AFTER_MINUTES * 60_000,
      }))
      .filter((meeting) => meeting.askAt <= now.getTime() && now.getTime() < meeting.askAt + ASK_WITHIN_MS),
  );
  if (due.length === 0) return 0;
  const content = await getSiteContent();
  const origin = siteOrigin();
  let asked = 0;
  for (const group of due) {
    const claimed = await db.transaction(async (tx) => {
      const [recorded] = await tx
        .select({ id: groupMeetings.id })
        .from(groupMeetings)
        .where(and(eq(groupMeetings.groupId, group.id), eq(groupMeetings.meetingDate, group.date)))
        .limit(1);
      if (recorded) return false;
      const [claim] = await tx
        .insert(settings)
        .values({ key: askedKey(group.id), value: group.date })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: group.date, updatedAt: new Date() },
          setWhere: sql`${settings.value} #>> '{}' < ${group.date}`,
        })
        .returning({ key: settings.key });
      if (!claim) return false;
      const leaders = (await leadersOf(tx, [group.id])).get(group.id) ?? [];
      // Each leader is written to in their own language (issue 39).
      const languages = new Map(
        leaders.length
          ? (
              await tx
                .select({ id: members.id, language: members.language })
                .from(members)
                .where(
                  inArray(
                    members.id,
                    leaders.map((leader) => leader.memberId),
                  ),
                )
            ).map((row) => [row.id, row.language])
          : [],
      );
      for (const leader of leaders) {
        const language = languages.get(leader.memberId) ?? "en";
        if (!isSendableAddress(leader.email)) continue;
        const token = await issueLink(tx, {
          purpose: LEADER_LINK_PURPOSE,
          subject: `${group.id}:${leader.memberId}`,
          expiresAt: momentInChurchZone(addDays(group.date, LINK_DAYS + 1), "00:00"),
          singleUse: false,
        });
        await queueAttendanceAskEmail(
          tx,
          {
            to: leader.email,
            leaderName: leader.name,
            groupName: group.name,
            when: dateShortIn(language, group.date),
            url: `${leaderLinkUrl(origin, token, language)}?date=${group.date}`,
            language,
          },
          content,
        );
      }
      return true;
    });
    if (claimed) asked += 1;
  }
  return asked;
}
