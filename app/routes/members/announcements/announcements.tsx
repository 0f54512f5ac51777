import { ListChecks, Megaphone, Plus } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { listAnnouncements } from "~/server/announcements/announcements.server";
import { requireUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/announcements";
import { AnnouncementStatusBadge } from "./announcement-parts";

// Announcements (issue 35): drafts, scheduled ones and those sent, newest first; a role limited
// to ministries sees those to its own ministries.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Announcements", "Announcements by e-mail and WhatsApp.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "announcements:send");
  return loadOrEmpty(
    "the announcements",
    async () => ({
      wholeChurch: can(user, "announcements:lists"),
      announcements: (await listAnnouncements(ministryScope(user))).map((row) => ({
        id: row.id,
        subject: row.subject,
        status: row.status,
        by: row.createdByName,
        when:
          row.status === "scheduled" && row.scheduledAt
            ? `Goes ${formatDateTime(row.scheduledAt)}`
            : row.startedAt
              ? `Sent ${formatDateTime(row.startedAt)}`
              : `Written ${formatDateTime(row.createdAt)}`,
      })),
    }),
    { wholeChurch: false, announcements: [] },
  );
}

export default function Announcements({ loaderData }: Route.ComponentProps) {
  const { announcements, wholeChurch, loadFailed } = loaderData;
  useLoadFailedToast(loadFailed, "Error fetching the announcements");
  return (
    <AdminScreen
      title="Announcements"
      description="E-mail the church's people who agreed to it, and hand WhatsApp the same message."
      actions={
        <div className="flex flex-wrap gap-2">
          {wholeChurch ? (
            <Link to="/members/announcements/lists" className={buttonVariants({ variant: "outline" })}>
              <ListChecks aria-hidden="true" />
              Saved lists
            </Link>
          ) : null}
          <Link to="/members/announcements/new" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            New announcement
          </Link>
        </div>
      }
    >
      {announcements.length === 0 ? (
        loadFailed ? null : (
          <StatusMessage icon={Megaphone} title="No announcements yet">
            <p>Write the first one: choose who receives it, see how many can, and send it now or later.</p>
          </StatusMessage>
        )
      ) : (
        <ul
          className="divide-y divide-border rounded-xl border border-border bg-background"
          data-testid="announcements"
        >
          {announcements.map((announcement) => (
            <li key={announcement.id}>
              <Link
                to={`/members/announcements/${announcement.id}`}
                className="grid gap-1 px-4 py-3 hover:bg-muted/50 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4"
              >
                <span className="min-w-0">
                  <span className="block break-words font-semibold text-navy">{announcement.subject}</span>
                  <span className="block text-sm text-muted-foreground">
                    {announcement.when} · {announcement.by}
                  </span>
                </span>
                <AnnouncementStatusBadge status={announcement.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AdminScreen>
  );
}
