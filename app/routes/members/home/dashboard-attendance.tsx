import { UsersRound } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "~/lib/format";
import { ATTENDANCE_PATH, TRENDS_PATH } from "~/schemas/headcount";

export interface AttendanceGlance {
  main: string | null;
  week: string | null;
  inPerson: number | null;
  avg4: number | null;
}

/** Attendance (issue 37): the last main service's count and the 4-week average, for groups:read. */
export function AttendancePanel({ glance }: { glance: AttendanceGlance }) {
  const { main, week, inPerson, avg4 } = glance;
  return (
    <section
      aria-labelledby="attendance-heading"
      data-testid="attendance-panel"
      className="mt-8 rounded-xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="attendance-heading" className="flex items-center gap-2 text-lg font-semibold text-navy">
        <UsersRound className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
        Attendance
      </h2>
      {main && week ? (
        <dl className="mt-3 grid grid-cols-2 gap-4">
          <div>
            <dt className="text-sm text-muted-foreground">
              {main}, {formatDate(week)}
            </dt>
            <dd className="text-2xl font-bold text-navy" data-testid="attendance-last">
              {inPerson ?? "Not counted"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">4-week average</dt>
            <dd className="text-2xl font-bold text-navy" data-testid="attendance-avg4">
              {avg4 ?? "–"}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">The service times list no weekly service.</p>
      )}
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={TRENDS_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
          Attendance trends
        </Link>
        <Link to={ATTENDANCE_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
          Enter headcounts
        </Link>
      </p>
    </section>
  );
}
