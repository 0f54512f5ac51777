import { Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { buttonVariants } from "~/components/ui/button";
import { todayInChurchZone } from "~/lib/dates";
import { formatDateUS } from "~/lib/format";
import { ageInYears } from "~/lib/member-dates";
import { pageMeta } from "~/lib/meta";
import { MEMBER_FIELDS, type MemberFieldName } from "~/schemas/member-fields";
import { requireUser } from "~/server/auth/guards.server";
import { getMemberProfile } from "~/server/people/members.server";
import { fullName } from "~/lib/names";
import { memberOrBackToList } from "~/server/people/member-screens.server";
import type { Member } from "../../../database/schema";
import type { Route } from "./+types/member-profile";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Member Profile", "A member's details.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "members:read");
  const member = await memberOrBackToList(request, await getMemberProfile(params.id));
  return { member, today: todayInChurchZone() };
}

function show(value: string | null | undefined): string {
  return value && value.trim() ? value : "N/A";
}

function showDate(value: string | null | undefined): string {
  return value ? formatDateUS(value) : "N/A";
}

// The profile's rows, in its order; labels and formats come from the member field table.
const PERSONAL_DETAILS = [
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
const SPIRITUAL_DETAILS = [
  "waterBaptismDate",
  "bibleStudyGroup",
  "saltGroupName",
] as const satisfies MemberFieldName[];

type DetailName = (typeof PERSONAL_DETAILS)[number] | (typeof SPIRITUAL_DETAILS)[number];

function detailOf(member: Pick<Member, DetailName | "countryCode">, name: DetailName): string {
  if (name === "mobile") return member.mobile ? `${member.countryCode} ${member.mobile}` : "N/A";
  return MEMBER_FIELDS[name].kind === "date" ? showDate(member[name]) : show(member[name]);
}

function Details({
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
      <dd className="text-base break-words">{children}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-border bg-background p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-navy">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function MemberProfile({ loaderData }: Route.ComponentProps) {
  const { member, today } = loaderData;
  const children = member.children ?? [];
  const hasChildren = Boolean(children[0]?.name);
  return (
    <AdminScreen
      title={fullName(member)}
      description={member.nickname ? `“${member.nickname}”` : undefined}
      backTo="/members/details"
      backLabel="Back to List"
      actions={
        <Link to={`/members/edit/${member.id}`} className={buttonVariants()}>
          <Pencil aria-hidden="true" />
          Edit Profile
        </Link>
      }
    >
      <div className="grid gap-6">
        <Card title="Personal Information">
          <Details member={member} names={PERSONAL_DETAILS} />
        </Card>

        {hasChildren ? (
          <Card title="Children Information">
            <ul className="grid gap-3 sm:grid-cols-2">
              {children.map((child, index) => (
                <li key={index} className="rounded-lg border border-border p-4" data-testid="profile-child">
                  <p className="font-semibold">{show(child.name)}</p>
                  <p className="text-sm text-muted-foreground">
                    Birthday: {showDate(child.birthday)} · Age: {ageInYears(child.birthday, today) ?? "N/A"} ·
                    Gender: {show(child.gender)}
                  </p>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}

        <Card title="Spiritual Information">
          <Details member={member} names={SPIRITUAL_DETAILS} />
        </Card>

        <Card title="Ministry Involvement">
          {member.ministryNames.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Ministries">
              {member.ministryNames.map((ministry) => (
                <li
                  key={ministry}
                  className="rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-primary"
                >
                  {ministry}
                </li>
              ))}
            </ul>
          ) : (
            <p>N/A</p>
          )}
          <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            Ministry Role
          </p>
          <p className="mt-1">{member.roleNames.length > 0 ? member.roleNames.join(", ") : "N/A"}</p>
        </Card>
      </div>
    </AdminScreen>
  );
}
