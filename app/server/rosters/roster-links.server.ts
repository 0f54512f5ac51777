import { and, eq, inArray, like, or } from "drizzle-orm";
import { signedLinks } from "../../../database/schema";
import { addDays, startOfDayInChurchZone } from "~/lib/dates";
import { localePath, type Locale } from "~/lib/i18n";
import { isUuid } from "~/lib/ids";
import type { Executor } from "../platform/db.server";
import { issueLink, readLink, revokeLinks, type LinkRefusal } from "../platform/signed-links.server";

// The signed links of serving rosters (issue 36), one kind for every page a volunteer reaches
// without an account (platform/signed-links.server.ts): only their hashes are stored.
//
// - answer: one seat's Accept and Decline (the same token, `?answer=accept|decline`), about the
//   member and the seat; many uses (the answer may change) until the end of the seat's date.
// - page: the member's own serving page; many uses, about six months.
// - offer: a seat someone asked to be replaced in, offered to one other member; until the end of
//   the date. It names the person who asked, so it opens nothing once the seat is someone else's.
// - calendar: the member's calendar feed; no end, replaced (revoked) when they make a new one.

export const ROSTER_PURPOSES = {
  answer: "roster-answer",
  page: "roster-page",
  offer: "roster-offer",
  calendar: "roster-calendar",
} as const;

export const SERVE_PATHS = {
  answer: "/serve/answer",
  page: "/serve/me",
  offer: "/serve/offer",
  calendar: "/serve/calendar",
} as const;

/** How long a personal page link opens the page. */
export const PAGE_LINK_DAYS = 183;

/** The moment a date ends where the church is (links for that date stop then). */
export function endOfChurchDay(isoDate: string): Date {
  return startOfDayInChurchZone(addDays(isoDate, 1));
}

const serveUrl = (origin: string, path: string, token: string, locale: Locale = "en") =>
  `${origin}${localePath(locale, `${path}/${token}`)}`;

/**
 * The absolute URLs of the links, from their tokens, at the address of the person's language
 * (issue 39: /fil/serve/me/... for a Filipino member; either address opens the same token). The
 * calendar feed has one address.
 */
export const rosterUrls = {
  answer: (origin: string, token: string, locale?: Locale) =>
    serveUrl(origin, SERVE_PATHS.answer, token, locale),
  page: (origin: string, token: string, locale?: Locale) => serveUrl(origin, SERVE_PATHS.page, token, locale),
  offer: (origin: string, token: string, locale?: Locale) =>
    serveUrl(origin, SERVE_PATHS.offer, token, locale),
  calendar: (origin: string, token: string) => `${serveUrl(origin, SERVE_PATHS.calendar, token)}.ics`,
};

/** "memberId/slotId" (answer) or "memberId/slotId/originalMemberId" (offer): the member first. */
function subjectOf(...ids: string[]): string {
  return ids.join("/");
}

/** The ids a link's subject holds, when it holds `count` of them, each a UUID. */
function idsOf(subject: string, count: number): string[] | null {
  const ids = subject.split("/");
  return ids.length === count && ids.every(isUuid) ? ids : null;
}

export async function issueAnswerLink(
  executor: Executor,
  seat: { id: string; memberId: string; serviceDate: string },
): Promise<string> {
  return issueLink(executor, {
    purpose: ROSTER_PURPOSES.answer,
    subject: subjectOf(seat.memberId, seat.id),
    expiresAt: endOfChurchDay(seat.serviceDate),
    singleUse: false,
  });
}

export async function issuePageLink(executor: Executor, memberId: string, now = new Date()): Promise<string> {
  return issueLink(executor, {
    purpose: ROSTER_PURPOSES.page,
    subject: memberId,
    expiresAt: new Date(now.getTime() + PAGE_LINK_DAYS * 86_400_000),
    singleUse: false,
  });
}

export async function issueOfferLink(
  executor: Executor,
  offer: { slotId: string; toMemberId: string; fromMemberId: string; serviceDate: string },
): Promise<string> {
  return issueLink(executor, {
    purpose: ROSTER_PURPOSES.offer,
    subject: subjectOf(offer.toMemberId, offer.slotId, offer.fromMemberId),
    expiresAt: endOfChurchDay(offer.serviceDate),
    singleUse: false,
  });
}

/** A new calendar feed link for the member; the one before stops working. */
export async function renewCalendarLink(executor: Executor, memberId: string): Promise<string> {
  await revokeLinks(executor, ROSTER_PURPOSES.calendar, memberId);
  return issueLink(executor, { purpose: ROSTER_PURPOSES.calendar, subject: memberId, singleUse: false });
}

/** Why a link opens nothing, as the pages tell it. */
export type ClosedRosterLink = "invalid" | "expired";

const closedBy = (refusal: LinkRefusal): ClosedRosterLink => (refusal === "expired" ? "expired" : "invalid");

export type RosterLinkReading<T> = ({ ok: true } & T) | { ok: false; closed: ClosedRosterLink };

/**
 * The member a page or calendar link is for. Reading writes nothing: these links (like answers
 * and offers) open as often as they are used, until their end.
 */
export async function openMemberLink(
  executor: Executor,
  purpose: typeof ROSTER_PURPOSES.page | typeof ROSTER_PURPOSES.calendar,
  token: string,
): Promise<RosterLinkReading<{ memberId: string }>> {
  const link = await readLink(executor, purpose, token);
  if (!link.ok) return { ok: false, closed: closedBy(link.refusal) };
  return isUuid(link.subject) ? { ok: true, memberId: link.subject } : { ok: false, closed: "invalid" };
}

/** The member and seat an answer link is for. */
export async function openAnswerLink(
  executor: Executor,
  token: string,
): Promise<RosterLinkReading<{ memberId: string; slotId: string }>> {
  const link = await readLink(executor, ROSTER_PURPOSES.answer, token);
  if (!link.ok) return { ok: false, closed: closedBy(link.refusal) };
  const ids = idsOf(link.subject, 2);
  return ids ? { ok: true, memberId: ids[0]!, slotId: ids[1]! } : { ok: false, closed: "invalid" };
}

/** Who an offer link is for, the seat, and who asked to be replaced in it. */
export async function openOfferLink(
  executor: Executor,
  token: string,
): Promise<RosterLinkReading<{ memberId: string; slotId: string; fromMemberId: string }>> {
  const link = await readLink(executor, ROSTER_PURPOSES.offer, token);
  if (!link.ok) return { ok: false, closed: closedBy(link.refusal) };
  const ids = idsOf(link.subject, 3);
  return ids
    ? { ok: true, memberId: ids[0]!, slotId: ids[1]!, fromMemberId: ids[2]! }
    : { ok: false, closed: "invalid" };
}

/**
 * Removes every roster link made for the member (erasing them): their page and calendar links,
 * the answer links of their seats, the offers made to them and the offers of their seats.
 * Returns how many.
 */
export async function forgetRosterLinks(executor: Executor, memberId: string): Promise<number> {
  const removed = await executor
    .delete(signedLinks)
    .where(
      and(
        inArray(signedLinks.purpose, Object.values(ROSTER_PURPOSES)),
        or(
          eq(signedLinks.subjectId, memberId),
          like(signedLinks.subjectId, `${memberId}/%`),
          like(signedLinks.subjectId, `%/${memberId}`),
        ),
      ),
    )
    .returning({ id: signedLinks.id });
  return removed.length;
}
