import { labelsOf } from "~/content/member-options";
import { formatDateTime } from "~/lib/format";
import { fullName } from "~/lib/names";
import { logChange, type Actor } from "../platform/change-log.server";
import { readableCareData, type CareReader } from "../care/care-personal-data.server";
import { services } from "../platform/services.server";
import { loadMemberOptions, ministryAndRoleNames } from "./members.server";
import {
  gather,
  countsOf,
  PERSONAL_DATA_KINDS,
  type Gathered,
  type PersonKey,
  type PossibleMatch,
  type MatchSource,
  type PersonalDataKind,
  type GatherOptions,
  countInWords,
} from "./personal-data-gather.server";

// A person's data as the screens and the download show it, and the audit entry of an export.

/** How the screens and the file name the person: the member's name, or the address. */
export function personName(found: Pick<Gathered, "member" | "addresses">): string {
  return found.member ? fullName(found.member) : (found.addresses[0] ?? "");
}

/** The earliest moment anything about the person was stored (their first record). */
export function firstRecordAt(found: Gathered): Date | null {
  const times = [
    found.member?.createdAt,
    ...found.ministryRegistrations.map((row) => row.createdAt),
    ...found.eventRegistrations.map((row) => row.createdAt),
    ...found.connectMessages.map((row) => row.createdAt),
    ...found.inboxItems.map((row) => row.createdAt),
    ...found.emails.map((row) => row.createdAt),
  ]
    .filter((time): time is Date => time instanceof Date)
    .map((time) => time.getTime());
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/**
 * Everything held about the person, for the download; null when there is none. `ownCopy` is a
 * member's own download from their update link (see GatherOptions); `matches` the possible
 * matches staff ticked. The possible matches themselves are never in the file. A staff download
 * holds care's private texts only as far as `careReader` (the account taking it) may read them
 * (issue 38); the person's own copy holds them all.
 */
export async function collectPersonalData(
  key: PersonKey,
  options: Pick<GatherOptions, "ownCopy" | "matches"> & { careReader?: CareReader } = {},
) {
  const [gathered, memberOptions] = await Promise.all([
    gather(services().db, key, options),
    loadMemberOptions(),
  ]);
  if (!gathered) return null;
  const { possibleMatches, ...all } = gathered;
  const found =
    options.ownCopy !== undefined
      ? all
      : readableCareData(all, options.careReader ?? { pastoral: false, prayer: false });
  const member = found.member
    ? { ...found.member, ...ministryAndRoleNames(found.member, memberOptions) }
    : null;
  return {
    exportedAt: new Date().toISOString(),
    name: personName(found),
    ownCopy: options.ownCopy !== undefined,
    confirmedMatches: possibleMatches.filter((match) => match.chosen).length,
    ...found,
    member,
    counts: countsOf({ ...found, possibleMatches }),
  };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof collectPersonalData>>>;

/** A possible match as the screens show it, with a box to tick. */
export interface MatchView {
  key: string;
  /** "Connect message", "Ministry sign-up: Amplify", "Event registration: Family Day". */
  what: string;
  name: string;
  email: string;
  mobile: string;
  when: string;
  /** "Same mobile", "Similar e-mail", or both. */
  why: string;
  chosen: boolean;
}

const SOURCE_NAMES: Record<MatchSource, string> = {
  connect: "Connect message",
  ministry: "Ministry sign-up",
  event: "Event registration",
};

/** The possible matches as the screens list them (ministries by their names). */
export async function describeMatches(matches: PossibleMatch[]): Promise<MatchView[]> {
  const { ministries } = await loadMemberOptions();
  return matches.map((match) => {
    const about =
      match.source === "ministry" && match.about
        ? (labelsOf([match.about], ministries)[0] ?? match.about)
        : match.about;
    return {
      key: match.key,
      what: about ? `${SOURCE_NAMES[match.source]}: ${about}` : SOURCE_NAMES[match.source],
      name: match.name,
      email: match.email,
      mobile: match.mobile,
      when: formatDateTime(match.createdAt),
      why: [match.sameMobile ? "Same mobile" : "", match.similarEmail ? "Similar e-mail" : ""]
        .filter(Boolean)
        .join(", "),
      chosen: match.chosen,
    };
  });
}

/** The ticked possible matches of a form or a query string: "connect:{id}" keys, at most 200. */
export function matchesOf(values: FormData | URLSearchParams): string[] {
  return values
    .getAll("match")
    .map(String)
    .filter((value) => /^(connect|ministry|event):[0-9a-f-]{36}$/i.test(value))
    .slice(0, 200);
}

/** What the person's export (or erasure) holds, as counts, and the possible matches to tick. */
export async function personalDataSummary(key: PersonKey, matches: readonly string[] = []) {
  const found = await gather(services().db, key, { matches });
  if (!found) return null;
  return {
    id: found.member?.id ?? null,
    name: personName(found),
    email: found.addresses[0] ?? "",
    isDeleted: found.member ? found.member.deletedAt !== null : false,
    counts: countsOf(found),
    possibleMatches: await describeMatches(found.possibleMatches),
  };
}

/** The kinds with at least one record, in words ("3 inbox entries"), for the screens' lists. */
export function countLines(counts: Record<PersonalDataKind, number>) {
  return PERSONAL_DATA_KINDS.filter((kind) => counts[kind] > 0).map((kind) => ({
    kind,
    text: countInWords(kind, counts[kind]),
  }));
}

/**
 * Taking a person's data out as a file, in the audit log: by staff (a member from their profile,
 * someone outside the registry by their address), or by the member with their update link.
 */
export async function recordExport(
  data: Pick<PersonalData, "member" | "name" | "addresses" | "confirmedMatches">,
  actor: Actor | "member",
  format: string,
) {
  const details = {
    format,
    ...(data.confirmedMatches > 0 ? { confirmedMatches: data.confirmedMatches } : {}),
    ...(actor === "member" ? { by: "the member" } : {}),
  };
  await logChange(
    services().db,
    actor === "member" ? "visitor" : actor,
    data.member ? "member.exported" : "person.exported",
    {
      subject: data.member
        ? { type: "member", id: data.member.id, label: data.name }
        : { type: "person", label: data.addresses[0] ?? null },
      details,
    },
  );
}
