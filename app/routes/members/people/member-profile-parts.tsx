import { KeyRound, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { AuditEntries } from "~/components/audit-entries";
import { DeleteMemberButton } from "~/components/member-delete-button";
import { DuplicateList } from "~/components/member-form-duplicates";
import { Button } from "~/components/ui/button";
import type { PossibleDuplicate } from "~/lib/member-duplicates";
import { formatDate } from "~/lib/format";
import { GROUP_KIND_LABELS } from "~/lib/groups";
import type { GroupKind } from "../../../../database/schema";
import { MEMBER_FIELDS, MEMBER_LANGUAGES, type MemberFieldName } from "~/schemas/member-fields";
import type { MemberRecord } from "~/server/people/members.server";
import type { Route } from "./+types/member-profile";

export function show(value: string | null | undefined): string {
  return value && value.trim() ? value : "N/A";
}

export function showDate(value: string | null | undefined): string {
  return value ? formatDate(value) : "N/A";
}

// The profile's rows, in its order; labels and formats come from the member field table.
export const PERSONAL_DETAILS = [
  "firstName",
  "middleName",
  "lastName",
  "nickname",
  "email",
  "mobile",
  "addressBh",
  "addressPh",
  "birthday",
  "gender",
  "maritalStatus",
  "spouseName",
  "weddingAnniversary",
  "membershipStatus",
  "churchPosition",
  "language",
] as const satisfies MemberFieldName[];
export const SPIRITUAL_DETAILS = [
  "waterBaptismDate",
  "bibleStudyGroup",
  "saltGroupName",
] as const satisfies MemberFieldName[];

type DetailName = (typeof PERSONAL_DETAILS)[number] | (typeof SPIRITUAL_DETAILS)[number];

function detailOf(member: Pick<MemberRecord, DetailName | "countryCode">, name: DetailName): string {
  if (name === "mobile") return member.mobile ? `${member.countryCode} ${member.mobile}` : "N/A";
  if (name === "language")
    return MEMBER_LANGUAGES.find((choice) => choice.value === member.language)?.label ?? "English";
  return MEMBER_FIELDS[name].kind === "date" ? showDate(member[name]) : show(member[name]);
}

export function Details({
  member,
  names,
}: {
  member: Pick<MemberRecord, DetailName | "countryCode">;
  names: readonly DetailName[];
}) {
  return (
    <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {names.map((name) => (
        <Detail key={name} label={MEMBER_FIELDS[name].label}>
          {detailOf(member, name)}
        </Detail>
      ))}
    </dl>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-base wrap-anywhere">{children}</dd>
    </div>
  );
}

/** The groups a member is in, each a link to the group's page. */
export function MemberGroups({
  groups,
}: {
  groups: { id: string; name: string; kind: GroupKind; isLeader: boolean }[];
}) {
  return (
    <div className="mt-5 grid gap-1">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Groups</h3>
      <ul className="flex flex-wrap gap-2" aria-label="Groups" data-testid="member-groups">
        {groups.map((group) => (
          <li key={group.id}>
            <Link
              to={`/members/groups/${group.id}`}
              className="inline-block rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-primary wrap-anywhere"
            >
              {group.name}
              <span className="font-normal">
                {" "}
                · {GROUP_KIND_LABELS[group.kind]}
                {group.isLeader ? ", leader" : ""}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ProfileCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-navy">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Who added and changed this member, and what, from the audit log: the latest first. */
export function MemberHistory({
  history,
  auditLink,
}: {
  history: Route.ComponentProps["loaderData"]["history"];
  auditLink: string | null;
}) {
  if (!history) return <p>The history could not be loaded. Please reload the page.</p>;
  const { entries, total } = history;
  if (entries.length === 0) return <p>No changes have been recorded for this member yet.</p>;
  return (
    <div className="grid gap-3">
      <AuditEntries entries={entries} label="History" showAddress={false} />
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        {total > entries.length ? `The latest ${entries.length} of ${total} entries.` : null}
        {auditLink ? (
          <Link to={auditLink} className="font-medium text-primary underline underline-offset-4">
            See this member in the audit log
          </Link>
        ) : null}
      </p>
    </div>
  );
}

/**
 * A registration that came in through the passcode form looking like a member already in the list
 * (the form said nothing, so as not to tell who is a member): staff check it, and keep both or
 * delete this one.
 */
export function PossibleDuplicateCheck({
  id,
  name,
  lookalikes,
  canWrite,
}: {
  id: string;
  name: string;
  lookalikes: PossibleDuplicate[];
  canWrite: boolean;
}) {
  return (
    <section
      aria-labelledby="duplicate-check-heading"
      data-testid="possible-duplicate-check"
      className="rounded-xl border border-gold bg-gold/10 p-5 sm:p-6"
    >
      <h2 id="duplicate-check-heading" className="flex items-center gap-2 text-lg font-semibold text-navy">
        <TriangleAlert className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
        Possible duplicate: please check
      </h2>
      <p className="mt-2 text-sm">
        This registration came in through the passcode form with the same details as{" "}
        {lookalikes.length === 1 ? "a member" : "members"} already in the list
        {lookalikes.length === 0 ? " (none of them looks the same any more)." : ":"}
      </p>
      {lookalikes.length > 0 ? <DuplicateList duplicates={lookalikes} /> : null}
      <p className="mt-3 text-sm">
        If it is the same person, add anything new from this registration to their record, then delete this
        one. If it is someone else, keep both.
      </p>
      {canWrite ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="keep-both" />
            <Button type="submit" variant="outline">
              Keep both
            </Button>
          </Form>
          <DeleteMemberButton
            id={id}
            name={name}
            fetcherKey="delete-profile-member"
            text={
              <>
                Delete this registration<span className="sr-only"> of {name}</span>
              </>
            }
          />
        </div>
      ) : null}
    </section>
  );
}

/** The member has a staff account (issue 34): its role, and a way to it for those who manage staff. */
export function StaffAccountNote({ roleName, href }: { roleName: string; href: string | null }) {
  return (
    <p
      data-testid="staff-account-note"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-border bg-background px-4 py-3 text-sm shadow-sm sm:px-6"
    >
      <span className="inline-flex items-center gap-2 font-medium text-navy">
        <KeyRound className="size-4 shrink-0" aria-hidden="true" />
        Has a staff account ({roleName})
      </span>
      {href ? (
        <Link to={href} className="font-medium text-primary underline underline-offset-4">
          Open the staff account
        </Link>
      ) : null}
    </p>
  );
}
