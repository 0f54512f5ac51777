import { and, asc, desc, eq, isNull, max, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { consents, members, type ConsentKind } from "../../../database/schema";
import { fullName } from "~/lib/names";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSection } from "../site/site-sections.server";
import { PRIVACY_SECTION } from "~/schemas/site-sections";

// Consents (issue 23): what a member agreed to, under which version of the privacy notice, and who
// recorded it. A consent is given once (a row) and withdrawn once (the row's withdrawn_at); given
// again, it is a new row, so the profile can show the whole history.

export const CONSENT_KINDS = ["registry", "email", "digest"] as const satisfies readonly ConsentKind[];

export const CONSENT_LABELS: Record<ConsentKind, string> = {
  registry: "Member registry (with children's details)",
  email: "Church e-mails",
  digest: "Weekly digest e-mail",
};

export function isConsentKind(value: unknown): value is ConsentKind {
  return typeof value === "string" && (CONSENT_KINDS as readonly string[]).includes(value);
}

/** The privacy notice's current version (each save in the Website section is one) and its date. */
export async function privacyNoticeVersion(): Promise<{ number: number; savedAt: Date | null }> {
  const section = await getSection(PRIVACY_SECTION.id);
  // Never saved: the default text, written as version 1 when the site starts.
  if (!section || section.version === 0) return { number: 1, savedAt: null };
  return { number: section.version, savedAt: section.updatedAt };
}

/** Who recorded a consent, as the consents table names them. */
function recorderLabel(actor: Actor | "member"): string {
  return typeof actor === "string" ? actor : actor.email;
}

export interface ConsentRecord {
  id: string;
  kind: ConsentKind;
  givenAt: Date;
  noticeVersion: number;
  recordedBy: string;
  withdrawnAt: Date | null;
  withdrawnBy: string | null;
}

/** Every consent of a member, oldest first. */
export async function consentHistory(memberId: string, executor?: Executor): Promise<ConsentRecord[]> {
  return (executor ?? services().db)
    .select()
    .from(consents)
    .where(eq(consents.memberId, memberId))
    .orderBy(asc(consents.givenAt), asc(consents.id));
}

/** Each kind's consent in force (given and not withdrawn), or null. */
export function currentConsents(history: ConsentRecord[]): Record<ConsentKind, ConsentRecord | null> {
  const current = (kind: ConsentKind) =>
    history.filter((consent) => consent.kind === kind && !consent.withdrawnAt).at(-1) ?? null;
  return { registry: current("registry"), email: current("email"), digest: current("digest") };
}

/**
 * Records the consents given on a form, in the caller's transaction (so a member is never saved
 * without the consent that allowed it). A kind already in force is left as it is.
 */
export async function recordConsents(
  tx: Executor,
  memberId: string,
  kinds: readonly ConsentKind[],
  actor: Actor | "member",
  noticeVersion: number,
): Promise<void> {
  for (const kind of kinds) {
    const [inForce] = await tx
      .select({ id: consents.id })
      .from(consents)
      .where(and(eq(consents.memberId, memberId), eq(consents.kind, kind), isNull(consents.withdrawnAt)))
      .limit(1);
    if (inForce) continue;
    await tx.insert(consents).values({ memberId, kind, noticeVersion, recordedBy: recorderLabel(actor) });
  }
}

/**
 * Staff record a consent the person gave (on paper, in person) or withdraw one, with an audit
 * entry. Returns false when there was nothing to change (already given, or nothing to withdraw).
 */
export async function changeConsent(
  memberId: string,
  memberLabel: string,
  kind: ConsentKind,
  give: boolean,
  actor: Actor | "member",
): Promise<boolean> {
  const noticeVersion = give ? (await privacyNoticeVersion()).number : 0;
  return services().db.transaction(async (tx) => {
    const [inForce] = await tx
      .select({ id: consents.id })
      .from(consents)
      .where(and(eq(consents.memberId, memberId), eq(consents.kind, kind), isNull(consents.withdrawnAt)))
      .limit(1)
      .for("update");
    if (give === Boolean(inForce)) return false;
    if (give) {
      await tx.insert(consents).values({ memberId, kind, noticeVersion, recordedBy: recorderLabel(actor) });
    } else {
      await tx
        .update(consents)
        .set({ withdrawnAt: new Date(), withdrawnBy: recorderLabel(actor) })
        .where(eq(consents.id, inForce!.id));
    }
    await logChange(
      tx,
      actor === "member" ? "visitor" : actor,
      give ? "member.consent-given" : "member.consent-withdrawn",
      {
        subject: { type: "member", id: memberId, label: memberLabel },
        details: {
          consent: kind,
          ...(give ? { noticeVersion } : {}),
          ...(actor === "member" ? { by: "the member" } : {}),
        },
      },
    );
    return true;
  });
}

export interface RegistryConsentWithdrawn {
  memberId: string;
  memberName: string;
  withdrawnAt: string;
}

/**
 * Members who withdrew their consent to the registry themselves (with their update link) and
 * have none in force: the review queue lists them, since the church must then erase the record or
 * record the consent again. Newest first.
 */
export async function registryConsentsWithdrawnByMembers(): Promise<RegistryConsentWithdrawn[]> {
  const inForce = alias(consents, "in_force");
  const { db } = services();
  const rows = await db
    .select({
      memberId: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      withdrawnAt: max(consents.withdrawnAt),
    })
    .from(consents)
    .innerJoin(members, eq(members.id, consents.memberId))
    .where(
      and(
        eq(consents.kind, "registry"),
        eq(consents.withdrawnBy, "member"),
        isNull(members.deletedAt),
        notExists(
          db
            .select({ id: inForce.id })
            .from(inForce)
            .where(
              and(
                eq(inForce.memberId, consents.memberId),
                eq(inForce.kind, "registry"),
                isNull(inForce.withdrawnAt),
              ),
            ),
        ),
      ),
    )
    .groupBy(members.id, members.firstName, members.middleName, members.lastName)
    .orderBy(desc(max(consents.withdrawnAt)));
  return rows.map((row) => ({
    memberId: row.memberId,
    memberName: fullName(row),
    withdrawnAt: (row.withdrawnAt ?? new Date(0)).toISOString(),
  }));
}
