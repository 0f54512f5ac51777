import crypto from "node:crypto";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import QRCode from "qrcode";
import {
  memberUpdateLinks,
  memberUpdateRequests,
  members,
  type Member,
  type MemberUpdateChange,
} from "../../../database/schema";
import { fullName } from "~/lib/names";
import { isUuid } from "~/lib/ids";
import { pickMemberFields, type MemberChild, type MemberInput } from "~/schemas/member-fields";
import {
  OWN_DETAIL_FIELDS,
  UPDATE_LINK_DAYS,
  type OwnDetailField,
  type OwnDetails,
} from "~/schemas/own-details";
import { renderEmail } from "../messages/email-layout.server";
import { isSendableAddress, queueEmail } from "../messages/outbox.server";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { hitRateLimits, type RateLimitResult } from "../platform/rate-limit.server";
import { services } from "../platform/services.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";
import { notDeleted, updateMemberIn } from "./members.server";

// Members keep their own record up to date (privacy issue 23). Staff send a link by e-mail or show
// it as a QR code, or the member asks for one on the public "Update my details" page. The link is
// a random 32-byte token; only its SHA-256 is stored, so a copy of the database opens nothing. It
// works for 7 days and once: what the member sends waits, field by field, for staff to accept or
// reject, and only an accepted change reaches the member's record.

export const UPDATE_PATH = "/update-my-details";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** How often one address may be sent a link from the public page, and one connection may ask. */
export const LINK_REQUESTS_PER_ADDRESS = 3;
export const LINK_REQUESTS_PER_CONNECTION = 10;
/** A shared family address may belong to a few members; each gets their own link, up to this. */
const MAX_MEMBERS_PER_ADDRESS = 5;

export interface UpdateLink {
  url: string;
  expiresAt: Date;
}

