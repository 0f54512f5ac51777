import { todayInChurchZone } from "~/lib/dates";
import { requireUser } from "~/server/auth/guards.server";
import { csvResponse, exportAudit } from "~/server/http/csv.server";
import {
  streamActiveMembers,
  streamMembersInMinistry,
  streamUpcomingAnniversaries,
  streamUpcomingBirthdays,
} from "~/server/people/member-reports.server";
import { loadMemberOptions } from "~/server/people/members.server";
import { streamVisitors } from "~/server/people/visitors.server";
import { fullName } from "~/lib/names";
import { MEMBER_EXPORT_COLUMNS } from "~/lib/member-export-columns";
import type { Route } from "./+types/report-csv";
import { appErrorResponse, notFound } from "~/server/http/errors.server";

const mobileOf = (m: { countryCode: string; mobile: string }) => `${m.countryCode} ${m.mobile}`;

// CSV downloads of the reports, produced on the server, for those who may read reports. Rows are
// read from the database in batches while the file streams out, never all at once; each download
// is recorded in the audit log with who took it and how many rows.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "reports:read");
  const today = todayInChurchZone();
  /** The audit entry of this report's download, named as the reports page titles it. */
  const audited = (title: string, details: Record<string, unknown> = {}) =>
    exportAudit(
      user,
      "export.report",
      { type: "report", id: params.report, label: title },
      {
        report: params.report,
        ...details,
      },
    );
  switch (params.report) {
    case "birthdays": {
      const rows = await streamUpcomingBirthdays(today);
      return csvResponse(
        "birthdays.csv",
        MEMBER_EXPORT_COLUMNS.birthdays,
        rows,
        ({ item, date, daysAway, years }) => [
          fullName(item),
          item.email,
          mobileOf(item),
          item.birthday,
          date,
          daysAway,
          years,
        ],
        audited("Upcoming Birthdays"),
      );
    }
    case "anniversaries": {
      const rows = await streamUpcomingAnniversaries(today);
      return csvResponse(
        "anniversaries.csv",
        MEMBER_EXPORT_COLUMNS.anniversaries,
        rows,
        ({ item, date, daysAway, years }) => [
          fullName(item),
          item.spouseName,
          item.email,
          mobileOf(item),
          item.weddingAnniversary,
          date,
          daysAway,
          years,
        ],
        audited("Upcoming Wedding Anniversaries"),
      );
    }
    case "active_members": {
      const rows = await streamActiveMembers();
      return csvResponse(
        "active_members.csv",
        MEMBER_EXPORT_COLUMNS.activeMembers,
        rows,
        (m) => [
          fullName(m),
          m.email,
          mobileOf(m),
          m.churchPosition,
          m.ministryNames,
          m.roleNames,
          m.membershipStatus,
        ],
        audited("Active Members"),
      );
    }
    case "visitors": {
      const rows = await streamVisitors();
      return csvResponse(
        "visitors.csv",
        ["Name", "Mobile", "Email", "Message", "Date"],
        rows,
        (v) => [v.name, v.mobile, v.email, v.message, v.createdAt.toISOString().slice(0, 10)],
        audited("Visitors"),
      );
    }
    case "ministry": {
      // By slug; links saved before slugs name the ministry (?name=Amplify%20(Music)) and still work.
      const { searchParams } = new URL(request.url);
      const { ministries } = await loadMemberOptions();
      const slug = searchParams.get("slug");
      const ministry =
        slug === null
          ? ministries.find((choice) => choice.label === searchParams.get("name"))
          : ministries.find((choice) => choice.value === slug);
      if (!ministry) throw appErrorResponse(notFound("Unknown ministry"));
      const rows = await streamMembersInMinistry(ministry.value);
      return csvResponse(
        `${ministry.label}_members.csv`,
        MEMBER_EXPORT_COLUMNS.ministryMembers,
        rows,
        (m) => [fullName(m), m.email, mobileOf(m), m.roleNames, m.membershipStatus],
        audited(`${ministry.label} Members`, { ministry: ministry.value }),
      );
    }
    default:
      throw appErrorResponse(notFound("Unknown report"));
  }
}
