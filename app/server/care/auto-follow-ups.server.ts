import { and, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { eventRegistrations, members, visitors } from "../../../database/schema";
import { NEW_VISITOR_REASON } from "~/lib/care";
import { fullName } from "~/lib/names";
import type { Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { normalEmail } from "../people/person-matching.server";
import { startFollowUp } from "./follow-ups.server";

// The follow-ups the site starts by itself (issue 38), each called in the transaction that keeps
// what caused it, so the message and its follow-up are written together or not at all. A person
// is known by their e-mail address (trimmed, any case), never by a mobile number alone: two people
// may share a phone. startFollowUp merges a moment into the open follow-up of the same person and
// reason, and the note says what happened, so a merge leaves a trace on the card.

interface Contact {
  name: string;
  email: string;
  mobile: string;
}

/** The registry's member (not deleted) with this e-mail address, or null; never by mobile. */
async function memberByEmail(executor: Executor, email: string) {
  const address = normalEmail(email);
  if (!address) return null;
  const [row] = await executor
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
    })
    .from(members)
    .where(and(sql`lower(trim(${members.email})) = ${address}`, isNull(members.deletedAt)))
    .limit(1);
  return row ? { id: row.id, name: fullName(row) } : null;
}

const sameAddress = (column: typeof visitors.email | typeof eventRegistrations.email, email: string) =>
  sql`lower(trim(${column})) = ${normalEmail(email)}`;

/** Someone new as a follow-up sees them: by their address, outside the registry. */
const newVisitor = (person: Contact) => ({
  memberId: null,
  name: person.name,
  email: person.email,
  mobile: person.mobile,
  reason: NEW_VISITOR_REASON,
});

/**
 * A connect message (`id`, just written): its sender is new when their address is no member's and
 * they never sent one before. A member's message, or a second one, starts nothing.
 */
export async function followUpConnectMessage(executor: Executor, id: string, sender: Contact) {
  if (!normalEmail(sender.email) || (await memberByEmail(executor, sender.email))) return null;
  const [earlier] = await executor
    .select({ id: visitors.id })
    .from(visitors)
    .where(and(sameAddress(visitors.email, sender.email), ne(visitors.id, id)))
    .limit(1);
  if (earlier) return null;
  return startFollowUp(
    executor,
    { ...newVisitor(sender), source: "connect", note: "Sent a connect message" },
    "visitor",
  );
}

/**
 * An event registration from someone outside the registry: someone to welcome. While their
 * follow-up is open each registration is a note on it; once it is closed, a new one starts.
 */
export async function followUpRegistration(
  executor: Executor,
  registrant: Contact,
  event: { title: string; eventDate: string },
) {
  if (!normalEmail(registrant.email) || (await memberByEmail(executor, registrant.email))) return null;
  return startFollowUp(
    executor,
    {
      ...newVisitor(registrant),
      source: "event",
      note: `Registered for ${event.title} (${event.eventDate})`,
    },
    "visitor",
  );
}

/**
 * A check-in at the door (`id`, just marked arrived): the person's first ever, when they are
 * outside the registry. Usually merged into their registration's follow-up, as a note.
 */
export async function followUpFirstCheckIn(
  executor: Executor,
  id: string,
  registration: Contact & { eventTitle: string },
  actor: Actor,
) {
  if (!normalEmail(registration.email) || (await memberByEmail(executor, registration.email))) return null;
  const [earlier] = await executor
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(
      and(
        sameAddress(eventRegistrations.email, registration.email),
        isNotNull(eventRegistrations.checkedInAt),
        ne(eventRegistrations.id, id),
      ),
    )
    .limit(1);
  if (earlier) return null;
  return startFollowUp(
    executor,
    { ...newVisitor(registration), source: "check-in", note: `Checked in at ${registration.eventTitle}` },
    actor,
  );
}

/**
 * A group's "Ask to join": a follow-up "Asked to join {group}" (the church's ask-to-join workflow
 * when it has one). A member asking is the member's follow-up; a mobile alone names nobody.
 */
export async function followUpJoinRequest(executor: Executor, groupName: string, person: Contact) {
  const member = await memberByEmail(executor, person.email);
  return startFollowUp(
    executor,
    {
      memberId: member?.id ?? null,
      name: member?.name ?? person.name,
      email: person.email,
      mobile: person.mobile,
      reason: `Asked to join ${groupName}`,
      source: "ask-to-join",
      note: `Asked to join ${groupName}`,
    },
    "visitor",
  );
}
