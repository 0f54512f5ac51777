import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import { signedLinks } from "../../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { HEADCOUNT_LINK_PATH, USHER_LINK_DAYS, usherLinkSchema } from "~/schemas/headcount";
import { AppError } from "../http/errors.server";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { issueLink, readLink } from "../platform/signed-links.server";
import { siteOrigin } from "../platform/site-origin.server";
import { hitRateLimits } from "../platform/rate-limit.server";
import {
  headcountOccasions,
  recordHeadcount,
  type OccasionRow,
  type SavedHeadcount,
} from "./headcounts.server";

// The usher's signed link (issue 37): made by staff for a named usher, it opens a page (no
// account, no script) where the usher enters the counts of today's or a recent service or event
// (the last 7 days, never a date to come). The link's subject is the usher's name; it lasts about
// 90 days and staff can revoke it. Only its hash is stored (platform/signed-links.server.ts).

export const USHER_PURPOSE = "headcount";
/** How far back an usher may count. */
export const USHER_DAYS_BACK = 7;

export const usherUrl = (token: string, origin = siteOrigin()) => `${origin}${HEADCOUNT_LINK_PATH}/${token}`;

export interface UsherLinkRow {
  id: string;
  usher: string;
  createdAt: Date;
  expiresAt: Date | null;
}

/** Makes a link for an usher and returns its address (shown once: only the hash is kept). */
export async function makeUsherLink(
  actor: Actor,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<{ usher: string; url: string }> {
  const parsed = usherLinkSchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0]!.message, 400, { field: "usher" });
  const usher = parsed.data.usher;
  const token = await services().db.transaction(async (tx) => {
    const issued = await issueLink(tx, {
      purpose: USHER_PURPOSE,
      subject: usher,
      expiresAt: new Date(now.getTime() + USHER_LINK_DAYS * 86_400_000),
      singleUse: false,
    });
    await logChange(tx, actor, "headcount.usher-link-made", {
      subject: { type: "usher", label: usher },
      details: { days: USHER_LINK_DAYS },
    });
    return issued;
  });
  return { usher, url: usherUrl(token) };
}

/** The ushers' links still open, newest first. */
export async function openUsherLinks(): Promise<UsherLinkRow[]> {
  return services()
    .db.select({
      id: signedLinks.id,
      usher: signedLinks.subjectId,
      createdAt: signedLinks.createdAt,
      expiresAt: signedLinks.expiresAt,
    })
    .from(signedLinks)
    .where(
      and(
        eq(signedLinks.purpose, USHER_PURPOSE),
        isNull(signedLinks.revokedAt),
        or(isNull(signedLinks.expiresAt), gt(signedLinks.expiresAt, new Date())),
      ),
    )
    .orderBy(desc(signedLinks.createdAt))
    .limit(50);
}

/** Revokes one usher's link by its id; true when one was open. */
export async function revokeUsherLink(actor: Actor, linkId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(linkId)) return false;
  return services().db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(signedLinks)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(signedLinks.id, linkId),
          eq(signedLinks.purpose, USHER_PURPOSE),
          isNull(signedLinks.revokedAt),
        ),
      )
      .returning({ usher: signedLinks.subjectId });
    if (!revoked) return false;
    await logChange(tx, actor, "headcount.usher-link-revoked", {
      subject: { type: "usher", label: revoked.usher },
    });
    return true;
  });
}

export type UsherLinkState = { ok: true; usher: string } | { ok: false; closed: "invalid" | "expired" };

/** Who a link was made for, or why it opens nothing. Writes nothing. */
export async function openUsherLink(token: string): Promise<UsherLinkState> {
  const link = await readLink(services().db, USHER_PURPOSE, token);
  if (link.ok) return { ok: true, usher: link.subject };
  return { ok: false, closed: link.refusal === "expired" ? "expired" : "invalid" };
}

/** The occasions an usher may count: the weekly services and events of the last 7 days. */
export async function usherOccasions(today = todayInChurchZone()): Promise<OccasionRow[]> {
  const since = addDays(today, -USHER_DAYS_BACK);
  const { services: weekly, events } = await headcountOccasions({
    today,
    serviceWeeks: 2,
    otherWeeks: 2,
    since,
  });
  return [...weekly.filter((row) => row.date >= since), ...events].sort((a, b) =>
    b.date.localeCompare(a.date),
  );
}

/** The usher's save: the link is read again first, so a revoked or altered link writes nothing. */
export async function saveUsherHeadcount(
  token: string,
  input: Record<string, unknown>,
  today = todayInChurchZone(),
): Promise<
  { ok: true; usher: string; saved: SavedHeadcount } | { ok: false; closed: "invalid" | "expired" }
> {
  const link = await openUsherLink(token);
  if (!link.ok) return link;
  const saved = await recordHeadcount("visitor", `usher:${link.usher}`, input, {
    today,
    earliest: addDays(today, -USHER_DAYS_BACK),
  });
  return { ok: true, usher: link.usher, saved };
}

/** Posts from the usher's page, by address: the same limits as the other pages reached by a link. */
export async function allowUsherPost(clientIp: string): Promise<boolean> {
  const limit = await hitRateLimits(services().db, [
    { key: `forms:minute:${clientIp}`, limit: 30, windowMs: 60_000 },
    { key: `forms:day:${clientIp}`, limit: 300, windowMs: 24 * 60 * 60_000 },
  ]);
  return limit.allowed;
}
