import { MEMBERSHIP_STATUSES, type MembershipStatus } from "~/content/member-options";

// The membership list's filters, read from and written to its address, so the dashboard can link
// to "active members" (?status=active) or "new this month" (?joined=this-month), and search and
// paging keep them.

export interface MemberListFilter {
  status?: MembershipStatus;
  /** Members added in the current calendar month, on the church's clock. */
  joined?: "this-month";
  /** Registrations that looked like a member when they came in, for staff to keep or delete. */
  check?: "duplicates";
  /** The people of one ministry (its slug): those in it, and its head. */
  ministry?: string;
}

export type MemberListFilterName = keyof MemberListFilter;

/** A ministry's slug as the site stores them ('acts-kids'); anything else is not one. */
const MINISTRY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function isMembershipStatus(value: string | null): value is MembershipStatus {
  return MEMBERSHIP_STATUSES.some((status) => status.value === value);
}

/** The filters in an address; unknown values are left out. */
export function readMemberListFilter(params: URLSearchParams): MemberListFilter {
  const status = params.get("status");
  const joined = params.get("joined");
  const check = params.get("check");
  const ministry = params.get("ministry");
  return {
    ...(isMembershipStatus(status) ? { status } : {}),
    ...(joined === "this-month" ? { joined } : {}),
    ...(check === "duplicates" ? { check } : {}),
    ...(ministry && ministry.length <= 60 && MINISTRY_SLUG.test(ministry) ? { ministry } : {}),
  };
}

/**
 * The list's optional column (issue 38): "Last contacted", the day of the member's latest pastoral
 * visit or call, for accounts that read care. Chosen in the address (?show=contacted), so a
 * bookmark, the pager and the filter chips keep it.
 */
export const CONTACTED_COLUMN = "contacted";

export function showsContacted(params: URLSearchParams): boolean {
  return params.getAll("show").includes(CONTACTED_COLUMN);
}

/** "?q=ana&status=active&page=2": the list's address for a search, its filters and a page. */
export function memberListSearch(options: {
  query?: string;
  filter?: MemberListFilter;
  page?: number;
  /** With the "Last contacted" column. */
  contacted?: boolean;
}) {
  const params = new URLSearchParams();
  if (options.query) params.set("q", options.query);
  if (options.filter?.status) params.set("status", options.filter.status);
  if (options.filter?.joined) params.set("joined", options.filter.joined);
  if (options.filter?.check) params.set("check", options.filter.check);
  if (options.filter?.ministry) params.set("ministry", options.filter.ministry);
  if (options.contacted) params.set("show", CONTACTED_COLUMN);
  if (options.page && options.page > 1) params.set("page", String(options.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * Each filter in use, as its chip reads: [["status", "Status: Active"], ["joined", "Joined this month"]].
 * `ministryName` names a ministry's slug ("Ministry: Amplify").
 */
export function memberListFilterLabels(
  filter: MemberListFilter,
  ministryName: (slug: string) => string = (slug) => slug,
): [MemberListFilterName, string][] {
  const labels: [MemberListFilterName, string][] = [];
  if (filter.status) {
    const label = MEMBERSHIP_STATUSES.find((status) => status.value === filter.status)!.label;
    labels.push(["status", `Status: ${label}`]);
  }
  if (filter.joined === "this-month") labels.push(["joined", "Joined this month"]);
  if (filter.check === "duplicates") labels.push(["check", "Possible duplicates to check"]);
  if (filter.ministry) labels.push(["ministry", `Ministry: ${ministryName(filter.ministry)}`]);
  return labels;
}
