import { GROUP_KIND_LABELS, meetingInWords } from "~/lib/groups";
import { renderEmail, subjectLine } from "../messages/email-layout.server";
import { effectivePreferences, wantsToHear } from "../messages/notification-preferences.server";
import { isSendableAddress, queueEmail, type Executor } from "../messages/outbox.server";
import type { SiteContent } from "../site/site-content.server";
import type { GroupJoinInput } from "~/schemas/group-join";
import type { FinderGroup } from "./finder.server";

// The e-mails of groups (issue 37): an ask-to-join to the group's leaders (and to the staff who
// asked to hear of messages), and a leader's attendance link. Queued in the caller's transaction.

export const JOIN_REQUEST_KIND = "group-join";
export const JOIN_NOTIFICATION_KIND = "notification.group";
export const LEADER_LINK_KIND = "group-attendance-link";
export const ATTENDANCE_ASK_KIND = "group-attendance-ask";

interface JoinRequestMail {
  group: FinderGroup;
  leaders: { name: string; email: string }[];
  request: GroupJoinInput;
}

function joinDetails(mail: JoinRequestMail): [string, string][] {
  const { request, group } = mail;
  const details: [string, string][] = [
    ["Group", group.name],
    ["Name", subjectLine(request.name)],
  ];
  if (request.email) details.push(["E-mail", request.email]);
  if (request.mobile) details.push(["Mobile", request.mobile]);
  if (request.message) details.push(["Message", request.message]);
  return details;
}

/** The leaders' e-mail (each leader with a sendable address) and the staff notifications. */
export async function queueJoinRequestEmails(
  executor: Executor,
  mail: JoinRequestMail,
  content: SiteContent,
  origin: string,
): Promise<void> {
  const name = subjectLine(mail.request.name);
  const subject = `${name} would like to join ${mail.group.name}`;
  const details = joinDetails(mail);
  const contact = mail.request.email
    ? "Please reply to them soon: a welcome within a day or two makes all the difference."
    : "They left a mobile number only: please call or message them soon.";
  for (const leader of mail.leaders) {
    if (!isSendableAddress(leader.email)) continue;
    await queueEmail(executor, {
      kind: JOIN_REQUEST_KIND,
      to: leader.email,
      ...renderEmail(content, subject, {
        heading: `Hello ${subjectLine(leader.name)},`,
        paragraphs: [
          `${name} asked to join ${mail.group.name} (${GROUP_KIND_LABELS[mail.group.kind]}, ${meetingInWords(mail.group.meetingDay, mail.group.meetingTime)}) through the church website.`,
          contact,
        ],
        details,
      }),
    });
  }
  const staff = (await effectivePreferences(executor)).filter(
    (person) => person.frequency === "immediate" && wantsToHear(person, "connect"),
  );
  const notification = renderEmail(content, subject, {
    heading: `New request to join ${mail.group.name}`,
    paragraphs: [
      mail.leaders.some((leader) => isSendableAddress(leader.email))
        ? "The group's leaders were e-mailed. It is also waiting in the members area's inbox."
        : "The group has no leader with an e-mail address: please pass it on. It is waiting in the members area's inbox.",
    ],
    details,
    action: { label: "Open the inbox", href: `${origin}/members/messages?type=group` },
  });
  for (const person of staff) {
    await queueEmail(executor, { kind: JOIN_NOTIFICATION_KIND, to: person.email, ...notification });
  }
}
