import { HandHeart, Plus } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { Pager } from "~/components/pager";
import { StaffCard } from "~/components/staff-accounts";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import { todayInChurchZone } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { requestedPage } from "~/lib/paging";
import { can } from "~/lib/permissions";
import { cn } from "~/lib/utils";
import { NEW_PRAYER, PRAYER_LISTS, PRAYER_PATH, type PrayerList } from "~/schemas/prayer";
import { requireUser } from "~/server/auth/guards.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import {
  listPrayerRequests,
  mayReadPrivate,
  type PrayerRequestView,
} from "~/server/prayer/prayer-requests.server";
import type { Route } from "./+types/prayer-requests";
import { PrayerItem } from "./prayer-pieces";

// Prayer requests (issue 38): the active ones (not answered, not expired) by default, the answered
// and the expired. A pastor sees every request with its contacts; the prayer team sees the team's
// and the shared ones by name only (the loader's rows carry no contact for them).

const LIST_WORDS: Record<PrayerList, { tab: string; empty: string }> = {
  active: { tab: "Active", empty: "No prayer requests to pray for just now." },
  answered: { tab: "Answered", empty: "No request is marked answered yet." },
  expired: { tab: "Expired", empty: "No request has expired without an answer." },
};

const isList = (value: string | null): value is PrayerList =>
  (PRAYER_LISTS as readonly string[]).includes(value ?? "");

const listHref = (list: PrayerList, page = 1) => {
  const query = new URLSearchParams();
  if (list !== "active") query.set("show", list);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `${PRAYER_PATH}?${search}` : PRAYER_PATH;
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Prayer requests", "The church's prayer requests.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "prayer:read");
  const shown = new URL(request.url).searchParams.get("show");
  const list: PrayerList = isList(shown) ? shown : "active";
  const view = { list, canWrite: can(user, "prayer:write"), pastor: mayReadPrivate(user) };
  return loadOrEmpty(
    "the prayer requests",
    async () => ({
      ...view,
      ...(await listPrayerRequests(user, list, requestedPage(request), todayInChurchZone())),
    }),
    {
      ...view,
      requests: [] as PrayerRequestView[],
      counts: { active: 0, answered: 0, expired: 0 },
      page: 1,
      pages: 1,
    },
  );
}

export default function PrayerRequests({ loaderData }: Route.ComponentProps) {
  const { list, canWrite, pastor, requests, counts, page, pages, loadFailed } = loaderData;
  useLoadFailedToast(loadFailed, "Error fetching the prayer requests");
  return (
    <AdminScreen
      title="Prayer requests"
      description={
        pastor
          ? "Every request, with who sent it and how to reach them."
          : "The requests shared with the prayer team. Private requests and contact details are for the pastors."
      }
      actions={
        canWrite ? (
          <Link to={`${PRAYER_PATH}/${NEW_PRAYER}`} className={buttonVariants()}>
            <Plus aria-hidden="true" />
            Record a request
          </Link>
        ) : null
      }
    >
      <nav aria-label="Show prayer requests" className="mb-4 flex flex-wrap gap-2 text-sm">
        {PRAYER_LISTS.map((one) => (
          <Link
            key={one}
            to={listHref(one)}
            aria-current={list === one ? "page" : undefined}
            className={cn(
              "inline-flex min-h-11 items-center rounded-full border border-border px-4",
              list === one ? "bg-primary text-primary-foreground" : "bg-background hover:bg-muted",
            )}
          >
            {LIST_WORDS[one].tab} ({counts[one]})
          </Link>
        ))}
      </nav>
      <StaffCard id="prayer-heading" title={`${LIST_WORDS[list].tab} requests`}>
        {requests.length === 0 ? (
          loadFailed ? null : (
            <StatusMessage icon={HandHeart} title={LIST_WORDS[list].empty}>
              {list === "active" ? (
                <p>
                  Requests sent from the website’s prayer page
                  {canWrite ? ", and those you record here," : ""} are listed here.
                </p>
              ) : null}
            </StatusMessage>
          )
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border" data-testid="prayer-list">
            {requests.map((request) => (
              <PrayerItem key={request.id} request={request} />
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} hrefFor={(to) => listHref(list, to)} className="mt-4" />
      </StaffCard>
    </AdminScreen>
  );
}
