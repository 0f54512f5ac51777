import { AdminScreen } from "~/components/admin-screen";
import { ClipboardCheck, TrendingUp } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { can } from "~/lib/permissions";
import { TRENDS_PATH } from "~/schemas/headcount";
import { ExportButton } from "~/components/export-button";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { NativeSelect } from "~/components/ui/select";
import { choiceFor } from "~/content/member-options";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { formatDate, formatDateTime } from "~/lib/format";
import { REPORT_WINDOW_DAYS } from "~/lib/member-dates";
import { Pager } from "~/components/pager";
import { pageMeta } from "~/lib/meta";
import { requestedPage } from "~/lib/paging";
import { requireUser } from "~/server/auth/guards.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import {
  membersByStatus,
  membersInMinistry,
  membershipCounts,
  ministryBreakdown,
  newMembersPerMonth,
  upcomingAnniversaries,
  upcomingBirthdays,
} from "~/server/people/member-reports.server";
import { loadMemberOptions } from "~/server/people/members.server";
import { listVisitorsPage } from "~/server/people/visitors.server";
import { attendanceByEvent } from "~/server/people/check-in.server";
import { fullName } from "~/lib/names";
import type { Member } from "../../../../database/schema";
import { ReportPanel, ReportTable } from "./report-panel";
import { MembershipReports } from "./reports-membership";
import type { Route } from "./+types/reports";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Reports",
    "Birthdays, anniversaries, membership and ministry reports with CSV exports.",
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "reports:read");
  const canSeeAttendance = can(user, "groups:read");
  const today = todayInChurchZone();
  const url = new URL(request.url);
  const options = await loadMemberOptions();
  // The filter names a ministry by its name, as the select shows it; a slug is understood too.
  const chosen = choiceFor(url.searchParams.get("ministry") ?? "", options.ministries);
  const ministry = chosen?.label ?? "";
  const ministrySlug = chosen?.value ?? "";
  const ministryNames = options.ministries.map((choice) => choice.label);
  const visitorsPage = requestedPage(request, "visitors");
  const person = (
    m: Pick<Member, "firstName" | "middleName" | "lastName" | "email" | "countryCode" | "mobile">,
  ) => ({
    name: fullName(m),
    email: m.email,
    mobile: `${m.countryCode} ${m.mobile}`,
  });
  return loadOrEmpty(
    "reports",
    async () => {
      const [
        birthdays,
        anniversaries,
        counts,
        breakdown,
        statuses,
        newMembers,
        visitors,
        ministryMembers,
        attendance,
      ] = await Promise.all([
        upcomingBirthdays(today),
        upcomingAnniversaries(today),
        membershipCounts(),
        ministryBreakdown(),
        membersByStatus(),
        newMembersPerMonth(today),
        listVisitorsPage(visitorsPage),
        chosen ? membersInMinistry(chosen.value) : Promise.resolve([]),
        attendanceByEvent(addDays(today, -ATTENDANCE_REPORT_DAYS), today),
      ]);
      return {
        canSeeAttendance,
        ministry,
        ministrySlug,
        ministryNames,
        birthdays: birthdays.map(({ item, date, daysAway, years }) => ({
          id: item.id,
          ...person(item),
          date,
          daysAway,
          years,
        })),
        anniversaries: anniversaries.map(({ item, date, daysAway, years }) => ({
          id: item.id,
          ...person(item),
          spouseName: item.spouseName,
          date,
          daysAway,
          years,
        })),
        counts,
        breakdown,
        statuses,
        newMembers,
        visitors: visitors.rows.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
        visitorPages: { page: visitors.page, pages: visitors.pages, total: visitors.total },
        ministryMembers: ministryMembers.map((m) => ({
          id: m.id,
          ...person(m),
          roles: m.roleNames.join(", "),
        })),
        // The events that have taken place, the latest first, with who registered and who came.
        attendance: attendance
          .filter((row) => row.confirmed > 0 || row.arrived > 0)
          .reverse()
          .map(({ id, title, eventDate, confirmed, arrived }) => ({
            id,
            title,
            eventDate,
            confirmed,
            arrived,
          })),
      };
    },
    {
      canSeeAttendance,
      ministry,
      ministrySlug,
      ministryNames,
      birthdays: [],
      anniversaries: [],
      counts: { total: 0, active: 0 },
      breakdown: [] as Awaited<ReturnType<typeof ministryBreakdown>>,
      statuses: [] as Awaited<ReturnType<typeof membersByStatus>>,
      newMembers: [] as Awaited<ReturnType<typeof newMembersPerMonth>>,
      visitors: [],
      visitorPages: { page: 1, pages: 1, total: 0 },
      ministryMembers: [],
      attendance: [] as {
        id: string;
        title: string;
        eventDate: string;
        confirmed: number;
        arrived: number;
      }[],
    },
  );
}

