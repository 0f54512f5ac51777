import { Form } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ChangeNotice } from "~/components/change-notice";
import { AttendanceFields } from "~/components/group-attendance-fields";
import { StaffCard } from "~/components/staff-accounts";
import { TableScroller } from "~/components/table-scroller";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { firstError, firstErrors } from "~/lib/action-result";
import { isIsoDate, todayInChurchZone } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { attendanceFields, attendanceSchema } from "~/schemas/group-attendance";
import { groupPath } from "~/schemas/groups";
import { requireUser } from "~/server/auth/guards.server";
import {
  attendanceSheet,
  latestMeetingDate,
  listMeetings,
  recordAttendanceAsStaff,
} from "~/server/groups/attendance.server";
import { groupAttendanceRates } from "~/server/groups/attendance-rates.server";
import { getGroup, groupPeople } from "~/server/groups/groups.server";
import { makeLeaderLink } from "~/server/groups/leader-links.server";
import { refusalFor, refuse, reply, replyWith } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { isSendableAddress } from "~/server/messages/outbox.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import type { Route } from "./+types/attendance";
import { LeaderLinkPanel, RatesCard, type MadeLink } from "./attendance-parts";

// A group's attendance for staff (issue 37): record or correct a meeting (the same form as the
// leader's page), the meetings recorded so far, and the leaders' attendance links.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData ? `Attendance: ${loaderData.group.name}` : "Attendance");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "groups:read");
  let group;
  try {
    group = await getGroup(params.groupId);
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
  const asked = new URL(request.url).searchParams.get("date") ?? "";
  // A future date is not offered: attendance is for meetings that happened.
  const date = isIsoDate(asked) && asked <= todayInChurchZone() ? asked : latestMeetingDate(group.meetingDay);
  const [sheet, meetings, people, rates] = await Promise.all([
    attendanceSheet(group.id, date),
    listMeetings(group.id),
    groupPeople(group.id),
    groupAttendanceRates(),
  ]);
  const rate = rates.find((row) => row.groupId === group.id);
  return {
    group: { id: group.id, name: group.name },
    sheet,
    meetings,
    leaders: people
      .filter((person) => person.isLeader)
      .map((person) => ({
        memberId: person.memberId,
        name: person.name,
        hasEmail: isSendableAddress(person.email),
      })),
    rates: rate ? { meetings: rate.meetings, rate: rate.rate } : null,
    canWrite: can(user, "groups:write"),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "groups:write");
  const form = await readForm(request);
  if (form.get("intent") === "link") {
    try {
      const made = await makeLeaderLink(
        params.groupId,
        String(form.get("memberId") ?? ""),
        { email: form.get("email") === "on", origin: siteOrigin() },
        user,
      );
      return replyWith<{ made: MadeLink }>(
        {
          title: "Link made",
          description: made.emailedTo
            ? `${made.leaderName}'s link was sent to ${made.emailedTo}.`
            : `Copy ${made.leaderName}'s link below and send it to them.`,
        },
        { made },
      );
    } catch (error) {
      return refusalFor(error, {
        title: "Link not made",
        what: "Making a leader's link",
        fallback: "The link could not be made. Please try again.",
      });
    }
  }
  const parsed = attendanceSchema.safeParse(attendanceFields(form));
  if (!parsed.success || parsed.data.groupId !== params.groupId) {
    const fieldErrors = parsed.success ? {} : firstErrors(parsed.error.issues);
    return refuse(
      400,
      {
        title: "Attendance not saved",
        description: firstError(fieldErrors) ?? "This form is for another group. Please open the page again.",
      },
      { fieldErrors },
    );
  }
  try {
    const present = await recordAttendanceAsStaff(parsed.data, user);
    const guests = parsed.data.guests.length;
    return reply({
      title: "Attendance saved",
      description: `${present} present${guests ? `, ${guests} ${guests === 1 ? "guest" : "guests"}` : ""}.`,
    });
  } catch (error) {
    return refusalFor(error, {
      title: "Attendance not saved",
      what: "Recording attendance",
      fallback: "The attendance could not be saved. Please try again.",
    });
  }
}

