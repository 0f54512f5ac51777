import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { memberUpdateLinks, members, type Member } from "../../../database/schema";
import { localePath, translator, type Locale } from "~/lib/i18n";
import { fullName } from "~/lib/names";
import { isUuid } from "~/lib/ids";
import type { MemberChild } from "~/schemas/member-fields";
import { UPDATE_LINK_DAYS, type OwnDetailField, type OwnDetails } from "~/schemas/own-details";
import { renderEmail } from "../messages/email-layout.server";
import { isSendableAddress, queueEmail } from "../messages/outbox.server";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { limitEmailedLinkRequests } from "../platform/rate-limit.server";
import { services } from "../platform/services.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";
import { notDeleted } from "./members.server";

// Members keep their own record up to date (privacy issue 23). Staff send a link by e-mail or show
// it as a QR code, or the member asks for one on the public "Update my details" page. The link is
// a random 32-byte token; only its SHA-256 is stored, so a copy of the database opens nothing. It
// works for 7 days and once: what the member sends waits, field by field, for staff to accept or
// reject, and only an accepted change reaches the member's record.

export const UPDATE_PATH = "/update-my-details";

const DAY = 24 * 60 * 60 * 1000;

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

/** The link's address in the member's language (issue 39): /fil/update-my-details/... for Filipino. */
export function updateLinkUrl(origin: string, token: string, locale: Locale = "en"): string {
  return `${origin}${localePath(locale, `${UPDATE_PATH}/${token}`)}`;
}

/**
 * Makes a new link for the member (earlier links stay valid until they expire or are used).
 * `sentTo` is the address it is e-mailed to, null when it is shown as a QR code: the member's own
 * download holds only what came in with the address the link proves they read.
 */
async function createLink(
  executor: Executor,
  member: { id: string; language: Locale },
  sentBy: string,
  origin: string,
  sentTo: string | null,
) {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + UPDATE_LINK_DAYS * DAY);
  await executor.insert(memberUpdateLinks).values({
    memberId: member.id,
    tokenHash: hashOf(token),
    expiresAt,
    sentBy,
    sentTo: sentTo === null ? null : sentTo.trim().toLowerCase(),
  });
  return { url: updateLinkUrl(origin, token, member.language), expiresAt };
}

/** The link by e-mail, in the member's language. */
function queueLinkEmail(
  executor: Executor,
  member: Pick<Member, "firstName" | "email" | "language">,
  link: UpdateLink,
  content: SiteContent,
) {
  const church = content.church.name;
  const t = translator(member.language);
  return queueEmail(executor, {
    kind: "member.update-link",
    to: member.email,
    expiresAt: link.expiresAt,
    ...renderEmail(content, t("email.member.updateLink.subject", { church }), {
      heading: t("email.member.updateLink.heading", { name: member.firstName }),
      paragraphs: [
        t("email.member.updateLink.what", { church }),
        t("email.member.updateLink.once", { days: UPDATE_LINK_DAYS }),
        t("email.member.updateLink.ignore"),
      ],
      action: { label: t("email.member.updateLink.action"), href: link.url },
      lang: member.language,
    }),
  });
}

/**
 * What a link needs of its member: the name for its e-mail and audit entries, the address, and
 * the language its e-mail and address are in.
 */
const linkMemberColumns = {
  id: members.id,
  firstName: members.firstName,
  middleName: members.middleName,
  lastName: members.lastName,
  email: members.email,
  language: members.language,
};

export async function liveMember(executor: Executor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await executor
    .select(linkMemberColumns)
    .from(members)
    .where(and(eq(members.id, id), notDeleted))
    .limit(1);
  return row ?? null;
}

export const memberSubject = (member: Pick<Member, "id" | "firstName" | "middleName" | "lastName">) => ({
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
    const link = await createLink(tx, member, actor.email, origin, member.email);
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
    const made = await createLink(tx, member, actor.email, origin, null);
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
      const link = await createLink(tx, member, "member", origin, member.email);
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
export const requestUpdateLinkWithinLimits = limitEmailedLinkRequests(
  "update-link",
  { perConnection: LINK_REQUESTS_PER_CONNECTION, perAddress: LINK_REQUESTS_PER_ADDRESS },
  requestUpdateLink,
);

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
      /** The address the link was e-mailed to (lower case), null for a QR code. */
      sentTo: string | null;
      firstName: string;
      lastName: string;
      /** The member's language for e-mails (issue 39). */
      language: Locale;
      details: OwnDetails;
    }
  | { state: ClosedLink };

/** The columns of a member's own details, as ownDetailsOf reads them. */
export const ownDetailColumns = {
  email: members.email,
  countryCode: members.countryCode,
  mobile: members.mobile,
  addressBh: members.addressBh,
  addressPh: members.addressPh,
  children: members.children,
  ministryInvolvement: members.ministryInvolvement,
};

export function ownDetailsOf(member: Pick<Member, OwnDetailField>): OwnDetails {
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

export function normalChildren(children: readonly Partial<MemberChild>[] | null | undefined): MemberChild[] {
  return (children ?? []).map((child) => ({
    name: child.name ?? "",
    birthday: child.birthday || null,
    gender: child.gender || null,
  }));
}

export async function findLink(executor: Executor, token: string): Promise<OpenedLink> {
  if (!isWellFormed(token)) return { state: "invalid" };
  const [row] = await executor
    .select({
      linkId: memberUpdateLinks.id,
      memberId: memberUpdateLinks.memberId,
      sentTo: memberUpdateLinks.sentTo,
      expiresAt: memberUpdateLinks.expiresAt,
      usedAt: memberUpdateLinks.usedAt,
      expired: sql<boolean>`${memberUpdateLinks.expiresAt} <= now()`,
      member: {
        firstName: members.firstName,
        lastName: members.lastName,
        language: members.language,
        ...ownDetailColumns,
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
    sentTo: row.sentTo,
    firstName: row.member.firstName,
    lastName: row.member.lastName,
    language: row.member.language,
    details: ownDetailsOf(row.member),
  };
}

/** What a link opens: that one member's own details, or why it opens nothing. Opening uses nothing up. */
export function openUpdateLink(token: string): Promise<OpenedLink> {
  return findLink(services().db, token);
}
