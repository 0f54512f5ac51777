import { MINISTRY_NAMES } from "~/content/member-options";
import { todayInChurchZone } from "~/lib/dates";
import { requireStaff } from "~/server/auth.server";
import { csvResponse } from "~/server/csv.server";
import {
  activeMembers,
  listVisitors,
  membersInMinistry,
  upcomingAnniversaries,
  upcomingBirthdays,
} from "~/server/members.server";
import { fullName } from "~/lib/names";
import type { Route } from "./+types/reports-export";

const mobileOf = (m: { countryCode: string; mobile: string }) => `${m.countryCode} ${m.mobile}`;

// CSV downloads of the reports, produced on the server. Staff only, like every members route.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const today = todayInChurchZone();
  switch (params.report) {
    case "birthdays": {
      const rows = await upcomingBirthdays(today);
      return csvResponse(
        "birthdays.csv",
        ["Name", "Email", "Mobile", "Birthday", "Next Birthday", "Days Away", "Turning"],
        rows.map(({ item, date, daysAway, years }) => [
          fullName(item),
          item.email,
          mobileOf(item),
          item.birthday,
          date,
          daysAway,
          years,
        ]),
      );
    }
    case "anniversaries": {
      const rows = await upcomingAnniversaries(today);
      return csvResponse(
        "anniversaries.csv",
        [
          "Name",
          "Spouse Name",
          "Email",
          "Mobile",
          "Wedding Anniversary",
          "Next Anniversary",
          "Days Away",
          "Years",
        ],
        rows.map(({ item, date, daysAway, years }) => [
          fullName(item),
          item.spouseName,
          item.email,
          mobileOf(item),
          item.weddingAnniversary,
          date,
          daysAway,
          years,
        ]),
      );
    }
    case "active_members": {
      const rows = await activeMembers();
      return csvResponse(
        "active_members.csv",
        ["Name", "Email", "Mobile", "Church Position", "Ministry Involvement", "Ministry Role", "Status"],
        rows.map((m) => [
          fullName(m),
          m.email,
          mobileOf(m),
          m.churchPosition,
          m.ministryInvolvement,
          m.ministryRole,
          m.membershipStatus,
        ]),
      );
    }
    case "visitors": {
      const rows = await listVisitors();
      return csvResponse(
        "visitors.csv",
        ["Name", "Mobile", "Email", "Message", "Date"],
        rows.map((v) => [v.name, v.mobile, v.email, v.message, v.createdAt.toISOString().slice(0, 10)]),
      );
    }
    case "ministry": {
      const name = new URL(request.url).searchParams.get("name") ?? "";
      if (!MINISTRY_NAMES.includes(name)) throw new Response("Unknown ministry", { status: 404 });
      const rows = await membersInMinistry(name);
      return csvResponse(
        `${name}_members.csv`,
        ["Name", "Email", "Mobile", "Ministry Role", "Status"],
        rows.map((m) => [fullName(m), m.email, mobileOf(m), m.ministryRole, m.membershipStatus]),
      );
    }
    default:
      throw new Response("Unknown report", { status: 404 });
  }
}
