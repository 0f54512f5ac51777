import { ArrowLeft, Printer } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { isServing, rosterName } from "~/lib/roster-seats";
import { useSiteFrame } from "~/lib/site-frame";
import { servicePlanPath } from "~/schemas/roster";
import { requireUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { getServicePlan } from "~/server/rosters/plans.server";
import { rosterSheet } from "~/server/rosters/roster-views.server";
import { whenText } from "~/components/roster-week";
import type { Route } from "./+types/service-print";

// One service's roster on one clean sheet (issue 36): the teams and who serves in each position,
// for the notice board or the sound desk. The members navigation and these buttons do not print.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData ? `Roster: ${loaderData.sheet.title}` : "Roster", "A roster to print.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "rosters:read");
  try {
    const plan = await getServicePlan(ministryScope(user), params.serviceId);
    const { service } = plan;
    return {
      serviceId: service.id,
      sheet: rosterSheet({
        teams: plan.teams,
        service: {
          id: service.id,
          date: service.serviceDate,
          startTime: service.startTime,
          title: service.title,
        },
      }),
    };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

export default function ServicePrint({ loaderData }: Route.ComponentProps) {
  const { sheet, serviceId } = loaderData;
  const { church } = useSiteFrame();
  return (
    <div className="mx-auto w-full max-w-3xl bg-background px-4 py-6 print:max-w-none print:p-0 print:text-[11pt]">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={servicePlanPath(serviceId)} className={buttonVariants({ variant: "ghost" })}>
          <ArrowLeft aria-hidden="true" />
          Back to the plan
        </Link>
        <button type="button" className={buttonVariants()} onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </button>
      </div>
      <header className="border-b-2 border-navy pb-2">
        <p className="text-sm text-muted-foreground print:text-black">{church.name}</p>
        <h1 className="text-2xl font-bold text-navy print:text-black">{sheet.title}</h1>
        <p className="font-medium">{whenText(sheet.date, sheet.startTime)}</p>
      </header>
      {sheet.teams.length === 0 ? (
        <p className="mt-4">No team needs anyone that day.</p>
      ) : (
        <div
          className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2 print:gap-3"
          data-testid="print-roster"
        >
          {sheet.teams.map((team) => (
            <section key={team.name} className="break-inside-avoid">
              <h2 className="border-b border-border pb-1 text-lg font-semibold text-navy print:text-black">
                {team.name}
              </h2>
              <table className="mt-1 w-full text-sm">
                <tbody>
                  {team.positions.map((position) => (
                    <tr key={position.name} className="align-top">
                      <th scope="row" className="w-2/5 py-0.5 pr-2 text-left font-medium">
                        {position.name}
                      </th>
                      <td className="py-0.5">
                        {[
                          ...position.people.filter((person) => isServing(person.status)).map(rosterName),
                          ...position.people
                            .filter((person) => !isServing(person.status))
                            .map(() => "________"),
                          ...Array.from({ length: position.open }, () => "________"),
                        ].join(", ") || "-"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
