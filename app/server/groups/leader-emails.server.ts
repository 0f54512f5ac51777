import { translator, type Locale } from "~/lib/i18n";
import { renderEmail, subjectLine } from "../messages/email-layout.server";
import { queueEmail, type Executor } from "../messages/outbox.server";
import type { SiteContent } from "../site/site-content.server";
import { ATTENDANCE_ASK_KIND, LEADER_LINK_KIND } from "./group-emails.server";

// A group leader's e-mails (issue 37): their attendance link, and the ask after each meeting.
// Written in the leader's own language (issue 39), their link at its address (/fil/... for
// Filipino). Queued in the caller's transaction.

/** A leader's attendance link, sent by staff from the group's attendance screen. */
export async function queueLeaderLinkEmail(
  executor: Executor,
  mail: { to: string; leaderName: string; groupName: string; url: string; language: Locale },
  content: SiteContent,
): Promise<void> {
  const t = translator(mail.language);
  const group = mail.groupName;
  await queueEmail(executor, {
    kind: LEADER_LINK_KIND,
    to: mail.to,
    ...renderEmail(content, t("email.member.leaderLink.subject", { group }), {
      heading: t("email.member.leaderLink.heading", { name: subjectLine(mail.leaderName) }),
      paragraphs: [t("email.member.leaderLink.body", { group }), t("email.member.leaderLink.private")],
      action: { label: t("email.member.leaderLink.action"), href: mail.url },
      lang: mail.language,
    }),
  });
}

/** After a meeting: the leader's link to record who came (attendance-asks.server.ts). */
export async function queueAttendanceAskEmail(
  executor: Executor,
  mail: { to: string; leaderName: string; groupName: string; when: string; url: string; language: Locale },
  content: SiteContent,
): Promise<void> {
  const t = translator(mail.language);
  const { groupName: group, when } = mail;
  await queueEmail(executor, {
    kind: ATTENDANCE_ASK_KIND,
    to: mail.to,
    ...renderEmail(content, t("email.member.attendanceAsk.subject", { group, when }), {
      heading: t("email.member.leaderLink.heading", { name: subjectLine(mail.leaderName) }),
      paragraphs: [
        t("email.member.attendanceAsk.body", { group, when }),
        t("email.member.attendanceAsk.week"),
      ],
      action: { label: t("email.member.leaderLink.action"), href: mail.url },
      lang: mail.language,
    }),
  });
}
