import type { ReactNode } from "react";
import { Link } from "react-router";
import { AuditEntries } from "~/components/audit-entries";
import { formatDate } from "~/lib/format";
import { MEMBER_FIELDS, type MemberFieldName } from "~/schemas/member-fields";
import type { Member } from "../../../../database/schema";
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
] as const satisfies MemberFieldName[];
export const SPIRITUAL_DETAILS = [
  "waterBaptismDate",
  "bibleStudyGroup",
  "saltGroupName",
] as const satisfies MemberFieldName[];

type DetailName = (typeof PERSONAL_DETAILS)[number] | (typeof SPIRITUAL_DETAILS)[number];

function detailOf(member: Pick<Member, DetailName | "countryCode">, name: DetailName): string {
  if (name === "mobile") return member.mobile ? `${member.countryCode} ${member.mobile}` : "N/A";
  return MEMBER_FIELDS[name].kind === "date" ? showDate(member[name]) : show(member[name]);
}

export function Details({
  member,
  names,
}: {
  member: Pick<Member, DetailName | "countryCode">;
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
