import { Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { buttonVariants } from "~/components/ui/button";
import { todayInChurchZone } from "~/lib/dates";
import { formatDateUS } from "~/lib/format";
import { ageInYears } from "~/lib/member-dates";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/server/auth/guards.server";
import { getMember } from "~/server/people/members.server";
import { fullName } from "~/lib/names";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Route } from "./+types/member-profile";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Member Profile", "A member's details.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "members:read");
  const member = await getMember(params.id);
  if (!member) {
    throw await redirectWithToast(
      "/members/details",
      {
        title: "Error fetching member",
        description: "That member could not be found.",
        variant: "destructive",
      },
      request,
    );
  }
  return { member, today: todayInChurchZone() };
}

function show(value: string | null | undefined): string {
  return value && value.trim() ? value : "N/A";
}

function showDate(value: string | null | undefined): string {
  return value ? formatDateUS(value) : "N/A";
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
          <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label="First Name">{show(member.firstName)}</Detail>
            <Detail label="Middle Name">{show(member.middleName)}</Detail>
            <Detail label="Last Name">{show(member.lastName)}</Detail>
            <Detail label="Nickname">{show(member.nickname)}</Detail>
            <Detail label="Email">{show(member.email)}</Detail>
            <Detail label="Mobile">{member.mobile ? `${member.countryCode} ${member.mobile}` : "N/A"}</Detail>
            <Detail label="Address (Bahrain)">{show(member.addressBh)}</Detail>
            <Detail label="Address (Philippines)">{show(member.addressPh)}</Detail>
            <Detail label="Birthday">{showDate(member.birthday)}</Detail>
            <Detail label="Gender">{show(member.gender)}</Detail>
            <Detail label="Marital Status">{show(member.maritalStatus)}</Detail>
            <Detail label="Spouse Name">{show(member.spouseName)}</Detail>
            <Detail label="Wedding Anniversary">{showDate(member.weddingAnniversary)}</Detail>
            <Detail label="Membership Status">{show(member.membershipStatus)}</Detail>
            <Detail label="Church Position">{show(member.churchPosition)}</Detail>
          </dl>
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
          <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label="Water Baptism Date">{showDate(member.waterBaptismDate)}</Detail>
            <Detail label="Bible Study Group">{show(member.bibleStudyGroup)}</Detail>
            <Detail label="SALT Group Name">{show(member.saltGroupName)}</Detail>
          </dl>
        </Card>

        <Card title="Ministry Involvement">
          {member.ministryInvolvement.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Ministries">
              {member.ministryInvolvement.map((ministry) => (
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
          <p className="mt-1">{member.ministryRole.length > 0 ? member.ministryRole.join(", ") : "N/A"}</p>
        </Card>
      </div>
    </AdminScreen>
  );
}
