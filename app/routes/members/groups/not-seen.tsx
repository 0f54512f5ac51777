import { Form } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { StaffCard } from "~/components/staff-accounts";
import { TableScroller } from "~/components/table-scroller";
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
import { AnswerNotice } from "./attendance-parts";

// "Not seen lately" (issue 37): members absent from their group's last meetings, and regular
// attenders of services not checked in lately, each with a one-click "Follow up" (an inbox item
// until the care issue's follow-ups exist). The follow-up is worked out again on the server from
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
      ? { title: "Follow-up asked", description: `${person.name} is in the inbox to call or message.` }
      : {
          title: "Already asked",
          description: `A follow-up of ${person.name} is already waiting in the inbox.`,
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

const cell = "py-2 pr-4 align-top";

export default function NotSeen({ loaderData, actionData }: Route.ComponentProps) {
  const { members, attenders, rule, canWrite } = loaderData;
  return (
    <AdminScreen
      title="Not seen lately"
      description="People who used to come and have not lately: a call or a message can mean a lot."
      backTo={GROUPS_PATH}
      backLabel="Back to Groups"
    >
      <AnswerNotice answer={actionData as ActionResult | undefined} id="not-seen" />
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
            <TableScroller label="Group members not seen lately">
              <table className="w-full text-sm" data-testid="absent-members">
                <thead>
                  <tr className="border-b text-left">
                    <th className={cell}>Name</th>
                    <th className={cell}>Group</th>
                    <th className={cell}>Last came</th>
                    <th className={cell}>Contact</th>
                    {canWrite ? <th className="py-2 align-top">Follow up</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {members.map((row) => (
                    <tr key={`${row.groupId}-${row.memberId}`} className="border-b last:border-0">
                      <td className={cell}>
                        <a
                          href={`/members/profile/${row.memberId}`}
                          className="font-medium text-primary hover:underline"
                        >
                          {row.name}
                        </a>
                      </td>
                      <td className={cell}>
                        {row.groupName}
                        <span className="block text-xs text-muted-foreground">
                          {row.meetings} meetings missed
                        </span>
                      </td>
                      <td className={`${cell} whitespace-nowrap`}>
                        {row.lastCame ? formatDateLong(row.lastCame) : "Never"}
                      </td>
                      <td className={`${cell} break-all`}>
                        {[row.mobile, row.email].filter(Boolean).join(" · ") || "None"}
                      </td>
                      {canWrite ? (
                        <td className="py-2 align-top">
                          <FollowUpButton
                            asked={row.asked}
                            fields={{ kind: "group", groupId: row.groupId, memberId: row.memberId }}
                          />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
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
            <TableScroller label="Regular attenders not seen lately">
              <table className="w-full text-sm" data-testid="lapsed-attenders">
                <thead>
                  <tr className="border-b text-left">
                    <th className={cell}>Name</th>
                    <th className={cell}>Weeks came</th>
                    <th className={cell}>Last checked in</th>
                    <th className={cell}>Contact</th>
                    {canWrite ? <th className="py-2 align-top">Follow up</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {attenders.map((row) => (
                    <tr key={row.email} className="border-b last:border-0">
                      <td className={`${cell} font-medium`}>{row.name}</td>
                      <td className={cell}>{row.weeks}</td>
                      <td className={`${cell} whitespace-nowrap`}>{formatDateLong(row.lastCheckIn)}</td>
                      <td className={`${cell} break-all`}>
                        {[row.mobile, row.email].filter(Boolean).join(" · ")}
                      </td>
                      {canWrite ? (
                        <td className="py-2 align-top">
                          <FollowUpButton asked={row.asked} fields={{ kind: "service", email: row.email }} />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          )}
        </StaffCard>
      </div>
    </AdminScreen>
  );
}
