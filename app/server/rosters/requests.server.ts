import { and, eq, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import { members, rosterPositions, rosterServices, rosterSlots, rosterTeams } from "../../../database/schema";
import { todayInChurchZone } from "~/lib/dates";
import { translator } from "~/lib/i18n";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { logChange, type Actor } from "../platform/change-log.server";
import type { MinistryScope } from "../auth/ministry-scope.server";
import { slugInScope } from "../auth/ministry-scope.server";
import { AppError } from "../http/errors.server";
import { isSendableAddress, queueEmail } from "../messages/outbox.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import { isMailSetUp } from "../settings/mail-settings.server";
import { getSiteContent } from "../site/site-content.server";
import { requestEmail, ROSTER_EMAIL_KINDS } from "./roster-emails.server";
import { endOfChurchDay, issueAnswerLink, issuePageLink, rosterUrls } from "./roster-links.server";
import {
  mobileWithCode,
  seatsWhere,
  seatWhen,
  volunteersByIds,
  type SeatDetail,
  type Volunteer,
} from "./roster-seats.server";

// Asking people to serve (issue 36): the contract the schedule screen calls. A team's seats
// chosen but not asked yet (draft) from today on become pending in one statement, so two heads
// sending at once ask each seat once; each person gets one e-mail listing their dates, each with
// its own Accept and Decline link (a signed link for the member and the seat, until the end of the
// date), and a link to their own serving page. When e-mail is not set up, nothing is queued: the
// screen shows each person's page link and a WhatsApp-ready message instead.

/** A person asked in one batch, with the link to their own page (for WhatsApp when e-mail is not set up). */
export interface AskedPerson {
  memberId: string;
  name: string;
  /** Their mobile with its country code ("+97333123456"), or null. */
  mobile: string | null;
  /** The absolute URL of their own serving page (a signed link made now; shown once). */
  pageUrl: string;
  /** A WhatsApp-ready message listing their dates, with the link last. */
  whatsAppText: string;
}

export interface RequestOutcome {
  /** People asked, and seats asked about. */
  people: number;
  slots: number;
  /** Whether the requests went into the outbox as e-mails (false when e-mail is not set up). */
  emailed: boolean;
  /**
   * Filled when e-mail is not set up (everyone asked), so the head can send each link by
   * WhatsApp; with e-mail, the people who have no address it can be sent to.
   */
  links: AskedPerson[];
}

export const TEAM_NOT_FOUND =
  "That team could not be found. It may belong to a ministry you do not look after.";

/** The team, when it is within `scope`; otherwise not found (404), whether it exists or not. */
async function teamInScope(executor: Executor, scope: MinistryScope, teamId: string) {
  const [team] = isUuid(teamId)
    ? await executor
        .select({ id: rosterTeams.id, name: rosterTeams.name, ministrySlug: rosterTeams.ministrySlug })
        .from(rosterTeams)
        .where(and(eq(rosterTeams.id, teamId), slugInScope(rosterTeams.ministrySlug, scope)))
    : [];
  if (!team) throw new AppError(TEAM_NOT_FOUND, 404);
  return team;
}

/** The message for WhatsApp, in the person's language: their dates, one a line, and their page's link last. */
export function whatsAppRequestText(
  person: Pick<Volunteer, "firstName" | "language">,
  seats: SeatDetail[],
  pageUrl: string,
): string {
  const t = translator(person.language);
  const teams = [...new Set(seats.map((seat) => seat.teamName))].join(` ${t("email.roster.and")} `);
  const lines = seats.map(
    (seat) => `• ${seatWhen(seat, person.language)}: ${seat.title}, ${seat.positionName}`,
  );
  return [
    t("email.roster.whatsApp.hello", { name: person.firstName, teams }),
    "",
    ...lines,
    "",
    t("email.roster.whatsApp.answer"),
    pageUrl,
  ].join("\n");
}

function askedPerson(person: Volunteer, seats: SeatDetail[], pageUrl: string): AskedPerson {
  return {
    memberId: person.id,
    name: fullName(person),
    mobile: mobileWithCode(person),
    pageUrl,
    whatsAppText: whatsAppRequestText(person, seats, pageUrl),
  };
}

function byMember(seats: SeatDetail[]): Map<string, SeatDetail[]> {
  const grouped = new Map<string, SeatDetail[]>();
  for (const seat of seats) grouped.set(seat.memberId, [...(grouped.get(seat.memberId) ?? []), seat]);
  return grouped;
}

/**
 * Asks everyone chosen but not yet asked (status draft) in `teamId`'s upcoming seats: the seats
 * become pending, and each person gets one e-mail listing their dates with Accept and Decline
 * links per date. Refuses (AppError 404) a team outside `scope`. A member under "Recently
 * deleted" is not asked (their seats stay as they are).
 */
export async function sendRosterRequests(
  actor: Actor,
  scope: MinistryScope,
  teamId: string,
): Promise<RequestOutcome> {
  const { db } = services();
  const team = await teamInScope(db, scope, teamId);
  // Read before the transaction: the embedded database answers one query at a time.
  const content = await getSiteContent();
  const origin = siteOrigin();
  const emailed = isMailSetUp();
  const today = todayInChurchZone();
  return db.transaction(async (tx) => {
    const asked = await tx
      .update(rosterSlots)
      .set({ status: "pending", requestedAt: sql`now()`, answeredAt: null, declineReason: null })
      .where(
        and(
          eq(rosterSlots.status, "draft"),
          inArray(
            rosterSlots.positionId,
            tx
              .select({ id: rosterPositions.id })
              .from(rosterPositions)
              .where(eq(rosterPositions.teamId, team.id)),
          ),
          inArray(
            rosterSlots.serviceId,
            tx
              .select({ id: rosterServices.id })
              .from(rosterServices)
              .where(gte(rosterServices.serviceDate, today)),
          ),
          inArray(
            rosterSlots.memberId,
            tx.select({ id: members.id }).from(members).where(isNull(members.deletedAt)),
          ),
        ),
      )
      .returning({ id: rosterSlots.id });
    if (asked.length === 0) return { people: 0, slots: 0, emailed, links: [] };
    const seats = await seatsWhere(
      tx,
      inArray(
        rosterSlots.id,
        asked.map((row) => row.id),
      ),
    );
    const grouped = byMember(seats);
    const people = await volunteersByIds(tx, [...grouped.keys()]);
    const links: AskedPerson[] = [];
    for (const [memberId, theirSeats] of grouped) {
      const person = people.get(memberId)!;
      const pageUrl = rosterUrls.page(origin, await issuePageLink(tx, memberId), person.language);
      if (!emailed || !isSendableAddress(person.email)) {
        links.push(askedPerson(person, theirSeats, pageUrl));
        continue;
      }
      const dates = [];
      for (const seat of theirSeats) {
        dates.push({
          seat,
          answerUrl: rosterUrls.answer(origin, await issueAnswerLink(tx, seat), person.language),
        });
      }
      await queueEmail(tx, {
        kind: ROSTER_EMAIL_KINDS.request,
        to: person.email,
        ...requestEmail(content, person, dates, pageUrl),
        // Not sent once its last date is over.
        expiresAt: endOfChurchDay(theirSeats.at(-1)!.serviceDate),
      });
    }
    await logChange(tx, actor, "roster.requests-sent", {
      subject: { type: "roster-team", id: team.id, label: team.name },
      details: { people: grouped.size, slots: seats.length, emailed, ministry: team.ministrySlug },
    });
    links.sort((a, b) => a.name.localeCompare(b.name));
    return { people: grouped.size, slots: seats.length, emailed, links };
  });
}

/** Fresh links to their own page for everyone asked in `teamId`'s upcoming seats (to send by WhatsApp). */
export async function rosterLinksForWhatsApp(scope: MinistryScope, teamId: string): Promise<AskedPerson[]> {
  const { db } = services();
  const team = await teamInScope(db, scope, teamId);
  const origin = siteOrigin();
  const today = todayInChurchZone();
  return db.transaction(async (tx) => {
    const seats = await seatsWhere(
      tx,
      and(
        eq(rosterTeams.id, team.id),
        ne(rosterSlots.status, "draft"),
        gte(rosterServices.serviceDate, today),
      ),
    );
    const grouped = byMember(seats);
    const people = await volunteersByIds(tx, [...grouped.keys()]);
    const links: AskedPerson[] = [];
    for (const [memberId, theirSeats] of grouped) {
      const person = people.get(memberId);
      if (!person) continue; // under "Recently deleted"
      const pageUrl = rosterUrls.page(origin, await issuePageLink(tx, memberId), person.language);
      links.push(askedPerson(person, theirSeats, pageUrl));
    }
    return links.sort((a, b) => a.name.localeCompare(b.name));
  });
}
