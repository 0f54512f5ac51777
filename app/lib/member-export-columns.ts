/**
 * The column names of the registry's CSV exports (routes/members/people/report-csv.ts): one list,
 * because the member import reads these files back without choosing columns by hand.
 */
export const MEMBER_EXPORT_COLUMNS = {
  activeMembers: [
    "Name",
    "Email",
    "Mobile",
    "Church Position",
    "Ministry Involvement",
    "Ministry Role",
    "Status",
  ],
  birthdays: ["Name", "Email", "Mobile", "Birthday", "Next Birthday", "Days Away", "Turning"],
  anniversaries: [
    "Name",
    "Spouse Name",
    "Email",
    "Mobile",
    "Wedding Anniversary",
    "Next Anniversary",
    "Days Away",
    "Years",
  ],
  ministryMembers: ["Name", "Email", "Mobile", "Ministry Role", "Status"],
} satisfies Record<string, string[]>;
