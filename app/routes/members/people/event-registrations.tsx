import { ClipboardCheck } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { buttonVariants } from "~/components/ui/button";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { attendanceByEvent, type AttendanceRow } from "~/server/people/check-in.server";
import { ExportButton } from "~/components/export-button";
import { RegistrationGroups } from "~/components/registration-groups";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/server/auth/guards.server";
import { registrationGroupsView, listEventRegistrations } from "~/server/people/registrations.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/event-registrations";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Event Registrations", "Who registered for each event, newest first.");
}

/** How far back the attendance table reaches. */
const ATTENDANCE_DAYS = 90;

export async function loader({ request }: Route.LoaderArgs) {
  // Events belong to no ministry: a role limited to ministries never reaches them.
  await requireUser(request, "event-registrations:read");
  return loadOrEmpty(
    "registrations",
    async () => {
      const [rows, attendance] = await Promise.all([
        listEventRegistrations(),
        attendanceByEvent(addDays(todayInChurchZone(), -ATTENDANCE_DAYS)),
      ]);
      return {
        ...registrationGroupsView(rows),
        attendance: attendance.map((row) => ({ ...row, date: formatDate(row.eventDate) })),
      };
    },
    {
      total: 0,
      groups: [] as ReturnType<typeof registrationGroupsView>["groups"],
      attendance: [] as (AttendanceRow & { date: string })[],
    },
  );
}

/** Each event of the last months and to come: seats taken, who came, and the way to its door list. */
function Attendance({ rows }: { rows: (AttendanceRow & { date: string })[] }) {
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="attendance"
      className="min-w-0 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5"
    >
      <h2 id="attendance" className="text-lg font-semibold text-navy">
        Check-in and Attendance
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Events of the last {ATTENDANCE_DAYS} days and to come. Open an event&apos;s check-in list at the door.
      </p>
      <ul className="mt-3 grid gap-2">
        {rows.map((row) => (
          <li
            key={row.id}
            data-testid="attendance-row"
            className="flex flex-col gap-2 rounded-lg border border-border p-3 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium text-navy">{row.title}</p>
              <p className="text-sm text-muted-foreground">
                {row.date} · {row.confirmed}
                {row.capacity === null ? " registered" : ` of ${row.capacity} seats taken`} · {row.arrived}{" "}
                arrived
              </p>
            </div>
            <Link
              to={`/members/events/${row.id}/check-in`}
              className={buttonVariants({ variant: "outline", className: "min-h-11 shrink-0" })}
            >
              <ClipboardCheck aria-hidden="true" />
              Check-in<span className="sr-only"> for {row.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function EventRegistrations({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      title="Event Registrations"
      description="Who registered for each event, newest first."
      actions={
        <ExportButton
          href="/members/registrations/export/event"
          count={loaderData.total}
          label="Export All"
        />
      }
    >
      <div className="grid grid-cols-1 gap-6">
        <Attendance rows={loaderData.attendance} />
        <RegistrationGroups
          groups={loaderData.groups}
          total={loaderData.total}
          loadFailed={loaderData.loadFailed}
          showMessage={true}
          emptyText="No one has registered for an event yet."
        />
      </div>
    </AdminScreen>
  );
}
