import { and, eq, gte, inArray, isNull, ne, notExists, or, sql } from "drizzle-orm";
import {
  members,
  rosterBlockouts,
  rosterQualified,
  rosterServices,
  rosterSlots,
  users,
} from "../../../database/schema";
import { todayInChurchZone } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { can } from "~/lib/permissions";
import { listRoles } from "../auth/staff-roles.server";
import { isSendableAddress, queueEmail } from "../messages/outbox.server";
import type { Executor } from "../platform/db.server";
import { isUniqueViolation } from "../platform/db-errors.server";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import { isMailSetUp } from "../settings/mail-settings.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";
import {
  offerEmail,
  replacedEmail,
  replacementAskedHeadEmail,
  replacementTakenHeadEmail,
  ROSTER_EMAIL_KINDS,
} from "./roster-emails.server";
import {
  endOfChurchDay,
  issueOfferLink,
  issuePageLink,
  openOfferLink,
  rosterUrls,
} from "./roster-links.server";
import { schedulePath } from "~/schemas/roster";
import type { SeatRefusal } from "./answers.server";
import { seatById, seatView, volunteersByIds, type SeatDetail, type SeatView } from "./roster-seats.server";

/** The team's schedule from the seat's date: where the head sees the answer and can act on it. */
const scheduleUrl = (origin: string, seat: SeatDetail) =>
  `${origin}${schedulePath(seat.teamId)}?from=${seat.serviceDate}`;

// "I can't make it, find me a replacement" (issue 36). The seat becomes "replacing" (the person
// keeps it until someone takes it), and everyone else qualified for the position who is free
// that day (not away, not serving that day) is e-mailed an offer with a link of their own. The
// first to take it gets it, in one conditional update (still "replacing", still the person's who
// asked); later takers are told it is taken. The person who asked is told, and so is the head:
// the account that put them in the seat, else the accounts that plan the ministry's rosters.

/** Others qualified for the seat's position and free on its date, in the registry. */
async function freeQualified(tx: Executor, seat: SeatDetail) {
  const busy = tx
    .select({ one: sql`1` })
    .from(rosterSlots)
    .innerJoin(rosterServices, eq(rosterServices.id, rosterSlots.serviceId))
    .where(
      and(
        eq(rosterSlots.memberId, members.id),
        eq(rosterServices.serviceDate, seat.serviceDate),
        ne(rosterSlots.status, "declined"),
      ),
    );
  const away = tx
    .select({ one: sql`1` })
    .from(rosterBlockouts)
    .where(
      and(
        eq(rosterBlockouts.memberId, members.id),
        sql`${seat.serviceDate}::date between ${rosterBlockouts.startsOn} and ${rosterBlockouts.endsOn}`,
      ),
    );
  const rows = await tx
    .select({ id: members.id })
    .from(rosterQualified)
    .innerJoin(members, eq(members.id, rosterQualified.memberId))
    .where(
      and(
        eq(rosterQualified.positionId, seat.positionId),
        ne(members.id, seat.memberId),
        isNull(members.deletedAt),
        notExists(busy),
        notExists(away),
      ),
    );
  return [
    ...(
      await volunteersByIds(
        tx,
        rows.map((row) => row.id),
      )
    ).values(),
  ];
}

/**
 * Who is told about a seat's replacement: the account that assigned it, while it can sign in;
 * otherwise the accounts that may plan the ministry's rosters and look after that ministry, or,
 * when none does, those whose role reaches every ministry.
 */
export async function headAddresses(tx: Executor, seat: Pick<SeatDetail, "assignedBy" | "ministrySlug">) {
  const active = or(isNull(users.banned), eq(users.banned, false));
  if (seat.assignedBy) {
    const [assigner] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, seat.assignedBy), active));
    if (assigner && isSendableAddress(assigner.email)) return [assigner.email];
  }
  const planners = (await listRoles(tx)).filter((role) => can({ access: role }, "rosters:write"));
  if (planners.length === 0) return [];
  const limited = new Set(planners.filter((role) => role.ministryOnly).map((role) => role.key));
  const accounts = await tx
    .select({ email: users.email, role: users.role, ministries: users.ministries })
    .from(users)
    .where(
      and(
        inArray(
          users.role,
          planners.map((role) => role.key),
        ),
        active,
      ),
    );
  const lookingAfter = accounts.filter((account) => account.ministries.includes(seat.ministrySlug));
  const chosen =
    lookingAfter.length > 0 ? lookingAfter : accounts.filter((account) => !limited.has(account.role));
  return [...new Set(chosen.map((account) => account.email).filter(isSendableAddress))];
}

