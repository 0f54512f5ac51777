// The inbox's words for its kinds and statuses, and the filters in its address, for the list and
// the message page alike.

export type InboxKind = "connect" | "ministry" | "event" | "group";
export type InboxStatus = "new" | "handled" | "archived";

export const KIND_LABELS: Record<InboxKind, string> = {
  connect: "Message",
  ministry: "Ministry sign-up",
  event: "Event registration",
  group: "Asked to join a group",
};

export const STATUS_LABELS: Record<InboxStatus, string> = {
  new: "New",
  handled: "Handled",
  archived: "Archived",
};

/** The status choices of the list: the inbox (new and handled) unless another is asked for. */
export const STATUS_FILTERS = {
  inbox: { label: "New and handled", statuses: ["new", "handled"] },
  new: { label: "New", statuses: ["new"] },
  handled: { label: "Handled", statuses: ["handled"] },
  archived: { label: "Archived", statuses: ["archived"] },
  all: { label: "All, archived too", statuses: ["new", "handled", "archived"] },
} as const satisfies Record<string, { label: string; statuses: InboxStatus[] }>;

export type StatusFilter = keyof typeof STATUS_FILTERS;

export interface InboxQuery {
  kind: InboxKind | "";
  status: StatusFilter;
  q: string;
}

const isKind = (value: string): value is InboxKind => Object.hasOwn(KIND_LABELS, value);
const isStatusFilter = (value: string): value is StatusFilter => Object.hasOwn(STATUS_FILTERS, value);

/** The list's filters from its address (?type=, ?status=, ?q=), anything unknown as the default. */
export function readInboxQuery(params: URLSearchParams): InboxQuery {
  const kind = params.get("type") ?? "";
  const status = params.get("status") ?? "";
  return {
    kind: isKind(kind) ? kind : "",
    status: isStatusFilter(status) ? status : "inbox",
    q: (params.get("q") ?? "").trim().slice(0, 100),
  };
}

/** The list's address for these filters (the defaults left out) and page. */
export function inboxSearch(query: InboxQuery, page = 1): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.kind) params.set("type", query.kind);
  if (query.status !== "inbox") params.set("status", query.status);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
