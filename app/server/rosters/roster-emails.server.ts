import { fullName } from "~/lib/names";
import { escapeHtml, renderEmail, type EmailContent } from "../messages/email-layout.server";
import type { SiteContent } from "../site/site-content.server";
import { seatWhat, seatWhen, type SeatDetail, type Volunteer } from "./roster-seats.server";

// The e-mails of serving rosters (issue 36): the request with each date's Accept and Decline, an
// offer of a seat someone cannot fill, the reminder, and what the person and the head are told
// when someone takes a seat over. Built with the layout every e-mail uses (escaped, signed with
// the church's facts); the outbox kinds let the outbox screen and the tests tell them apart.

export const ROSTER_EMAIL_KINDS = {
  request: "roster-request",
  offer: "roster-offer",
  reminder: "roster-reminder",
  replaced: "roster-replaced",
  released: "roster-released",
  head: "roster-head",
} as const;

type Content = Pick<SiteContent, "church">;

const seatDetails = (seat: SeatDetail): [string, string][] => [
  ["When", seatWhen(seat)],
  ["Service", seat.title],
  ["Team", seat.teamName],
  ["Position", seat.positionName],
];

const LINK_STYLE =
  "display:inline-block;margin:0 8px 0 0;padding:8px 16px;border-radius:6px;text-decoration:none;font-weight:bold";

/** One person's request: each date with its Accept and Decline links, and their own page. */
export function requestEmail(
  content: Content,
  person: Pick<Volunteer, "firstName">,
  dates: { seat: SeatDetail; answerUrl: string }[],
  pageUrl: string,
): EmailContent {
  const teams = [...new Set(dates.map(({ seat }) => seat.teamName))];
  const one = dates.length === 1;
  const text = dates
    .map(({ seat, answerUrl }) =>
      [
        seatWhen(seat),
        seatWhat(seat),
        `Accept: ${answerUrl}?answer=accept`,
        `Decline: ${answerUrl}?answer=decline`,
      ].join("\n"),
    )
    .join("\n\n");
  const html = dates
    .map(
      ({ seat, answerUrl }) =>
        `<div style="margin:0 0 16px;padding:12px 16px;border:1px solid #e2e8f0;border-radius:6px">` +
        `<p style="margin:0;font-weight:bold">${escapeHtml(seatWhen(seat))}</p>` +
        `<p style="margin:0 0 12px">${escapeHtml(seatWhat(seat))}</p>` +
        `<p style="margin:0"><a href="${escapeHtml(`${answerUrl}?answer=accept`)}" style="${LINK_STYLE};background:#1d4ed8;color:#ffffff">Accept</a>` +
        `<a href="${escapeHtml(`${answerUrl}?answer=decline`)}" style="${LINK_STYLE};border:1px solid #1d4ed8;color:#1d4ed8">Decline</a></p>` +
        `</div>`,
    )
    .join("\n");
  return renderEmail(content, `Can you serve with ${teams.join(" and ")}?`, {
    heading: `Hello ${person.firstName}, can you serve?`,
    paragraphs: [
      `${teams.join(" and ")} would like you to serve on ${one ? "this date" : `these ${dates.length} dates`}. ` +
        `Please answer ${one ? "it" : "each one"} with Accept or Decline: you can change your answer until the day.`,
    ],
    rich: { text, html },
    action: { label: "Your serving page (all your dates, and the days you are away)", href: pageUrl },
  });
}

/** A seat offered to another member qualified for it who is free that day. */
export function offerEmail(
  content: Content,
  person: Pick<Volunteer, "firstName">,
  seat: SeatDetail,
  offerUrl: string,
): EmailContent {
  return renderEmail(content, `Can you serve on ${seatWhen(seat)}?`, {
    heading: `Hello ${person.firstName}, can you take this date?`,
    paragraphs: [
      `Someone on the ${seat.teamName} team can no longer serve on this date, and you are free that day. ` +
        "If you can serve, take it with the link below: the first to take it serves.",
    ],
    details: seatDetails(seat),
    action: { label: "Take this date", href: offerUrl },
  });
}

/** The reminder of an accepted date, a few days before it. */
export function reminderEmail(
  content: Content,
  person: Pick<Volunteer, "firstName">,
  seat: SeatDetail,
  pageUrl: string,
): EmailContent {
  return renderEmail(content, `Reminder: you serve on ${seatWhen(seat)}`, {
    heading: `Hello ${person.firstName}, see you soon`,
    paragraphs: [
      `This is a reminder that you serve with ${seat.teamName} on ${seatWhen(seat)}.`,
      "If you can no longer come, please ask for a replacement from your serving page as soon as you can.",
    ],
    details: seatDetails(seat),
    action: { label: "Your serving page", href: pageUrl },
  });
}

/** To a person who had been asked about a seat and was taken off it by the planner. */
export function releasedEmail(content: Content, person: Pick<Volunteer, "firstName">, seat: SeatDetail) {
  return renderEmail(content, `You are no longer serving on ${seatWhen(seat)}`, {
    heading: `Hello ${person.firstName}, a change to the roster`,
    paragraphs: [
      `The ${seat.teamName} roster has changed: you are no longer serving on ${seatWhen(seat)} (${seatWhat(seat)}). ` +
        "You do not need to do anything. Thank you for being ready to serve.",
    ],
    details: seatDetails(seat),
  });
}

/** To the person who asked to be replaced: someone has taken their seat. */
export function replacedEmail(content: Content, person: Pick<Volunteer, "firstName">, seat: SeatDetail) {
  return renderEmail(content, `Your place on ${seatWhen(seat)} is taken`, {
    heading: `Hello ${person.firstName}, someone will serve in your place`,
    paragraphs: [
      `Another member of the ${seat.teamName} team has taken your place on ${seatWhen(seat)}: ${seatWhat(seat)}. ` +
        "Thank you for telling us in time.",
    ],
    details: seatDetails(seat),
  });
}

/** "Ana Cruz (ana@example.org)": the address lets an erasure find the e-mail as one about them. */
const named = (person: Volunteer) => `${fullName(person)} (${person.email})`;

/** To the head: someone asked to be replaced, and how many the seat was offered to. */
export function replacementAskedHeadEmail(
  content: Content,
  person: Volunteer,
  seat: SeatDetail,
  offered: number,
  membersUrl: string,
): EmailContent {
  return renderEmail(content, `Replacement asked: ${seat.positionName}, ${seatWhen(seat)}`, {
    heading: "Someone asked for a replacement",
    paragraphs: [
      `${named(person)} can no longer serve on ${seatWhen(seat)}: ${seatWhat(seat)}.`,
      offered > 0
        ? `The date was offered to ${offered === 1 ? "1 other person" : `${offered} other people`} qualified for it and free that day; the first to take it serves, and you will be told.`
        : "Nobody else qualified for it is free that day to offer it to: please find someone on the roster.",
    ],
    details: seatDetails(seat),
    action: { label: "Open the members area", href: membersUrl },
  });
}

/** To the head: someone took over a seat. */
export function replacementTakenHeadEmail(
  content: Content,
  from: Volunteer,
  to: Volunteer,
  seat: SeatDetail,
  membersUrl: string,
): EmailContent {
  return renderEmail(content, `Replacement found: ${seat.positionName}, ${seatWhen(seat)}`, {
    heading: "Someone took over a date",
    paragraphs: [`${named(to)} took the place of ${named(from)} on ${seatWhen(seat)}: ${seatWhat(seat)}.`],
    details: seatDetails(seat),
    action: { label: "Open the members area", href: membersUrl },
  });
}
