import { translator, type Locale } from "~/lib/i18n";
import { fullName } from "~/lib/names";
import { escapeHtml, renderEmail, type EmailContent } from "../messages/email-layout.server";
import type { SiteContent } from "../site/site-content.server";
import { seatWhat, seatWhen, type SeatDetail, type Volunteer } from "./roster-seats.server";

// The e-mails of serving rosters (issue 36): the request with each date's Accept and Decline, an
// offer of a seat someone cannot fill, the reminder, and what the person and the head are told
// when someone takes a seat over. Built with the layout every e-mail uses (escaped, signed with
// the church's facts); the outbox kinds let the outbox screen and the tests tell them apart. A
// volunteer's e-mails are written in their language (issue 39); the heads' stay English.

export const ROSTER_EMAIL_KINDS = {
  request: "roster-request",
  offer: "roster-offer",
  reminder: "roster-reminder",
  replaced: "roster-replaced",
  released: "roster-released",
  head: "roster-head",
} as const;

type Content = Pick<SiteContent, "church">;
/** The person an e-mail is for: their first name, and the language it is written in (issue 39). */
type Person = Pick<Volunteer, "firstName" | "language">;

/** The seat's details as a small table, in a language (the heads' e-mails are English). */
const seatDetails = (seat: SeatDetail, locale: Locale = "en"): [string, string][] => {
  const t = translator(locale);
  return [
    [t("email.roster.when"), seatWhen(seat, locale)],
    [t("email.roster.service"), seat.title],
    [t("email.roster.team"), seat.teamName],
    [t("email.roster.position"), seat.positionName],
  ];
};

const LINK_STYLE =
  "display:inline-block;margin:0 8px 0 0;padding:8px 16px;border-radius:6px;text-decoration:none;font-weight:bold";

/** One person's request: each date with its Accept and Decline links, and their own page. */
export function requestEmail(
  content: Content,
  person: Person,
  dates: { seat: SeatDetail; answerUrl: string }[],
  pageUrl: string,
): EmailContent {
  const locale = person.language;
  const t = translator(locale);
  const teams = [...new Set(dates.map(({ seat }) => seat.teamName))].join(` ${t("email.roster.and")} `);
  const [accept, decline] = [t("email.roster.accept"), t("email.roster.decline")];
  const text = dates
    .map(({ seat, answerUrl }) =>
      [
        seatWhen(seat, locale),
        seatWhat(seat),
        `${accept}: ${answerUrl}?answer=accept`,
        `${decline}: ${answerUrl}?answer=decline`,
      ].join("\n"),
    )
    .join("\n\n");
  const html = dates
    .map(
      ({ seat, answerUrl }) =>
        `<div style="margin:0 0 16px;padding:12px 16px;border:1px solid #e2e8f0;border-radius:6px">` +
        `<p style="margin:0;font-weight:bold">${escapeHtml(seatWhen(seat, locale))}</p>` +
        `<p style="margin:0 0 12px">${escapeHtml(seatWhat(seat))}</p>` +
        `<p style="margin:0"><a href="${escapeHtml(`${answerUrl}?answer=accept`)}" style="${LINK_STYLE};background:#1d4ed8;color:#ffffff">${escapeHtml(accept)}</a>` +
        `<a href="${escapeHtml(`${answerUrl}?answer=decline`)}" style="${LINK_STYLE};border:1px solid #1d4ed8;color:#1d4ed8">${escapeHtml(decline)}</a></p>` +
        `</div>`,
    )
    .join("\n");
  return renderEmail(content, t("email.roster.request.subject", { teams }), {
    heading: t("email.roster.request.heading", { name: person.firstName }),
    paragraphs: [t("email.roster.request.body", { teams, count: dates.length })],
    rich: { text, html },
    action: { label: t("email.roster.request.page"), href: pageUrl },
    lang: locale,
  });
}

/** A seat offered to another member qualified for it who is free that day. */
export function offerEmail(
  content: Content,
  person: Person,
  seat: SeatDetail,
  offerUrl: string,
): EmailContent {
  const locale = person.language;
  const t = translator(locale);
  const when = seatWhen(seat, locale);
  return renderEmail(content, t("email.roster.offer.subject", { when }), {
    heading: t("email.roster.offer.heading", { name: person.firstName }),
    paragraphs: [t("email.roster.offer.body", { team: seat.teamName })],
    details: seatDetails(seat, locale),
    action: { label: t("email.roster.offer.take"), href: offerUrl },
    lang: locale,
  });
}

/** The reminder of an accepted date, a few days before it. */
export function reminderEmail(
  content: Content,
  person: Person,
  seat: SeatDetail,
  pageUrl: string,
): EmailContent {
  const locale = person.language;
  const t = translator(locale);
  const when = seatWhen(seat, locale);
  return renderEmail(content, t("email.roster.reminder.subject", { when }), {
    heading: t("email.roster.reminder.heading", { name: person.firstName }),
    paragraphs: [
      t("email.roster.reminder.body", { team: seat.teamName, when }),
      t("email.roster.reminder.replacement"),
    ],
    details: seatDetails(seat, locale),
    action: { label: t("email.roster.reminder.page"), href: pageUrl },
    lang: locale,
  });
}

/** To a person who had been asked about a seat and was taken off it by the planner. */
export function releasedEmail(content: Content, person: Person, seat: SeatDetail) {
  const locale = person.language;
  const t = translator(locale);
  const when = seatWhen(seat, locale);
  return renderEmail(content, t("email.roster.released.subject", { when }), {
    heading: t("email.roster.released.heading", { name: person.firstName }),
    paragraphs: [t("email.roster.released.body", { team: seat.teamName, when, what: seatWhat(seat) })],
    details: seatDetails(seat, locale),
    lang: locale,
  });
}

/** To the person who asked to be replaced: someone has taken their seat. */
export function replacedEmail(content: Content, person: Person, seat: SeatDetail) {
  const locale = person.language;
  const t = translator(locale);
  const when = seatWhen(seat, locale);
  return renderEmail(content, t("email.roster.replaced.subject", { when }), {
    heading: t("email.roster.replaced.heading", { name: person.firstName }),
    paragraphs: [t("email.roster.replaced.body", { team: seat.teamName, when, what: seatWhat(seat) })],
    details: seatDetails(seat, locale),
    lang: locale,
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
  scheduleUrl: string,
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
    action: { label: "Open the team's schedule", href: scheduleUrl },
  });
}

/** To the head: someone took over a seat. */
export function replacementTakenHeadEmail(
  content: Content,
  from: Volunteer,
  to: Volunteer,
  seat: SeatDetail,
  scheduleUrl: string,
): EmailContent {
  return renderEmail(content, `Replacement found: ${seat.positionName}, ${seatWhen(seat)}`, {
    heading: "Someone took over a date",
    paragraphs: [`${named(to)} took the place of ${named(from)} on ${seatWhen(seat)}: ${seatWhat(seat)}.`],
    details: seatDetails(seat),
    action: { label: "Open the team's schedule", href: scheduleUrl },
  });
}