export default function GroupAttendance({ loaderData, actionData }: Route.ComponentProps) {
  const { group, sheet, meetings, leaders, rates, canWrite } = loaderData;
  const answer = actionData as (ActionResult & { made?: MadeLink }) | undefined;
  return (
    <AdminScreen
      title={`Attendance: ${group.name}`}
      backTo={groupPath(group.id)}
      backLabel="Back to the group"
    >
      <ChangeNotice answer={answer} id="group-attendance" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:items-start">
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2">
          <StaffCard id="record-heading" title={canWrite ? "Record or correct a meeting" : "A meeting"}>
            <Form method="get" className="mb-5 flex flex-wrap items-end gap-2">
              <div className="grid min-w-0 flex-1 gap-1">
                <label htmlFor="meeting-date" className="text-sm font-medium">
                  Meeting date
                </label>
                <select
                  id="meeting-date"
                  name="date"
                  defaultValue={sheet.date}
                  key={sheet.date}
                  className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm"
                >
                  {sheet.dates.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                      {choice.recorded ? " (recorded)" : ""}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" variant="outline">
                Show
              </Button>
            </Form>
            {canWrite ? (
              <Form method="post" className="grid gap-5" key={`${sheet.date}-${answer?.at ?? ""}`}>
                <input type="hidden" name="intent" value="record" />
                <AttendanceFields sheet={sheet} errors={answer?.ok === false ? answer.fieldErrors : {}} />
                <Button type="submit" className="justify-self-start">
                  Save attendance
                </Button>
                {sheet.recordedBy ? (
                  <p className="text-sm text-muted-foreground">
                    Recorded by {sheet.recordedBy.replace(/^leader:/, "the leader ")}: saving again replaces
                    it.
                  </p>
                ) : null}
              </Form>
            ) : (
              <ul className="grid gap-1 text-sm">
                {sheet.people.map((person) => (
                  <li key={person.memberId}>
                    {person.present ? "Present" : "Absent"}: {person.name}
                  </li>
                ))}
              </ul>
            )}
          </StaffCard>
          {rates ? <RatesCard rates={rates} /> : null}
          <StaffCard id="meetings-heading" title="Recorded meetings">
            {meetings.length === 0 ? (
              <p className="text-sm text-muted-foreground">No meeting has been recorded yet.</p>
            ) : (
              <TableScroller label="Recorded meetings">
                <table className="w-full text-sm" data-testid="meetings">
                  <thead>
                    <tr className="border-b text-left">
                      <th className="py-2 pr-4 font-medium">Date</th>
                      <th className="py-2 pr-4 font-medium">Present</th>
                      <th className="py-2 pr-4 font-medium">Guests</th>
                      <th className="py-2 font-medium">Recorded by</th>
                    </tr>
                  </thead>
                  <tbody>
                    {meetings.map((meeting) => (
                      <tr key={meeting.date} className="border-b last:border-0">
                        <td className="py-2 pr-4 whitespace-nowrap">
                          <a
                            href={`?date=${meeting.date}`}
                            className="text-primary underline-offset-4 hover:underline"
                          >
                            {meeting.dateInWords}
                          </a>
                        </td>
                        <td className="py-2 pr-4">{meeting.present}</td>
                        <td className="py-2 pr-4 break-words">{meeting.guests.join(", ") || "None"}</td>
                        <td className="py-2 break-words">
                          {meeting.recordedBy.replace(/^leader:/, "Leader ")}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroller>
            )}
          </StaffCard>
        </div>
        {canWrite ? (
          <StaffCard
            id="links-heading"
            title="Leaders' attendance links"
            description="A leader records attendance from their phone with this link, no account needed."
          >
            <LeaderLinkPanel
              groupName={group.name}
              leaders={leaders}
              made={answer?.ok ? (answer.made ?? null) : null}
            />
          </StaffCard>
        ) : null}
      </div>
    </AdminScreen>
  );
}
