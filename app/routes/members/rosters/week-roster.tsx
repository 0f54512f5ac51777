import { Link } from "react-router";
import { WeekRosterTeams, whenText, type WeekRosterView } from "~/components/roster-week";
import { StaffCard } from "~/components/staff-accounts";
import { schedulePath, servicePlanPath } from "~/schemas/roster";

// The next main service's roster across the teams a person looks after (issue 36).

export function WeekRosterCard({ roster }: { roster: WeekRosterView }) {
  const { service } = roster;
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
      <WeekRosterTeams roster={roster} schedulePath={schedulePath} />
    </StaffCard>
  );
}
