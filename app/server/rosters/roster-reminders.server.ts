import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { rosterServices, rosterSlots } from "../../../database/schema";
import { addDays, momentInChurchZone, todayInChurchZone } from "~/lib/dates";
import { isSendableAddress, queueEmail } from "../messages/outbox.server";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import { isMailSetUp } from "../settings/mail-settings.server";
import { getSiteContent } from "../site/site-content.server";
import { reminderEmail, ROSTER_EMAIL_KINDS } from "./roster-emails.server";
import { endOfChurchDay, issuePageLink, rosterUrls } from "./roster-links.server";
import { seatById, seatsWhere, volunteersByIds, type SeatDetail } from "./roster-seats.server";

// Reminders of accepted dates (issue 36), a job of the worker run once a minute on every server.
// A seat is due from its team's reminder hour (church time), its team's number of days before the
// date; a seat accepted later than that is reminded at once, until its date is over. Each seat is
// claimed by one conditional update of remindedAt, in the transaction that queues its e-mail, so
// however many servers run the job, each seat is reminded once. Without e-mail set up nothing is
// claimed: the reminders go once it is (while still in time).

/** Reminders are looked for at most this many days ahead (a team's reminderDays is below it). */
const LOOK_AHEAD_DAYS = 31;

/** When a seat's reminder is due: its team's hour, its team's days before the date. */
export function reminderDueAt(seat: Pick<SeatDetail, "serviceDate" | "reminderDays" | "reminderHour">): Date {
  const hour = String(Math.min(Math.max(seat.reminderHour, 0), 23)).padStart(2, "0");
  return momentInChurchZone(addDays(seat.serviceDate, -Math.max(seat.reminderDays, 0)), `${hour}:00`);
}

/** Queues the reminders that are due at `now`. Returns how many this call queued. */
export async function sendRosterReminders(now: Date = new Date()): Promise<number> {
  if (!isMailSetUp()) return 0;
  const { db } = services();
  const today = todayInChurchZone(now);
  const candidates = await seatsWhere(
    db,
    and(
      eq(rosterSlots.status, "accepted"),
      isNull(rosterSlots.remindedAt),
      gte(rosterServices.serviceDate, today),
      lte(rosterServices.serviceDate, addDays(today, LOOK_AHEAD_DAYS)),
    ),
  );
  const due = candidates.filter((seat) => reminderDueAt(seat).getTime() <= now.getTime());
  if (due.length === 0) return 0;
  const content = await getSiteContent();
  const origin = siteOrigin();
  let queued = 0;
  for (const candidate of due) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(rosterSlots)
        .set({ remindedAt: sql`now()` })
        .where(
          and(
            eq(rosterSlots.id, candidate.id),
            eq(rosterSlots.memberId, candidate.memberId),
            eq(rosterSlots.status, "accepted"),
            isNull(rosterSlots.remindedAt),
          ),
        )
        .returning({ id: rosterSlots.id });
      if (!claimed) return false; // another server, or the seat changed since it was read
      const seat = (await seatById(tx, candidate.id))!;
      const person = (await volunteersByIds(tx, [seat.memberId])).get(seat.memberId);
      if (!person || !isSendableAddress(person.email)) return false;
      const pageUrl = rosterUrls.page(origin, await issuePageLink(tx, person.id, now), person.language);
      await queueEmail(tx, {
        kind: ROSTER_EMAIL_KINDS.reminder,
        to: person.email,
        ...reminderEmail(content, person, seat, pageUrl),
        expiresAt: endOfChurchDay(seat.serviceDate),
      });
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