/** How far back the event attendance report reaches. */
const ATTENDANCE_REPORT_DAYS = 365;

export default function Reports({ loaderData }: Route.ComponentProps) {
  const {
    loadFailed,
    ministry,
    ministrySlug,
    ministryNames,
    visitors,
    visitorPages,
    ministryMembers,
    attendance,
    canSeeAttendance,
  } = loaderData;
  const submit = useSubmit();

  useLoadFailedToast(loadFailed, "Error fetching reports");

  return (
    <AdminScreen
      title="Reports"
      description={`Upcoming dates look ${REPORT_WINDOW_DAYS} days ahead from today.`}
      actions={
        canSeeAttendance ? (
          <Link to={TRENDS_PATH} className={buttonVariants({ variant: "outline" })}>
            <TrendingUp aria-hidden="true" />
            Attendance trends
          </Link>
        ) : null
      }
    >
      <MembershipReports {...loaderData} />

      <div className="mt-6 grid gap-6">
        <ReportPanel
          title="Members by Ministry"
          actions={
            ministry ? (
              <ExportButton
                href={`/members/reports/export/ministry?${new URLSearchParams({ slug: ministrySlug })}`}
                count={ministryMembers.length}
              />
            ) : null
          }
        >
          <Form
            method="get"
            className="flex max-w-md items-end gap-2"
            onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
          >
            <div className="grid flex-1 gap-2">
              <label htmlFor="ministry-filter" className="text-sm font-medium">
                Ministry
              </label>
              <NativeSelect id="ministry-filter" name="ministry" defaultValue={ministry}>
                <option value="">Choose a ministry</option>
                {ministryNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <noscript>
              <button type="submit" className="h-11 rounded-md border border-input px-4">
                Show
              </button>
            </noscript>
          </Form>
          {ministry ? (
            <div className="mt-4">
              <ReportTable
                label={`Members of ${ministry}`}
                headers={["Name", "Email", "Mobile", "Ministry Role"]}
                empty={`No members in ${ministry} yet.`}
                rows={ministryMembers.map((m) => [m.name, m.email, m.mobile, m.roles || "N/A"])}
              />
            </div>
          ) : null}
        </ReportPanel>

        <ReportPanel
          title="Event Attendance"
          icon={<ClipboardCheck className="size-5" aria-hidden="true" />}
          actions={
            <ExportButton
              href="/members/registrations/export/event"
              count={attendance.length}
              label="Registrations CSV"
            />
          }
        >
          <p className="mb-3 text-sm text-muted-foreground">
            Events of the last 12 months, the latest first: who registered and who was checked in at the door.
          </p>
          <ReportTable
            label="Event Attendance"
            headers={["Event", "Date", "Registered", "Arrived", "Came"]}
            empty="No event of the last 12 months had registrations."
            rows={attendance.map((row) => [
              <a
                key="e"
                href={`/members/events/${row.id}/check-in`}
                className="font-medium text-navy underline"
              >
                {row.title}
              </a>,
              <span key="d" className="whitespace-nowrap">
                {formatDate(row.eventDate)}
              </span>,
              row.confirmed,
              row.arrived,
              row.confirmed > 0 ? `${Math.round((row.arrived / row.confirmed) * 100)}%` : "-",
            ])}
          />
        </ReportPanel>

        <ReportPanel
          title="Visitors"
          actions={<ExportButton href="/members/reports/export/visitors" count={visitorPages.total} />}
        >
          <ReportTable
            label="Visitors"
            headers={["Name", "Mobile", "Email", "Message", "Date"]}
            empty="No visitors yet."
            rows={visitors.map((v) => [
              v.name,
              v.mobile,
              v.email,
              <span key="m" className="block max-w-md whitespace-pre-wrap break-words">
                {v.message}
              </span>,
              <span key="d" className="whitespace-nowrap">
                {formatDateTime(v.createdAt)}
              </span>,
            ])}
          />
          {/* Fifty at a time, newest first; the CSV export has every visitor. */}
          <Pager
            page={visitorPages.page}
            pages={visitorPages.pages}
            hrefFor={(target) =>
              `?${new URLSearchParams({ ...(ministry ? { ministry } : {}), visitors: String(target) })}`
            }
            previousLabel="Newer visitors"
            nextLabel="Older visitors"
            className="mt-4"
          />
        </ReportPanel>
      </div>
    </AdminScreen>
  );
}
