import { Link } from "react-router";
import { UserX } from "lucide-react";
import { AdminScreen } from "~/components/admin-screen";
import { buttonVariants } from "~/components/ui/button";
import { can } from "~/lib/permissions";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/server/auth/guards.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { countLines, personalDataSummary } from "~/server/people/personal-data.server";
import { ExportForm } from "./person-data-parts";
import type { Route } from "./+types/member-data";

// Privacy (issues 23 and 33): "Export data" on a member's profile. What the file holds (the
// member and what came in with their e-mail address), and the possible matches, rows that only
// share their mobile or look like their address, which staff tick one by one to include; none is
// included by default. The download itself is member-export.ts.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Export data", "Everything held about a member, in one file.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "members:export");
  const summary = await personalDataSummary({ memberId: params.id });
  if (!summary) {
    throw await redirectWithToast(
      "/members/details",
      {
        title: "Error fetching member",
        description: "That member could not be found.",
        variant: "destructive",
      },
      request,
    );
  }
  return { ...summary, holds: countLines(summary.counts), canErase: can(user, "members:erase") };
}

export default function MemberData({ loaderData }: Route.ComponentProps) {
  const { id, name, email, isDeleted, holds, possibleMatches, canErase } = loaderData;
  return (
    <AdminScreen
      title={`Export data of ${name}`}
      description="Everything the site holds about this member, in one file to give them."
      backTo={isDeleted ? "/members/deleted" : `/members/profile/${id}`}
      backLabel={isDeleted ? "Back to Recently deleted" : "Back to Profile"}
      actions={
        canErase ? (
          <Link to={`/members/profile/${id}/erase`} className={buttonVariants({ variant: "outline" })}>
            <UserX aria-hidden="true" />
            Erase person
          </Link>
        ) : undefined
      }
    >
      <ExportForm
        action={`/members/profile/${id}/export`}
        holdsText={
          email
            ? `The member record, and what came in with their e-mail address (${email}).`
            : "The member record. They have no e-mail address, so nothing else is surely theirs."
        }
        holds={holds}
        matches={possibleMatches}
      />
    </AdminScreen>
  );
}
