import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { RosterAlertsList, type RosterAlertView } from "~/components/roster-alerts";
import { cn } from "~/lib/utils";

/** Serving rosters (issue 36): the seats of the next 3 days that need attention, for those who plan them. */
export function RostersPanel({ alerts }: { alerts: RosterAlertView[] }) {
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
        Serving rosters: needs attention
      </h2>
      <div className="mt-2">
        <RosterAlertsList alerts={alerts} limit={8} />
      </div>
      <p className="mt-3 text-sm">
        <Link to="/members/rosters" className="font-medium text-primary underline-offset-4 hover:underline">
          Rosters: this week, teams and schedules
        </Link>
      </p>
    </section>
  );
}
