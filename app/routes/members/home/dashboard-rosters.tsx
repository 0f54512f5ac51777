import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { RosterAlertsList, type RosterAlertView } from "~/components/roster-alerts";
import { WeekRosterTeams, whenText, type WeekRosterView } from "~/components/roster-week";
import { cn } from "~/lib/utils";
import { schedulePath, servicePlanPath } from "~/schemas/roster";

/** A large church's many teams stay on the rosters screen: the dashboard shows the first few. */
const DASHBOARD_TEAMS = 5;

/**
 * Serving rosters (issue 36), for those who plan or read them: the next main service's roster
 * across their teams, and the seats of the next 3 days that need attention.
 */
export function RostersPanel({ week, alerts }: { week: WeekRosterView | null; alerts: RosterAlertView[] }) {
  const link = "font-medium text-primary underline-offset-4 hover:underline";
  return (
    <section
      aria-labelledby="rosters-heading"
      data-testid="rosters-panel"
      className={cn(
        "mt-8 rounded-xl border p-5 shadow-sm sm:p-6",
        alerts.length > 0 ? "border-gold bg-gold/5" : "border-border bg-card",
      )}
    >
      <h2 id="rosters-heading" className="flex items-center gap-2 text-lg font-semibold text-navy">
        <CalendarCheck className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
        Serving this week
      </h2>
      {week ? (
        <div className="mt-2 grid gap-3" data-testid="dashboard-week-roster">
          <p className="text-sm text-muted-foreground">
            {week.service.title}, {whenText(week.service.date, week.service.startTime)}
            {week.service.id ? (
              <>
                {" · "}
                <Link to={servicePlanPath(week.service.id)} className={link}>
                  Its plan, to print or send
                </Link>
              </>
            ) : null}
          </p>
          <WeekRosterTeams roster={week} schedulePath={schedulePath} limit={DASHBOARD_TEAMS} />
        </div>
      ) : null}
      {alerts.length > 0 ? (
        <div className="mt-4">
          <h3 className="font-semibold text-navy">Needs attention in the next 3 days</h3>
          <div className="mt-1">
            <RosterAlertsList alerts={alerts} limit={8} />
          </div>
        </div>
      ) : null}
      <p className="mt-3 text-sm">
        <Link to="/members/rosters" className={link}>
          Rosters: teams and schedules
        </Link>
      </p>
    </section>
  );
}
