import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { listOpenGroups } from "~/server/groups/finder.server";
import type { Route } from "./+types/index";
import { finderTexts, GroupFacts } from "./finder-pieces";

// The group finder (issue 37): the groups open to newcomers, each with "Ask to join" (its own
// page with the form). A page without scripts (ADR 013).
export const clientLoader = loadAsDocument;

export async function loader() {
  return { groups: await listOpenGroups() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    finderTexts.title,
    "Bible study and SALT groups that meet through the week: find one near you and ask to join.",
  );
}

export default function GroupFinder({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={finderTexts.eyebrow}
        title={finderTexts.title}
        description={finderTexts.description}
      />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {groups.length === 0 ? (
          <p className="text-center text-muted-foreground">{finderTexts.empty}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {groups.map((group) => (
              <li
                key={group.id}
                id={`group-${group.id}`}
                className="grid content-start gap-3 rounded-2xl border border-border bg-background p-6 shadow-sm"
              >
                <h2 className="text-xl font-bold break-words text-navy">{group.name}</h2>
                <GroupFacts group={group} />
                {group.description ? (
                  <p className="text-sm break-words whitespace-pre-line text-foreground">
                    {group.description}
                  </p>
                ) : null}
                <a
                  href={`/groups/${group.id}`}
                  className={buttonVariants({ className: "mt-2 justify-self-start" })}
                  aria-label={`Ask to join ${group.name}`}
                >
                  Ask to join
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
