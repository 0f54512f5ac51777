import { isSendableAddress, queueEmail } from "../messages/outbox.server";
import type { Executor } from "../platform/db.server";
import { isMailSetUp } from "../settings/mail-settings.server";
import { getSiteContent } from "../site/site-content.server";
import { releasedEmail, ROSTER_EMAIL_KINDS } from "./roster-emails.server";
import { endOfChurchDay } from "./roster-links.server";
import { seatById, volunteersByIds } from "./roster-seats.server";

// When a planner takes someone off a seat they had been asked about (asked, accepted, or waiting
// for a replacement), that person is told by e-mail: otherwise they would come on the day, and
// their links about the seat would only say it is no longer theirs. Someone only proposed (never
// asked) or who declined is told nothing. Read before the seat's transaction (the embedded
// database answers one query at a time); the e-mail is queued inside it, with the change.

export type ReleaseNotice = { queue(tx: Executor): Promise<void> } | null;

/** What to tell the holder of `slotId` if the seat is taken from them (null: nobody to tell). */
export async function releaseNoticeFor(executor: Executor, slotId: string): Promise<ReleaseNotice> {
  const seat = await seatById(executor, slotId);
  if (!seat || seat.status === "draft" || seat.status === "declined" || !isMailSetUp()) return null;
  const person = (await volunteersByIds(executor, [seat.memberId])).get(seat.memberId);
  if (!person || !isSendableAddress(person.email)) return null;
  const content = await getSiteContent();
  return {
    async queue(tx) {
      await queueEmail(tx, {
        kind: ROSTER_EMAIL_KINDS.released,
        to: person.email,
        ...releasedEmail(content, person, seat),
        expiresAt: endOfChurchDay(seat.serviceDate),
      });
    },
  };
}