async function tellHeads(
  tx: Executor,
  seat: SeatDetail,
  email: { subject: string; text: string; html: string },
) {
  for (const to of await headAddresses(tx, seat)) {
    await queueEmail(tx, {
      kind: ROSTER_EMAIL_KINDS.head,
      to,
      ...email,
      expiresAt: endOfChurchDay(seat.serviceDate),
    });
  }
}

export type ReplacementOutcome = { ok: true; offered: number } | { ok: false; refusal: SeatRefusal };

/**
 * The member asks to be replaced in one of their seats (pending or accepted, today or later).
 * Returns how many people it was offered to by e-mail (none when e-mail is not set up).
 */
export async function askForReplacement(
  memberId: string,
  slotId: string,
  now = new Date(),
): Promise<ReplacementOutcome> {
  if (!isUuid(slotId)) return { ok: false, refusal: "gone" };
  const content = await getSiteContent();
  const origin = siteOrigin();
  const emailOn = isMailSetUp();
  const today = todayInChurchZone(now);
  return services().db.transaction(async (tx) => {
    const [marked] = await tx
      .update(rosterSlots)
      .set({ status: "replacing" })
      .where(
        and(
          eq(rosterSlots.id, slotId),
          eq(rosterSlots.memberId, memberId),
          inArray(rosterSlots.status, ["pending", "accepted"]),
          inArray(
            rosterSlots.serviceId,
            tx
              .select({ id: rosterServices.id })
              .from(rosterServices)
              .where(gte(rosterServices.serviceDate, today)),
          ),
        ),
      )
      .returning({ id: rosterSlots.id });
    const seat = await seatById(tx, slotId);
    if (!marked) {
      if (!seat) return { ok: false, refusal: "gone" };
      if (seat.memberId !== memberId) return { ok: false, refusal: "not-yours" };
      if (seat.serviceDate < today) return { ok: false, refusal: "past" };
      // Already being replaced: nothing more to do.
      if (seat.status === "replacing") return { ok: true, offered: 0 };
      return { ok: false, refusal: "gone" };
    }
    const person = (await volunteersByIds(tx, [memberId])).get(memberId)!;
    let offered = 0;
    if (emailOn) {
      for (const other of await freeQualified(tx, seat!)) {
        if (!isSendableAddress(other.email)) continue;
        const token = await issueOfferLink(tx, {
          slotId,
          toMemberId: other.id,
          fromMemberId: memberId,
          serviceDate: seat!.serviceDate,
        });
        await queueEmail(tx, {
          kind: ROSTER_EMAIL_KINDS.offer,
          to: other.email,
          ...offerEmail(content, other, seat!, rosterUrls.offer(origin, token, other.language)),
          expiresAt: endOfChurchDay(seat!.serviceDate),
        });
        offered++;
      }
      await tellHeads(
        tx,
        seat!,
        replacementAskedHeadEmail(content, person, seat!, offered, scheduleUrl(origin, seat!)),
      );
    }
    return { ok: true, offered };
  });
}

/** An offer as its page shows it: open to take, already taken by someone, or taken by this person. */
export type OfferState = "open" | "taken" | "yours";

export type OfferOpening =
  { ok: true; firstName: string; seat: SeatView; state: OfferState } | { ok: false; refusal: SeatRefusal };

/** The seat as an offer shows it: never the reason someone else gave for declining it. */
const offeredSeat = (seat: SeatDetail): SeatView => ({ ...seatView(seat), declineReason: null });

function offerState(seat: SeatDetail, memberId: string, fromMemberId: string): OfferState {
  if (seat.memberId === memberId) return "yours";
  return seat.status === "replacing" && seat.memberId === fromMemberId ? "open" : "taken";
}

