import { and, asc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import {
  members,
  rosterPositions,
  rosterServices,
  rosterSlots,
  rosterTeams,
  type RosterSlotStatus,
} from "../../../database/schema";
import { whenIn } from "~/lib/dates-in-language";
import type { Locale } from "~/lib/i18n";
import { internationalMobile } from "~/lib/whatsapp";
import type { Executor } from "../platform/db.server";

// Seats as the volunteers' pages and e-mails speak of them (issue 36): one person in one place of
// a team at a service, with the service's date, time and title and the team's reminder settings.

export interface SeatDetail {
  id: string;
  memberId: string;
  status: RosterSlotStatus;
  declineReason: string | null;
  remindedAt: Date | null;
  assignedBy: string | null;
  serviceId: string;
  serviceDate: string;
  /** "15:30:00", or null when the service has no time. */
  startTime: string | null;
  title: string;
  teamId: string;
  teamName: string;
  ministrySlug: string;
  positionId: string;
  positionName: string;
  reminderDays: number;
  reminderHour: number;
}

const seatColumns = {
  id: rosterSlots.id,
  memberId: rosterSlots.memberId,
  status: rosterSlots.status,
  declineReason: rosterSlots.declineReason,
  remindedAt: rosterSlots.remindedAt,
  assignedBy: rosterSlots.assignedBy,
  serviceId: rosterServices.id,
  serviceDate: rosterServices.serviceDate,
  startTime: rosterServices.startTime,
  title: rosterServices.title,
  teamId: rosterTeams.id,
  teamName: rosterTeams.name,
  ministrySlug: rosterTeams.ministrySlug,
  positionId: rosterPositions.id,
  positionName: rosterPositions.name,
  reminderDays: rosterTeams.reminderDays,
  reminderHour: rosterTeams.reminderHour,
};

/** The seats that meet `where`, by date, time, team and position. */
export async function seatsWhere(executor: Executor, where: SQL | undefined): Promise<SeatDetail[]> {
  return executor
    .select(seatColumns)
    .from(rosterSlots)
    .innerJoin(rosterServices, eq(rosterServices.id, rosterSlots.serviceId))
    .innerJoin(rosterPositions, eq(rosterPositions.id, rosterSlots.positionId))
    .innerJoin(rosterTeams, eq(rosterTeams.id, rosterPositions.teamId))
    .where(where)
    .orderBy(
      asc(rosterServices.serviceDate),
      asc(rosterServices.startTime),
      asc(rosterTeams.name),
      asc(rosterPositions.sortOrder),
      asc(rosterPositions.name),
      asc(rosterSlots.seat),
    );
}

/** One seat, or null. */
export async function seatById(executor: Executor, slotId: string): Promise<SeatDetail | null> {
  return (await seatsWhere(executor, eq(rosterSlots.id, slotId)))[0] ?? null;
}

/**
 * "Friday, December 5, 2026, 3:30 PM" (the public pages' way of writing a date), or the same in
 * the person's language ("Biyernes, Disyembre 5, 2026, 3:30 PM").
 */
export function seatWhen(seat: Pick<SeatDetail, "serviceDate" | "startTime">, locale: Locale = "en"): string {
  return whenIn(locale, seat.serviceDate, seat.startTime);
}

/** "Worship Service: SoundTech, Main desk". */
export function seatWhat(seat: Pick<SeatDetail, "title" | "teamName" | "positionName">): string {
  return `${seat.title}: ${seat.teamName}, ${seat.positionName}`;
}

/** What the pages show of a seat: words only, no ids but the seat's own. */
export interface SeatView {
  id: string;
  status: RosterSlotStatus;
  declineReason: string | null;
  date: string;
  /** "15:30:00", or null: for writing `when` in the page's language. */
  time: string | null;
  when: string;
  title: string;
  team: string;
  position: string;
}

export function seatView(seat: SeatDetail): SeatView {
  return {
    id: seat.id,
    status: seat.status,
    declineReason: seat.declineReason,
    date: seat.serviceDate,
    time: seat.startTime,
    when: seatWhen(seat),
    title: seat.title,
    team: seat.teamName,
    position: seat.positionName,
  };
}

export interface Volunteer {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string;
  mobile: string;
  countryCode: string;
  /** The language the site writes to them in (issue 39). */
  language: Locale;
}

/** Members in the registry (not under "Recently deleted"), by id. */
export async function volunteersByIds(
  executor: Executor,
  ids: readonly string[],
): Promise<Map<string, Volunteer>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      email: members.email,
      mobile: members.mobile,
      countryCode: members.countryCode,
      language: members.language,
    })
    .from(members)
    .where(and(inArray(members.id, [...new Set(ids)]), isNull(members.deletedAt)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The member's mobile with its country code ("+97333123456"), or null when it is not a number. */
export function mobileWithCode(person: Pick<Volunteer, "mobile" | "countryCode">): string | null {
  const country = person.countryCode.replace(/\D/g, "") || "973";
  const number = internationalMobile(person.mobile, country);
  return number ? `+${number}` : null;
}
