import type { ReactNode } from "react";
import { Form } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ChangeNotice } from "~/components/change-notice";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { formatDateLong } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { GROUPS_PATH } from "~/schemas/groups";
import { requireUser } from "~/server/auth/guards.server";
import { askForFollowUp, followUpKey, openFollowUps } from "~/server/groups/follow-ups.server";
import {
  absentMembers,
  lapsedAttenders,
  REGULAR_MIN_WEEKS,
  REGULAR_WEEKS,
  SERVICE_ABSENT_WEEKS,
} from "~/server/groups/not-seen.server";
import { refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import type { Route } from "./+types/not-seen";

// "Not seen lately" (issue 37): members absent from their group's last meetings, and regular
// attenders of services not checked in lately, each with a one-click "Follow up" (a care
// follow-up, issue 38). The follow-up is worked out again on the server from
// the current lists: a forged row asks for nothing.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Not seen lately", "Members and regular attenders who have not come lately.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "groups:read");
  const [members, attenders, open] = await Promise.all([absentMembers(), lapsedAttenders(), openFollowUps()]);
  return {
    members: members.map((row) => ({
      ...row,
      asked: open.has(followUpKey({ ...row, memberId: row.memberId })),
    })),
    attenders: attenders.map((row) => ({
      ...row,
      asked: open.has(followUpKey({ ...row, memberId: null })),
    })),
    rule: { recentWeeks: SERVICE_ABSENT_WEEKS, regularWeeks: REGULAR_WEEKS, minimumWeeks: REGULAR_MIN_WEEKS },
    canWrite: can(user, "groups:write"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "groups:write");
  const form = await readForm(request);
  const kind = form.get("kind");
  const person =
    kind === "group"
      ? (await absentMembers()).find(
          (row) => row.groupId === form.get("groupId") && row.memberId === form.get("memberId"),
        )
      : kind === "service"
        ? (await lapsedAttenders()).find((row) => row.email === form.get("email"))
        : undefined;
  if (!person) {
    return refuse(404, {
      title: "No follow-up asked",
      description: "This person is no longer on the list: they may have come since.",
    });
  }
  const asked = await askForFollowUp(
    {
      memberId: "memberId" in person ? person.memberId : null,
      name: person.name,
      email: person.email,
      mobile: person.mobile,
      reason: person.reason,
    },
    user,
  );
  return reply(
    asked
      ? { title: "Follow-up asked", description: `${person.name} is in Follow-ups, to call or message.` }
      : {
          title: "Already asked",
          description: `A follow-up of ${person.name} is already open.`,
        },
  );
}

function FollowUpButton({ asked, fields }: { asked: boolean; fields: Record<string, string> }) {
  if (asked) return <span className="text-sm text-muted-foreground">Follow-up asked</span>;
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant="outline">
        Follow up
      </Button>
    </Form>
  );
}

/** One person to follow up: who, what was seen, how to reach them, and the button. */
function PersonRow({
  name,
  facts,
  contact,
  action,
}: {
  name: ReactNode;
  facts: string[];
  contact: string[];
  action: ReactNode;
}) {
  const reach = contact.filter(Boolean);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-border p-3">
      <div className="grid min-w-0 gap-0.5 text-sm">
        <p className="font-semibold break-words text-navy">{name}</p>
        {facts.map((fact) => (
          <p key={fact} className="break-words text-muted-foreground">
            {fact}
          </p>
        ))}
        <p className="break-all">{reach.length > 0 ? reach.join(" · ") : "No contact details"}</p>
      </div>
      {action}
    </li>
  );
}

export default function NotSeen({ loaderData, actionData }: Route.ComponentProps) {
  const { members, attenders, rule, canWrite } = loaderData;
  return (
    <AdminScreen
      title="Not seen lately"
      description="People who used to come and have not lately: a call or a message can mean a lot."
      backTo={GROUPS_PATH}
      backLabel="Back to Groups"
    >
      <ChangeNotice answer={actionData as ActionResult | undefined} id="not-seen" />
      <div className="grid grid-cols-1 gap-6">
        <StaffCard
          id="members-heading"
          title="Group members"
          description="Absent from their group's last recorded meetings in a row (each group says how many)."
        >
          {members.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Everyone came to at least one of their group's last meetings.
            </p>
          ) : (
            <ul className="grid gap-3" data-testid="absent-members">
              {members.map((row) => (
                <PersonRow
                  key={`${row.groupId}-${row.memberId}`}
                  name={
                    <a href={`/members/profile/${row.memberId}`} className="text-primary hover:underline">
                      {row.name}
                    </a>
                  }
                  facts={[
                    `${row.groupName}: ${row.meetings} meetings missed`,
                    row.lastCame ? `Last came ${formatDateLong(row.lastCame)}` : "Has not come yet",
                  ]}
                  contact={[row.mobile, row.email]}
                  action={
                    canWrite ? (
                      <FollowUpButton
                        asked={row.asked}
                        fields={{ kind: "group", groupId: row.groupId, memberId: row.memberId }}
                      />
                    ) : null
                  }
                />
              ))}
            </ul>
          )}
        </StaffCard>
        <StaffCard
          id="attenders-heading"
          title="Regular attenders of services"
          description={`Checked in on ${rule.minimumWeeks} or more different weeks of the ${rule.regularWeeks} weeks before, and not in the last ${rule.recentWeeks} weeks.`}
        >
          {attenders.length === 0 ? (
            <p className="text-sm text-muted-foreground">No regular attender has been missing lately.</p>
          ) : (
            <ul className="grid gap-3" data-testid="lapsed-attenders">
              {attenders.map((row) => (
                <PersonRow
                  key={row.email}
                  name={row.name}
                  facts={[
                    `Came on ${row.weeks} different weeks before`,
                    `Last checked in ${formatDateLong(row.lastCheckIn)}`,
                  ]}
                  contact={[row.mobile, row.email]}
                  action={
                    canWrite ? (
                      <FollowUpButton asked={row.asked} fields={{ kind: "service", email: row.email }} />
                    ) : null
                  }
                />
              ))}
            </ul>
          )}
        </StaffCard>
      </div>
    </AdminScreen>
  );
}
