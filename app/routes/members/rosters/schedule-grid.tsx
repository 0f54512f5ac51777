import { Link } from "react-router";
import { TableScroller } from "~/components/table-scroller";
import { formatDate, formatTime12 } from "~/lib/format";
import { servicePlanPath } from "~/schemas/roster";
import type { SeatView } from "~/server/rosters/plans.server";
import type { ScheduleGrid } from "~/server/rosters/schedule.server";
import { SeatStatus } from "~/components/roster-week";

// A team's schedule as a grid: its positions down the side, the services across (a table on a
// wide screen), or one card per service (on a phone). Every seat opens its chooser.

type Service = ScheduleGrid["services"][number];

/** The chooser's address for one seat, keeping the schedule's range for the way back. */
export function seatHref(
  teamId: string,
  grid: Pick<ScheduleGrid, "from" | "weeks">,
  service: string,
  position: string,
  seat: number,
) {
  const search = new URLSearchParams({
    service,
    position,
    seat: String(seat),
    from: grid.from,
    weeks: String(grid.weeks),
  });
  return `/members/rosters/teams/${teamId}/schedule/seat?${search}`;
}

function Seat({
  seat,
  href,
  canChange,
  label,
}: {
  seat: SeatView;
  href: string;
  canChange: boolean;
  /** "Main desk, Fri 11 Dec, seat 1" for screen readers. */
  label: string;
}) {
  const body = seat.holder ? (
    <>
      <span className="block break-words font-medium">{seat.holder.name}</span>
      {/* A decline's reason wraps in the seat's box rather than widening the date's column. */}
      <span className="flex max-w-48 flex-wrap items-center gap-1">
        <SeatStatus status={seat.holder.status} reason={seat.holder.declineReason} />
      </span>
    </>
  ) : (
    <span className="font-medium text-destructive">{canChange ? "Empty: choose" : "Empty"}</span>
  );
  const box = "block rounded-md border px-2 py-1.5 text-left text-sm";
  if (!canChange)
    return (
      <div className={`${box} border-border bg-background`} data-testid="seat">
        {body}
      </div>
    );
  return (
    <Link
      to={href}
      className={`${box} min-h-11 hover:bg-muted ${seat.holder ? "border-border bg-background" : "border-dashed border-destructive/50 bg-destructive/5"}`}
      data-testid="seat"
      aria-label={`${label}: ${seat.holder ? seat.holder.name : "empty"}`}
    >
      {body}
    </Link>
  );
}

function Cell({
  grid,
  service,
  index,
  canWrite,
}: {
  grid: ScheduleGrid;
  service: Service;
  index: number;
  canWrite: boolean;
}) {
  const position = grid.positions[index]!;
  const cell = service.cells[index]!;
  if (cell.seats.length === 0) return <span className="text-sm text-muted-foreground">Not needed</span>;
  return (
    <div className="grid gap-1.5">
      {cell.seats.map((seat) => (
        <Seat
          key={seat.seat}
          seat={seat}
          href={seatHref(grid.team.id, grid, service.id, position.id, seat.seat)}
          canChange={canWrite && !service.isPast}
          label={`${position.name}, ${formatDate(service.date)}${cell.seats.length > 1 ? `, seat ${seat.seat}` : ""}`}
        />
      ))}
    </div>
  );
}

function ServiceHeading({ service }: { service: Service }) {
  return (
    <>
      <Link
        to={servicePlanPath(service.id)}
        className="font-semibold text-navy underline-offset-4 hover:underline"
      >
        {formatDate(service.date)}
      </Link>
      <span className="block text-xs font-normal text-muted-foreground">
        {service.title}
        {service.startTime ? `, ${formatTime12(service.startTime)}` : ""}
        {service.kind === "event" ? " (event)" : ""}
      </span>
    </>
  );
}

export function ScheduleTable({ grid, canWrite }: { grid: ScheduleGrid; canWrite: boolean }) {
  return (
    <TableScroller
      label={`${grid.team.name} schedule`}
      className="hidden rounded-xl border border-border bg-background lg:block"
    >
      <table className="w-full min-w-max border-collapse text-sm" data-testid="schedule-table">
        <caption className="sr-only">{grid.team.name}: positions down the side, services across</caption>
        <thead>
          <tr className="border-b border-border bg-muted/50">
            <th scope="col" className="sticky left-0 bg-muted/50 p-3 text-left font-semibold">
              Position
            </th>
            {grid.services.map((service) => (
              <th key={service.id} scope="col" className="min-w-40 p-3 text-left align-top">
                <ServiceHeading service={service} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.positions.map((position, index) => (
            <tr key={position.id} className="border-b border-border last:border-b-0">
              <th
                scope="row"
                className="sticky left-0 bg-background p-3 text-left align-top font-semibold text-navy"
              >
                {position.name}
              </th>
              {grid.services.map((service) => (
                <td key={service.id} className="p-2 align-top">
                  <Cell grid={grid} service={service} index={index} canWrite={canWrite} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

export function ScheduleCards({ grid, canWrite }: { grid: ScheduleGrid; canWrite: boolean }) {
  return (
    <ol className="grid gap-4 lg:hidden" data-testid="schedule-cards">
      {grid.services.map((service) => (
        <li key={service.id} className="rounded-xl border border-border bg-background p-4 shadow-sm">
          <h2 className="text-base">
            <ServiceHeading service={service} />
          </h2>
          <dl className="mt-3 grid gap-3">
            {grid.positions.map((position, index) => (
              <div key={position.id} className="grid gap-1">
                <dt className="text-sm font-semibold text-navy">{position.name}</dt>
                <dd>
                  <Cell grid={grid} service={service} index={index} canWrite={canWrite} />
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
