import { Link } from "react-router";
import { formatDate } from "~/lib/format";
import { StatusBadge } from "./status-badge";

// What needs a roster head's attention in the next days (issue 36): on the rosters screen and the
// dashboard. Each line opens the team's schedule at that date.

export interface RosterAlertView {
  kind: "declined" | "replacing" | "unanswered" | "not-asked" | "empty";
  date: string;
  service: string;
  teamId: string;
  team: string;
  position: string;
  seat: number;
  person: string | null;
  reason: string | null;
}

const KIND_WORDS: Record<RosterAlertView["kind"], { label: string; tone: "bad" | "waiting" | "neutral" }> = {
  declined: { label: "Declined", tone: "bad" },
  replacing: { label: "Wants a replacement", tone: "bad" },
  unanswered: { label: "No answer", tone: "waiting" },
  "not-asked": { label: "Not asked yet", tone: "waiting" },
  empty: { label: "Empty", tone: "bad" },
};

/** The alerts as a list, at most `limit` of them, with how many more. */
export function RosterAlertsList({ alerts, limit = 50 }: { alerts: RosterAlertView[]; limit?: number }) {
  if (alerts.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="roster-alerts-none">
        Nothing needs attention in the next 3 days.
      </p>
    );
  const shown = alerts.slice(0, limit);
  return (
    <>
      <ul className="divide-y divide-border" data-testid="roster-alerts">
        {shown.map((alert) => (
          <li
            key={`${alert.date} ${alert.teamId} ${alert.position} ${alert.seat}`}
            className="flex items-start justify-between gap-3 py-2 text-sm"
          >
            <span className="min-w-0">
              <Link
                to={`/members/rosters/teams/${alert.teamId}/schedule?from=${alert.date}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {alert.team}: {alert.position}
                {alert.seat > 1 ? ` (seat ${alert.seat})` : ""}
              </Link>
              <span className="block text-muted-foreground">
                {formatDate(alert.date)} · {alert.service}
                {alert.person ? ` · ${alert.person}` : ""}
                {alert.reason ? ` · “${alert.reason}”` : ""}
              </span>
            </span>
            <StatusBadge tone={KIND_WORDS[alert.kind].tone} testId="roster-alert-kind">
              {KIND_WORDS[alert.kind].label}
            </StatusBadge>
          </li>
        ))}
      </ul>
      {alerts.length > shown.length ? (
        <p className="mt-2 text-sm text-muted-foreground">
          And {alerts.length - shown.length} more on the{" "}
          <Link to="/members/rosters" className="text-primary underline-offset-4 hover:underline">
            Rosters
          </Link>{" "}
          screen.
        </p>
      ) : null}
    </>
  );
}
