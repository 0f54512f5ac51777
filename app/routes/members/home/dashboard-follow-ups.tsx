import { HeartHandshake } from "lucide-react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/status-badge";
import { formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";
import { CARE_PATH, followUpPath } from "~/schemas/care";
import { DIGEST_SETTINGS_PATH } from "~/schemas/follow-up-digest";
import type { MyFollowUps } from "~/server/care/my-follow-ups.server";

const link = "font-medium text-primary underline-offset-4 hover:underline";

/**
 * Care (issue 38): the follow-ups assigned to the signed-in account, soonest due first, for those
 * who see follow-ups; the overdue ones are flagged and counted.
 */
export function FollowUpsPanel({ mine }: { mine: MyFollowUps }) {
  const { rows, total, overdue } = mine;
  return (
    <section
      aria-labelledby="follow-ups-heading"
      data-testid="follow-ups-panel"
      className="mt-8 rounded-xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h2 id="follow-ups-heading" className="flex items-center gap-2 text-lg font-semibold text-navy">
          <HeartHandshake className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
          My follow-ups
        </h2>
        {total > 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="follow-ups-counts">
            {total} open
            {overdue > 0 ? (
              <>
                , <strong className="text-destructive">{overdue} overdue</strong>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Nothing to follow up: no one is waiting for a call or a visit from you.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-border" data-testid="follow-ups-list">
          {rows.map((row) => (
            <li key={row.id} className="py-2.5 first:pt-0 last:pb-0">
              <Link
                to={followUpPath(row.id)}
                className="group flex flex-col gap-0.5 rounded-md sm:flex-row sm:items-start sm:justify-between sm:gap-4"
              >
                <span className="min-w-0">
                  <span className="font-medium text-primary wrap-anywhere group-hover:underline">
                    {row.name}
                  </span>
                  <span className="text-sm text-foreground"> · {row.reason}</span>
                  {row.step ? (
                    <span className="block text-sm text-muted-foreground">Next: {row.step}</span>
                  ) : null}
                </span>
                <span className="flex shrink-0 items-center gap-2 text-sm text-muted-foreground">
                  {row.overdue ? <StatusBadge tone="bad">Overdue</StatusBadge> : null}
                  <span
                    className={cn(row.overdue && "text-destructive", row.dueToday && "font-medium text-navy")}
                  >
                    {row.dueToday ? "Due today" : `Due ${formatDate(row.dueOn)}`}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={CARE_PATH} className={link}>
          See all follow-ups
        </Link>
        <Link to={DIGEST_SETTINGS_PATH} className={link}>
          Daily e-mail
        </Link>
      </p>
    </section>
  );
}