/** What an offer link shows. Writes nothing. */
export async function openOffer(token: string, now = new Date()): Promise<OfferOpening> {
  const { db } = services();
  const link = await openOfferLink(db, token);
  if (!link.ok) return { ok: false, refusal: link.closed };
  const person = (await volunteersByIds(db, [link.memberId])).get(link.memberId);
  if (!person) return { ok: false, refusal: "invalid" };
  const seat = await seatById(db, link.slotId);
  if (!seat) return { ok: false, refusal: "gone" };
  if (seat.serviceDate < todayInChurchZone(now)) return { ok: false, refusal: "past" };
  const state = offerState(seat, link.memberId, link.fromMemberId);
  return { ok: true, firstName: person.firstName, seat: offeredSeat(seat), state };
}

export type TakeOutcome =
  | { ok: true; firstName: string; seat: SeatView; state: OfferState | "busy"; pageUrl: string | null }
  | { ok: false; refusal: SeatRefusal };

/**
 * Takes the offered seat: the first to take it gets it (status accepted); for later takers,
 * nothing changes and the state is "taken". "busy": the person already serves that day.
 */
export async function takeOffer(token: string, now = new Date()): Promise<TakeOutcome> {
  const content = await getSiteContent();
  const origin = siteOrigin();
  const emailOn = isMailSetUp();
  const today = todayInChurchZone(now);
  try {
    return await services().db.transaction((tx) => take(tx, token, { content, origin, emailOn, today }));
  } catch (error) {
    // The person took another seat of the same position at that service at the same moment.
    if (!isUniqueViolation(error)) throw error;
    const opened = await openOffer(token, now);
    return opened.ok ? { ...opened, state: "busy", pageUrl: null } : opened;
  }
}

async function take(
  tx: Executor,
  token: string,
  context: { content: SiteContent; origin: string; emailOn: boolean; today: string },
): Promise<TakeOutcome> {
  const link = await openOfferLink(tx, token);
  if (!link.ok) return { ok: false, refusal: link.closed };
  const people = await volunteersByIds(tx, [link.memberId, link.fromMemberId]);
  const person = people.get(link.memberId);
  if (!person) return { ok: false, refusal: "invalid" };
  const before = await seatById(tx, link.slotId);
  if (!before) return { ok: false, refusal: "gone" };
  if (before.serviceDate < context.today) return { ok: false, refusal: "past" };
  const state = offerState(before, link.memberId, link.fromMemberId);
  const answer = (
    seat: SeatDetail,
    state: OfferState | "busy",
    pageUrl: string | null = null,
  ): TakeOutcome => ({
    ok: true,
    firstName: person.firstName,
    seat: offeredSeat(seat),
    state,
    pageUrl,
  });
  if (state !== "open") return answer(before, state);
  const [busy] = await tx
    .select({ id: rosterSlots.id })
    .from(rosterSlots)
    .innerJoin(rosterServices, eq(rosterServices.id, rosterSlots.serviceId))
    .where(
      and(
        eq(rosterSlots.memberId, link.memberId),
        eq(rosterServices.serviceDate, before.serviceDate),
        ne(rosterSlots.status, "declined"),
      ),
    )
    .limit(1);
  if (busy) return answer(before, "busy");
  const [taken] = await tx
    .update(rosterSlots)
    .set({
      memberId: link.memberId,
      status: "accepted",
      declineReason: null,
      requestedAt: sql`now()`,
      answeredAt: sql`now()`,
      remindedAt: null,
    })
    .where(
      and(
        eq(rosterSlots.id, link.slotId),
        eq(rosterSlots.status, "replacing"),
        eq(rosterSlots.memberId, link.fromMemberId),
      ),
    )
    .returning({ id: rosterSlots.id });
  // Someone was quicker between the read and the update.
  if (!taken) return answer((await seatById(tx, link.slotId)) ?? before, "taken");
  const seat = (await seatById(tx, link.slotId))!;
  const pageUrl = rosterUrls.page(context.origin, await issuePageLink(tx, link.memberId), person.language);
  const from = people.get(link.fromMemberId);
  if (context.emailOn && from) {
    if (isSendableAddress(from.email)) {
      await queueEmail(tx, {
        kind: ROSTER_EMAIL_KINDS.replaced,
        to: from.email,
        ...replacedEmail(context.content, from, seat),
        expiresAt: endOfChurchDay(seat.serviceDate),
      });
    }
    await tellHeads(
      tx,
      seat,
      replacementTakenHeadEmail(context.content, from, person, seat, scheduleUrl(context.origin, seat)),
    );
  }
  return answer(seat, "yours", pageUrl);
}
