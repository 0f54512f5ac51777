import { Link } from "react-router";
import { StaffCard } from "~/components/staff-accounts";
import { schedulePath, servicePlanPath } from "~/schemas/roster";
import type { SeatView } from "~/server/rosters/plans.server";
import type { WeekRoster } from "~/server/rosters/roster-views.server";
import { SeatStatus, whenText } from "./roster-parts";

// The next main service's roster across the teams a person looks after (issue 36).

/** A position's seats as a line: each person with their status, then the seats still open. */
export function SeatsLine({ seats }: { seats: SeatView[] }) {
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

export function WeekRosterCard({ roster }: { roster: WeekRoster }) {
  const { service, teams } = roster;
  return (
    <StaffCard
      id="week-heading"
      title="This week"
      description={
        <>
          {service.title}, {whenText(service.date, service.startTime)}
          {service.id ? (
            <>
              {" · "}
              <Link
                to={servicePlanPath(service.id)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Its plan, to print or send
              </Link>
            </>
          ) : null}
        </>
      }
    >
      {teams.length === 0 ? (
        <p className="text-sm text-muted-foreground">No team needs anyone that day.</p>
      ) : (
        <div className="grid gap-4" data-testid="week-roster">
          {teams.map((team) => (
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
        </div>
      )}
    </StaffCard>
  );
}
