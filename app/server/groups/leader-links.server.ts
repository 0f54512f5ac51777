import { and, eq, like, sql } from "drizzle-orm";
import { groupMembers, members, signedLinks } from "../../../database/schema";
import { localePath, type Locale } from "~/lib/i18n";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import type { AttendanceInput } from "~/schemas/group-attendance";
import { AppError, notFound } from "../http/errors.server";
import { isSendableAddress } from "../messages/outbox.server";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { issueLink, readLink, revokeLinks } from "../platform/signed-links.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import { OTHER_GROUP, recordAttendance } from "./attendance.server";
import { getGroup } from "./groups.server";
import { queueLeaderLinkEmail } from "./leader-emails.server";

// A group leader's attendance link (issue 37): one signed link (platform/signed-links.server.ts)
// about the group and the leader ("groupId:memberId"), for many uses over about six months.
// Every use checks that the member still leads the group, so a leader who steps down or leaves
// the group (or is deleted) opens nothing. Staff make it on the group's attendance screen; a new
// one replaces the leader's earlier link.

export const LEADER_LINK_PURPOSE = "group-attendance";
export const LEADER_LINK_PATH = "/groups/attendance";
export const LEADER_LINK_DAYS = 183;

/** The link's address in the leader's language (issue 39): /fil/groups/attendance/... for Filipino. */
export const leaderLinkUrl = (origin: string, token: string, locale: Locale = "en") =>
  `${origin}${localePath(locale, `${LEADER_LINK_PATH}/${token}`)}`;

const subjectOf = (groupId: string, memberId: string) => `${groupId}:${memberId}`;

/** Why a leader's link opens nothing. */
export type ClosedLeaderLink = "invalid" | "expired" | "not-leader";

export type LeaderLinkReading =
  | { ok: true; groupId: string; memberId: string; leaderName: string; firstName: string }
  | { ok: false; closed: ClosedLeaderLink };

/** The group and leader a token is for, when the member still leads the group. Writes nothing. */
export async function openLeaderLink(executor: Executor, token: string): Promise<LeaderLinkReading> {
  const link = await readLink(executor, LEADER_LINK_PURPOSE, token);
  if (!link.ok) return { ok: false, closed: link.refusal === "expired" ? "expired" : "invalid" };
  const [groupId, memberId, ...rest] = link.subject.split(":");
  if (rest.length > 0 || !isUuid(groupId) || !isUuid(memberId)) return { ok: false, closed: "invalid" };
  const [leader] = await executor
    .select({ firstName: members.firstName, middleName: members.middleName, lastName: members.lastName })
    .from(groupMembers)
    .innerJoin(members, eq(members.id, groupMembers.memberId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.memberId, memberId),
        eq(groupMembers.isLeader, true),
        sql`${members.deletedAt} is null`,
      ),
    )
    .limit(1);
  if (!leader) return { ok: false, closed: "not-leader" };
  return { ok: true, groupId, memberId, leaderName: fullName(leader), firstName: leader.firstName };
}

/**
 * Records attendance from a leader's link: the link must still open, and the form must be for the
 * link's own group. Everything or nothing, in one transaction.
 */
export async function recordAttendanceByLeader(
  token: string,
  input: AttendanceInput,
): Promise<{ ok: true; present: number } | { ok: false; closed: ClosedLeaderLink }> {
  return services().db.transaction(async (tx) => {
    const link = await openLeaderLink(tx, token);
    if (!link.ok) return link;
    if (input.groupId !== link.groupId) throw new AppError(OTHER_GROUP, 403);
    const present = await recordAttendance(tx, input, `leader:${link.leaderName}`, "visitor");
    return { ok: true as const, present };
  });
}

/**
 * Makes a new attendance link for a leader of the group (their earlier one stops working), and
 * e-mails it to them when asked. Answers the link's address: shown once, only its hash is kept.
 */
export async function makeLeaderLink(
  groupId: string,
  memberId: string,
  options: { email: boolean; origin: string; now?: Date },
  actor: Actor,
): Promise<{ url: string; emailedTo: string | null; leaderName: string }> {
  const content = options.email ? await getSiteContent() : null;
  return services().db.transaction(async (tx) => {
    const group = await getGroup(groupId, tx);
    if (!isUuid(memberId)) throw notFound("That member is not a leader of this group.");
    const [leader] = await tx
      .select({
        firstName: members.firstName,
        middleName: members.middleName,
        lastName: members.lastName,
        email: members.email,
        language: members.language,
      })
      .from(groupMembers)
      .innerJoin(members, eq(members.id, groupMembers.memberId))
      .where(
        and(
          eq(groupMembers.groupId, group.id),
          eq(groupMembers.memberId, memberId),
          eq(groupMembers.isLeader, true),
          sql`${members.deletedAt} is null`,
        ),
      )
      .limit(1);
    if (!leader) throw notFound("That member is not a leader of this group.");
    if (options.email && !isSendableAddress(leader.email)) {
      throw new AppError(
        "This leader has no e-mail address the link can be sent to. Copy the link and send it another way.",
        400,
        { field: "email" },
      );
    }
    const subject = subjectOf(group.id, memberId);
    await revokeLinks(tx, LEADER_LINK_PURPOSE, subject);
    const now = options.now ?? new Date();
    const token = await issueLink(tx, {
      purpose: LEADER_LINK_PURPOSE,
      subject,
      expiresAt: new Date(now.getTime() + LEADER_LINK_DAYS * 86_400_000),
      singleUse: false,
    });
    const url = leaderLinkUrl(options.origin, token, leader.language);
    const leaderName = fullName(leader);
    if (options.email && content) {
      await queueLeaderLinkEmail(
        tx,
        { to: leader.email, leaderName, groupName: group.name, url, language: leader.language },
        content,
      );
    }
    await logChange(tx, actor, "group.leader-link-made", {
      subject: { type: "group", id: group.id, label: group.name },
      details: { memberId, emailed: options.email },
    });
    return { url, emailedTo: options.email ? leader.email : null, leaderName };
  });
}

/** Removes every attendance link made for the member (erasing them). Returns how many. */
export async function forgetLeaderLinks(executor: Executor, memberId: string): Promise<number> {
  const removed = await executor
    .delete(signedLinks)
    .where(and(eq(signedLinks.purpose, LEADER_LINK_PURPOSE), like(signedLinks.subjectId, `%:${memberId}`)))
    .returning({ id: signedLinks.id });
  return removed.length;
}