function hashOf(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** 32 random bytes in base64url are 43 characters of [A-Za-z0-9_-]; anything else is no token of ours. */
function isWellFormed(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function updateLinkUrl(origin: string, token: string): string {
  return `${origin}${UPDATE_PATH}/${token}`;
}

/** Makes a new link for the member (earlier links stay valid until they expire or are used). */
async function createLink(executor: Executor, memberId: string, sentBy: string, origin: string) {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + UPDATE_LINK_DAYS * DAY);
  await executor.insert(memberUpdateLinks).values({ memberId, tokenHash: hashOf(token), expiresAt, sentBy });
  return { url: updateLinkUrl(origin, token), expiresAt };
}

function queueLinkEmail(
  executor: Executor,
  member: Pick<Member, "firstName" | "email">,
  link: UpdateLink,
  content: SiteContent,
) {
  const church = content.church.name;
  return queueEmail(executor, {
    kind: "member.update-link",
    to: member.email,
    ...renderEmail(content, `Update your details with ${church}`, {
      heading: `Hello ${member.firstName},`,
      paragraphs: [
        `You can check and update the details ${church} keeps about you: your e-mail, mobile number, addresses, children and ministries.`,
        `Use the link below. It works once, for ${UPDATE_LINK_DAYS} days. The church office looks at your changes before they are saved.`,
        "If you did not ask for this, you can ignore this e-mail: nothing changes.",
      ],
      action: { label: "Update my details", href: link.url },
    }),
  });
}

/** What a link needs of its member: the name for its e-mail and audit entries, and the address. */
const linkMemberColumns = {
  id: members.id,
  firstName: members.firstName,
  middleName: members.middleName,
  lastName: members.lastName,
  email: members.email,
};

async function liveMember(executor: Executor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await executor
    .select(linkMemberColumns)
    .from(members)
    .where(and(eq(members.id, id), notDeleted))
    .limit(1);
  return row ?? null;
}

const memberSubject = (member: Pick<Member, "id" | "firstName" | "middleName" | "lastName">) => ({
  type: "member",
  id: member.id,
  label: fullName(member),
});

/**
 * Staff e-mail a member a new link ("E-mail an update link" on the profile). Null when there is no
 * such member; "no-address" when the member's e-mail cannot take mail.
 */
export async function sendUpdateLink(
  memberId: string,
  actor: Exclude<Actor, string>,
  origin: string,
): Promise<{ sentTo: string } | "no-address" | null> {
  const content = await getSiteContent();
  return services().db.transaction(async (tx) => {
    const member = await liveMember(tx, memberId);
    if (!member) return null;
    if (!isSendableAddress(member.email)) return "no-address" as const;
    const link = await createLink(tx, member.id, actor.email, origin);
    await queueLinkEmail(tx, member, link, content);
    await logChange(tx, actor, "member.update-link-sent", {
      subject: memberSubject(member),
      details: { to: member.email },
    });
    return { sentTo: member.email };
  });
}

/** A new link to show as a QR code at church ("Show QR code" on the profile); null for no such member. */
export async function showUpdateLink(
  memberId: string,
  actor: Exclude<Actor, string>,
  origin: string,
): Promise<(UpdateLink & { qrSvg: string }) | null> {
  const link = await services().db.transaction(async (tx) => {
    const member = await liveMember(tx, memberId);
    if (!member) return null;
    const made = await createLink(tx, member.id, actor.email, origin);
    await logChange(tx, actor, "member.update-link-shown", { subject: memberSubject(member) });
    return made;
  });
  if (!link) return null;
  const qrSvg = await QRCode.toString(link.url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { ...link, qrSvg };
}

/**
 * "Update my details": every live member with this address is e-mailed a link. The caller answers
 * the same either way; see `requestUpdateLinkWithinLimits`.
 */
export async function requestUpdateLink(email: string, origin: string): Promise<number> {
  const address = email.trim().toLowerCase();
  const content = await getSiteContent();
  return services().db.transaction(async (tx) => {
    const found = await tx
      .select(linkMemberColumns)
      .from(members)
      .where(and(sql`lower(trim(${members.email})) = ${address}`, notDeleted))
      .orderBy(asc(members.createdAt), asc(members.id))
      .limit(MAX_MEMBERS_PER_ADDRESS);
    let sent = 0;
    for (const member of found) {
      if (!isSendableAddress(member.email.trim())) continue;
      const link = await createLink(tx, member.id, "member", origin);
      await queueLinkEmail(tx, { ...member, email: member.email.trim() }, link, content);
      await logChange(tx, "visitor", "member.update-link-requested", { subject: memberSubject(member) });
      sent += 1;
    }
    return sent;
  });
}

/**
 * The public page's request, within its limits: a connection that asked too often is told to wait
 * (that answer says nothing about the address); an address asked for too often quietly gets
 * nothing more, so the answer still does not tell whether it belongs to a member.
 */
export async function requestUpdateLinkWithinLimits(input: {
  email: string;
  clientIp: string;
  origin: string;
}): Promise<RateLimitResult> {
  const { db } = services();
  const email = input.email.trim().toLowerCase();
  const byConnection = await hitRateLimits(db, [
    { key: `update-link:ip:${input.clientIp}`, limit: LINK_REQUESTS_PER_CONNECTION, windowMs: HOUR },
  ]);
  if (!byConnection.allowed) return byConnection;
  const byAddress = await hitRateLimits(db, [
    { key: `update-link:email:${email}`, limit: LINK_REQUESTS_PER_ADDRESS, windowMs: HOUR },
  ]);
  if (byAddress.allowed) await requestUpdateLink(email, input.origin);
  return byConnection;
}

// ---------------------------------------------------------------------------------------------
// The member's side: open a link, send changes
// ---------------------------------------------------------------------------------------------

/** Why a link opens nothing: unknown (or altered), past its 7 days, or used already. */
export type ClosedLink = "invalid" | "expired" | "used";

export type OpenedLink =
  | {
      state: "open";
      linkId: string;
      memberId: string;
      firstName: string;
      lastName: string;
      details: OwnDetails;
    }
  | { state: ClosedLink };

function ownDetailsOf(member: Pick<Member, OwnDetailField>): OwnDetails {
  return {
    email: member.email,
    countryCode: member.countryCode,
    mobile: member.mobile,
    addressBh: member.addressBh,
    addressPh: member.addressPh,
    children: normalChildren(member.children),
    ministryInvolvement: [...member.ministryInvolvement],
  };
}

function normalChildren(children: readonly Partial<MemberChild>[] | null | undefined): MemberChild[] {
  return (children ?? []).map((child) => ({
    name: child.name ?? "",
    birthday: child.birthday || null,
    gender: child.gender || null,
  }));
}

async function findLink(executor: Executor, token: string): Promise<OpenedLink> {
  if (!isWellFormed(token)) return { state: "invalid" };
  const [row] = await executor
    .select({
      linkId: memberUpdateLinks.id,
      memberId: memberUpdateLinks.memberId,
      expiresAt: memberUpdateLinks.expiresAt,
      usedAt: memberUpdateLinks.usedAt,
      expired: sql<boolean>`${memberUpdateLinks.expiresAt} <= now()`,
      member: {
        firstName: members.firstName,
        lastName: members.lastName,
        email: members.email,
        countryCode: members.countryCode,
        mobile: members.mobile,
        addressBh: members.addressBh,
        addressPh: members.addressPh,
        children: members.children,
        ministryInvolvement: members.ministryInvolvement,
        deletedAt: members.deletedAt,
      },
    })
    .from(memberUpdateLinks)
    .innerJoin(members, eq(members.id, memberUpdateLinks.memberId))
    .where(eq(memberUpdateLinks.tokenHash, hashOf(token)))
    .limit(1);
  if (!row || row.member.deletedAt) return { state: "invalid" };
  if (row.usedAt) return { state: "used" };
  if (row.expired) return { state: "expired" };
  return {
    state: "open",
    linkId: row.linkId,
    memberId: row.memberId,
    firstName: row.member.firstName,
    lastName: row.member.lastName,
    details: ownDetailsOf(row.member),
  };
}

/** What a link opens: that one member's own details, or why it opens nothing. Opening uses nothing up. */
export function openUpdateLink(token: string): Promise<OpenedLink> {
  return findLink(services().db, token);
}

/** Ministries are a set to compare (the form lists them in its own order), but kept in the order sent. */
function comparable(field: OwnDetailField, value: unknown): string {
  if (field === "ministryInvolvement" && Array.isArray(value)) return JSON.stringify([...value].sort());
  if (field === "children") return JSON.stringify(normalChildren(value as MemberChild[]));
  return JSON.stringify(value === "" || value === undefined ? null : value);
}

/** The fields whose sent value differs from the record, with both values. */
export function differences(before: OwnDetails, after: OwnDetails): MemberUpdateChange[] {
  return OWN_DETAIL_FIELDS.filter(
    (field) => comparable(field, before[field]) !== comparable(field, after[field]),
  ).map((field) => ({ field, from: before[field], to: after[field], status: "pending" as const }));
}

export type SubmitOutcome =
  | { outcome: "sent"; requestId: string; changes: number }
  | { outcome: "unchanged" }
  | { state: ClosedLink; outcome: "closed" };

/**
 * Stores what the member sent, as the differences from their record, and uses the link up, in one
 * transaction: the link is claimed with `update ... where used_at is null`, so of two posts at
 * once only one gets a request. Sending nothing new keeps the link open.
 */
export async function submitOwnDetails(token: string, sent: OwnDetails): Promise<SubmitOutcome> {
  return services().db.transaction(async (tx) => {
    const link = await findLink(tx, token);
    if (link.state !== "open") return { outcome: "closed", state: link.state };
    const changes = differences(link.details, sent);
    if (changes.length === 0) return { outcome: "unchanged" };
    const claimed = await tx
      .update(memberUpdateLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(memberUpdateLinks.id, link.linkId),
          isNull(memberUpdateLinks.usedAt),
          sql`${memberUpdateLinks.expiresAt} > now()`,
        ),
      )
      .returning({ id: memberUpdateLinks.id });
    if (claimed.length === 0) return { outcome: "closed", state: "used" };
    const [request] = await tx
      .insert(memberUpdateRequests)
      .values({ memberId: link.memberId, linkId: link.linkId, changes })
      .returning({ id: memberUpdateRequests.id });
    const member = await liveMember(tx, link.memberId);
    await logChange(tx, "visitor", "member.update-requested", {
      subject: member ? memberSubject(member) : { type: "member", id: link.memberId },
      // The values wait in the request; the log names only which fields were sent.
      details: { fields: changes.map((change) => change.field) },
    });
    return { outcome: "sent", requestId: request!.id, changes: changes.length };
  });
}

// ---------------------------------------------------------------------------------------------
// The staff side: the review queue
// ---------------------------------------------------------------------------------------------

/** How many requests wait for a decision (the navigation's badge). */
export async function countPendingUpdateRequests(): Promise<number> {
  const [row] = await services()
    .db.select({ n: count() })
    .from(memberUpdateRequests)
    .innerJoin(members, eq(members.id, memberUpdateRequests.memberId))
    .where(and(isNull(memberUpdateRequests.decidedAt), notDeleted));
  return row?.n ?? 0;
}

export interface ChangeForReview extends MemberUpdateChange {
  index: number;
  /** The member's value of this field now. */
  current: unknown;
  /** Staff changed the field since the member sent this: accepting overwrites their change. */
  isStale: boolean;
}

export interface RequestForReview {
  id: string;
  memberId: string;
  memberName: string;
  submittedAt: string;
  changes: ChangeForReview[];
  pending: number;
}

const PENDING_SHOWN = 50;

/** The requests waiting for a decision, oldest first, each with its changes and the record as it is now. */
export async function listPendingUpdateRequests(): Promise<RequestForReview[]> {
  const rows = await services()
    .db.select({
      id: memberUpdateRequests.id,
      memberId: memberUpdateRequests.memberId,
      submittedAt: memberUpdateRequests.submittedAt,
      changes: memberUpdateRequests.changes,
      member: {
        firstName: members.firstName,
        middleName: members.middleName,
        lastName: members.lastName,
        email: members.email,
        countryCode: members.countryCode,
        mobile: members.mobile,
        addressBh: members.addressBh,
        addressPh: members.addressPh,
        children: members.children,
        ministryInvolvement: members.ministryInvolvement,
      },
    })
    .from(memberUpdateRequests)
    .innerJoin(members, eq(members.id, memberUpdateRequests.memberId))
    .where(and(isNull(memberUpdateRequests.decidedAt), notDeleted))
    .orderBy(asc(memberUpdateRequests.submittedAt), asc(memberUpdateRequests.id))
    .limit(PENDING_SHOWN);
  return rows.map((row) => {
    const current = ownDetailsOf(row.member);
    const changes = row.changes.map((change, index) => reviewOf(change, index, current));
    return {
      id: row.id,
      memberId: row.memberId,
      memberName: fullName(row.member),
      submittedAt: row.submittedAt.toISOString(),
      changes,
      pending: changes.filter((change) => change.status === "pending").length,
    };
  });
}

function reviewOf(change: MemberUpdateChange, index: number, current: OwnDetails): ChangeForReview {
  const field = change.field as OwnDetailField;
  const now = current[field];
  return {
    ...change,
    index,
    current: now,
    isStale: change.status === "pending" && comparable(field, now) !== comparable(field, change.from),
  };
}

export type Decision = "accept" | "reject";

export type DecisionOutcome =
  | { outcome: "decided"; accepted: number; rejected: number; isDone: boolean }
  /** Nothing written: these changes' fields were changed by staff since, and that was not confirmed. */
  | { outcome: "stale"; fields: string[] }
  | { outcome: "not-found" };

/**
 * Accepts or rejects some of a request's pending changes (`indexes`; all pending ones when null),
 * in one transaction. An accepted change is written through the member form's own save (search
 * text, history), and each decision is audited with the field and both values. A change whose
 * field staff changed since it was sent is only accepted with `confirmStale`. The request leaves
 * the queue when every change is decided.
 */
export async function decideUpdateChanges(
  requestId: string,
  indexes: number[] | null,
  decision: Decision,
  actor: Exclude<Actor, string>,
  options: { confirmStale?: boolean } = {},
): Promise<DecisionOutcome> {
  if (!isUuid(requestId)) return { outcome: "not-found" };
  return services().db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(memberUpdateRequests)
      .where(and(eq(memberUpdateRequests.id, requestId), isNull(memberUpdateRequests.decidedAt)))
      .for("update");
    if (!request) return { outcome: "not-found" };
    const [member] = await tx
      .select()
      .from(members)
      .where(and(eq(members.id, request.memberId), notDeleted))
      .for("update");
    if (!member) return { outcome: "not-found" };

    const chosen = request.changes
      .map((change, index) => ({ change, index }))
      .filter(({ change, index }) => change.status === "pending" && (!indexes || indexes.includes(index)));
    if (chosen.length === 0) return { outcome: "not-found" };

    if (decision === "accept" && !options.confirmStale) {
      const current = ownDetailsOf(member);
      const stale = chosen.filter(({ change, index }) => reviewOf(change, index, current).isStale);
      if (stale.length > 0) return { outcome: "stale", fields: stale.map(({ change }) => change.field) };
    }

    const decidedAt = new Date().toISOString();
    const changes = [...request.changes];
    if (decision === "accept") {
      const record = pickMemberFields(member as unknown as MemberInput) as Record<string, unknown>;
      for (const { change } of chosen) record[change.field] = change.to;
      // One audit entry per change, "member.update-accepted" below, rather than that and a
      // "member.updated" for the same values.
      const saved = await updateMemberIn(tx, member.id, record as MemberInput, actor, { audit: false });
      if (!saved) return { outcome: "not-found" };
    }
    for (const { change, index } of chosen) {
      const field = change.field as OwnDetailField;
      changes[index] = {
        ...change,
        status: decision === "accept" ? "accepted" : "rejected",
        decidedBy: actor.email,
        decidedAt,
      };
      await logChange(
        tx,
        actor,
        decision === "accept" ? "member.update-accepted" : "member.update-rejected",
        {
          subject: memberSubject(member),
          details: {
            field,
            from: change.from,
            to: change.to,
            changes: [{ field, from: change.from, to: change.to }],
          },
        },
      );
    }
    const isDone = changes.every((change) => change.status !== "pending");
    await tx
      .update(memberUpdateRequests)
      .set({ changes, decidedAt: isDone ? sql`now()` : null })
      .where(eq(memberUpdateRequests.id, request.id));
    return {
      outcome: "decided",
      accepted: decision === "accept" ? chosen.length : 0,
      rejected: decision === "reject" ? chosen.length : 0,
      isDone,
    };
  });
}
