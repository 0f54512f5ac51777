import { WEBSITE_PERMISSIONS } from "~/schemas/site-sections";
import { can, type Access, type Permission } from "./permissions";

/** One screen in the members navigation. */
export interface MembersNavItem {
  to: string;
  label: string;
  /** Shown only to those who may use it (any one of a list; every signed-in account when none). */
  permission?: Permission | readonly Permission[];
  /** Other addresses that belong to this screen (a member's profile belongs to the list). */
  also?: string[];
  /** The count it carries: the inbox's new messages, or members' changes waiting for review. */
  badge?: NavCount;
}

export type NavCount = "unread" | "updates";

/** The counts the navigation shows, null where the person may not see them or they failed to load. */
export type NavCounts = Record<NavCount, number | null>;

export interface MembersNavGroup {
  /** null for the group without a heading (the dashboard). */
  label: string | null;
  items: MembersNavItem[];
}

/** The members area's screens, grouped as the navigation shows them. */
export const MEMBERS_NAV: MembersNavGroup[] = [
  { label: null, items: [{ to: "/members", label: "Dashboard" }] },
  {
    label: "People",
    items: [
      {
        to: "/members/details",
        label: "Membership List",
        permission: "members:read",
        also: ["/members/profile/", "/members/edit/"],
      },
      { to: "/members/forms", label: "Register Member", permission: "members:write" },
      {
        to: "/members/import",
        label: "Import Members",
        permission: "members:write",
        also: ["/members/import/"],
      },
      { to: "/members/reports", label: "Reports", permission: "reports:read" },
      {
        to: "/members/ministry-registrations",
        label: "Ministry Registrations",
        permission: "registrations:read",
      },
      {
        to: "/members/event-registrations",
        label: "Event Registrations",
        permission: "event-registrations:read",
        also: ["/members/events/"],
      },
      {
        to: "/members/groups",
        label: "Groups",
        permission: "groups:read",
        also: ["/members/groups/", "/members/attendance", "/members/reports/attendance"],
      },
      {
        to: "/members/rosters",
        label: "Rosters",
        permission: "rosters:read",
        also: ["/members/rosters/"],
      },
      {
        to: "/members/updates",
        label: "Members' Updates",
        permission: "members:write",
        badge: "updates",
      },
      { to: "/members/deleted", label: "Recently deleted", permission: "members:write" },
      {
        to: "/members/privacy/people",
        label: "Data Requests",
        permission: "members:export",
        also: ["/members/privacy/people/"],
      },
    ],
  },
  {
    label: "Care",
    items: [
      { to: "/members/care", label: "Follow-ups", permission: "care:read", also: ["/members/care/"] },
      {
        to: "/members/prayer",
        label: "Prayer requests",
        permission: "prayer:read",
        also: ["/members/prayer/"],
      },
    ],
  },
  {
    label: "Messages",
    items: [
      {
        to: "/members/messages",
        label: "Inbox",
        permission: "messages:read",
        badge: "unread",
        also: ["/members/messages/"],
      },
      { to: "/members/messages/outbox", label: "Outbox", permission: "messages:read" },
      { to: "/members/notifications", label: "Notifications", permission: "messages:read" },
      {
        to: "/members/announcements",
        label: "Announcements",
        permission: "announcements:send",
        also: ["/members/announcements/"],
      },
    ],
  },
  {
    label: "Content",
    items: [
      { to: "/members/add-sermon", label: "Sermons", permission: "sermons:write" },
      { to: "/members/add-event", label: "Events", permission: "events:write" },
      { to: "/members/add-ministry-video", label: "Ministry Videos", permission: "ministry-media:write" },
      { to: "/members/update-ministry-image", label: "Ministry Images", permission: "ministry-media:write" },
      { to: "/members/upload", label: "Files and eLibrary", permission: "library:write" },
    ],
  },
  {
    label: "Website",
    items: [
      { to: "/members/site", label: "Website", permission: WEBSITE_PERMISSIONS, also: ["/members/site/"] },
    ],
  },
  {
    label: "Settings",
    items: [
      {
        to: "/members/staff",
        label: "Staff Accounts",
        permission: "staff:manage",
        also: ["/members/staff/"],
      },
      { to: "/members/audit", label: "Audit Log", permission: "audit:read" },
      { to: "/members/privacy", label: "Data retention", permission: "privacy:manage" },
      {
        to: "/members/settings",
        label: "Site settings",
        permission: "settings:manage",
        also: ["/members/settings/"],
      },
      {
        to: "/members/backups",
        label: "Backups",
        permission: "backups:manage",
        also: ["/members/backups/"],
      },
      { to: "/members/account", label: "My Account", also: ["/members/account/"] },
    ],
  },
];

/**
 * The navigation a person sees: only what their role may use, and groups left empty dropped. An
 * account that must first finish its own set-up (a temporary password, two-factor sign-in) sees
 * only its account.
 */
export function navigationFor(access: Access, options: { unfinished?: boolean } = {}): MembersNavGroup[] {
  return MEMBERS_NAV.map((group) => ({
    ...group,
    items: group.items.filter((item) =>
      options.unfinished ? item.to === "/members/account" : mayOpen(access, item.permission),
    ),
  })).filter((group) => group.items.length > 0);
}

/** Whether a role may open a screen that needs `permission` (any one of a list; none: anyone). */
export function mayOpen(access: Access, permission: MembersNavItem["permission"]): boolean {
  if (!permission) return true;
  const wanted = typeof permission === "string" ? [permission] : permission;
  return wanted.some((one) => can({ access }, one));
}

function withoutTrailingSlash(pathname: string) {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/**
 * The item the page at `pathname` belongs to: its own address, or the longest that claims it
 * (the outbox is not the inbox, though both start with /members/messages/).
 */
export function currentItem(groups: MembersNavGroup[], pathname: string): MembersNavItem | undefined {
  const path = withoutTrailingSlash(pathname);
  const items = groups.flatMap((group) => group.items);
  const exact = items.find((item) => item.to === path);
  if (exact) return exact;
  let best: { item: MembersNavItem; length: number } | undefined;
  for (const item of items) {
    for (const prefix of item.also ?? []) {
      if (path.startsWith(prefix) && prefix.length > (best?.length ?? 0))
        best = { item, length: prefix.length };
    }
  }
  return best?.item;
}
