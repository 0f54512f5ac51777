import { Link } from "react-router";
import { formatDate, formatTime12 } from "~/lib/format";
import { SEAT_STATUS_LABELS, SEAT_STATUS_TONES, type RosterSlotStatus } from "~/lib/roster-seats";
import { StatusBadge } from "./status-badge";

// A service's roster as people read it (issue 36): a seat's status, a position's seats on a line,
// and the week's roster by team. On the rosters screen, a service's plan and the dashboard.

export interface SeatLineView {
  seat: number;
  holder: { name: string; status: RosterSlotStatus; declineReason: string | null } | null;
  /** Held beyond what the plan now needs. */
  extra: boolean;
}

export interface WeekRosterView {
  service: { id: string | null; date: string; startTime: string | null; title: string };
  teams: { id: string; name: string; positions: { id: string; name: string; seats: SeatLineView[] }[] }[];
}

/** "Fri 11 Dec 2026, 3:30 PM". */
export function whenText(date: string, startTime: string | null) {
  return startTime ? `${formatDate(date)}, ${formatTime12(startTime)}` : formatDate(date);
}

/** A seat's status, with a decline's reason after it. */
export function SeatStatus({ status, reason }: { status: RosterSlotStatus; reason?: string | null }) {
  return (
    <>
      <StatusBadge tone={SEAT_STATUS_TONES[status]} testId="seat-status">
        {SEAT_STATUS_LABELS[status]}
      </StatusBadge>
      {status === "declined" && reason ? (
        <span className="min-w-0 break-words text-xs text-muted-foreground" data-testid="decline-reason">
          “{reason}”
        </span>
      ) : null}
    </>
  );
}

/** A position's seats as a line: each person with their status, then the seats still open. */
export function SeatsLine({ seats }: { seats: SeatLineView[] }) {
  const open = seats.filter((seat) => !seat.holder && !seat.extra).length;
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      {seats.map((seat) =>
        seat.holder ? (
          <span key={seat.seat} className="inline-flex min-w-0 max-w-full flex-wrap items-center gap-1">
            <span className="min-w-0 break-words">{seat.holder.name}</span>
            <SeatStatus status={seat.holder.status} reason={seat.holder.declineReason} />
          </span>
        ) : null,
      )}
      {open > 0 ? (
        <span className="font-medium text-destructive">
          {open === 1 ? "1 open seat" : `${open} open seats`}
        </span>
      ) : null}
    </span>
  );
}

/** The teams serving at one service (the first `limit` of them), each linked to its schedule at that date. */
export function WeekRosterTeams({
  roster,
  schedulePath,
  limit,
}: {
  roster: WeekRosterView;
  schedulePath: (teamId: string) => string;
  limit?: number;
}) {
  const { service, teams } = roster;
  if (teams.length === 0)
    return <p className="text-sm text-muted-foreground">No team needs anyone that day.</p>;
  const shown = limit === undefined ? teams : teams.slice(0, limit);
  const more = teams.length - shown.length;
  return (
    <div className="grid gap-4" data-testid="week-roster">
      {shown.map((team) => (
        <section key={team.id} aria-label={team.name}>
          <h3 className="font-semibold text-navy">
            <Link
              to={`${schedulePath(team.id)}?from=${service.date}`}
              className="underline-offset-4 hover:underline"
            >
              {team.name}
            </Link>
          </h3>
          <dl className="mt-1 grid gap-1 text-sm">
            {team.positions.map((position) => (
              <div key={position.id} className="grid gap-x-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
                <dt className="text-muted-foreground">{position.name}</dt>
                <dd>
                  <SeatsLine seats={position.seats} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {more > 0 ? (
        <p className="text-sm text-muted-foreground">
          {more === 1 ? "1 more team serves" : `${more} more teams serve`} that day: see the rosters screen.
        </p>
      ) : null}
    </div>
  );
}
