// The follow-ups list's filters (issue 38), read from its address and written back into links, so
// the list works without scripts: whose (mine, unassigned, everyone), which statuses, a name.

export const WHOSE_FILTERS = {
  mine: "Mine",
  unassigned: "Not assigned",
  everyone: "Everyone's",
} as const;
export type WhoseFilter = keyof typeof WHOSE_FILTERS;

export const STATUS_FILTERS = {
  open: { label: "Open and waiting", statuses: ["open", "waiting"] },
  closed: { label: "Done and no response", statuses: ["done", "no-response"] },
  all: { label: "All", statuses: ["open", "waiting", "done", "no-response"] },
} as const;
export type CareStatusFilter = keyof typeof STATUS_FILTERS;

export const FOLLOW_UPS_PAGE_SIZE = 30;

export interface FollowUpQuery {
  whose: WhoseFilter;
  status: CareStatusFilter;
  q: string;
}

/**
 * The list's filters from ?whose=, ?status= and ?q=, anything unknown as the default: one's own
 * follow-ups for someone who works on them, everyone's for someone who only reads them.
 */
export function readFollowUpQuery(params: URLSearchParams, canWork: boolean): FollowUpQuery {
  const whose = params.get("whose") ?? "";
  const status = params.get("status") ?? "";
  return {
    whose: Object.hasOwn(WHOSE_FILTERS, whose) ? (whose as WhoseFilter) : defaultWhose(canWork),
    status: Object.hasOwn(STATUS_FILTERS, status) ? (status as CareStatusFilter) : "open",
    q: (params.get("q") ?? "").trim().slice(0, 100),
  };
}

export const defaultWhose = (canWork: boolean): WhoseFilter => (canWork ? "mine" : "everyone");

/** The list's address for these filters (the defaults left out) and page. */
export function followUpSearch(query: FollowUpQuery, canWork: boolean, page = 1): string {
  const params = new URLSearchParams();
  if (query.whose !== defaultWhose(canWork)) params.set("whose", query.whose);
  if (query.status !== "open") params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
