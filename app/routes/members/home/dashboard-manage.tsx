import {
  BellRing,
  CalendarPlus,
  CircleUserRound,
  ClipboardList,
  FileBarChart,
  FileUp,
  Globe,
  ImageUp,
  ListChecks,
  type LucideIcon,
  Mic,
  ScrollText,
  UserCog,
  UserPlus,
  Users,
  Video,
} from "lucide-react";
import { Link } from "react-router";
import type { MembersNavItem } from "~/lib/members-nav";
import { WEBSITE_PERMISSIONS } from "~/schemas/site-sections";

interface ActionCard {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** Shown only to those who may use it (to every account when none is named). */
  permission?: MembersNavItem["permission"];
  /** What the card says to someone who may look but not change (without `permission`). */
  viewOnly?: { permission: MembersNavItem["permission"]; description: string };
}

const actionCards: ActionCard[] = [
  {
    to: "/members/forms",
    title: "Member Registration",
    description: "Register a new member.",
    icon: UserPlus,
    permission: "members:write",
  },
  {
    to: "/members/details",
    title: "Membership List",
    description: "Search, view, edit and remove members.",
    icon: Users,
    permission: "members:read",
    viewOnly: { permission: "members:write", description: "Search and view members." },
  },
  {
    to: "/members/reports",
    title: "Reports",
    description: "Birthdays, anniversaries, ministries, visitors.",
    icon: FileBarChart,
    permission: "reports:read",
  },
  {
    to: "/members/upload",
    title: "Upload Files",
    description: "Documents for the eLibrary.",
    icon: FileUp,
    permission: "library:write",
  },
  {
    to: "/members/add-sermon",
    title: "Add Sermon",
    description: "Publish a sermon video.",
    icon: Mic,
    permission: "sermons:write",
  },
  {
    to: "/members/add-ministry-video",
    title: "Ministry Videos",
    description: "Videos on a ministry's page.",
    icon: Video,
    permission: "ministry-media:write",
  },
  {
    to: "/members/update-ministry-image",
    title: "Ministry Images",
    description: "The picture on a ministry's page.",
    icon: ImageUp,
    permission: "ministry-media:write",
  },
  {
    to: "/members/add-event",
    title: "Add Event",
    description: "Publish an upcoming event.",
    icon: CalendarPlus,
    permission: "events:write",
  },
  {
    to: "/members/site",
    title: "Website",
    description: "Church details, service times, pages, pastors, ministries.",
    icon: Globe,
    permission: WEBSITE_PERMISSIONS,
    // A ministry head (or a privacy officer) edits only part of it.
    viewOnly: { permission: "site:write", description: "The pages you look after." },
  },
  {
    to: "/members/notifications",
    title: "E-mail Notifications",
    description: "Which messages you are told about, and how often.",
    icon: BellRing,
    permission: "messages:read",
  },
  {
    to: "/members/audit",
    title: "Audit Log",
    description: "Who changed what, when and from where; exports and sign-ins.",
    icon: ScrollText,
    permission: "audit:read",
  },
  {
    to: "/members/ministry-registrations",
    title: "Ministry Registrations",
    description: "Who signed up for a ministry.",
    icon: ClipboardList,
    permission: "registrations:read",
  },
  {
    to: "/members/event-registrations",
    title: "Event Registrations",
    description: "Who registered for an event.",
    icon: ListChecks,
    permission: "event-registrations:read",
  },
  {
    to: "/members/staff",
    title: "Staff Accounts",
    description: "Invite people, choose what each may do, two-factor sign-in.",
    icon: UserCog,
    permission: "staff:manage",
  },
  {
    to: "/members/account",
    title: "My Account",
    description: "Your name, password, two-factor sign-in and devices.",
    icon: CircleUserRound,
  },
];

/** The "Manage" cards: every screen the person may use. */
export function ManageCards({
  allowed,
}: {
  allowed: (permission?: MembersNavItem["permission"]) => boolean;
}) {
  return (
    <>
      <h2 className="mt-10 text-xl font-semibold text-navy">Manage</h2>
      {/* Every screen is also in the navigation: on a phone the cards are small, two to a row. */}
      <ul className="mt-4 grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4">
        {actionCards
          .filter((card) => allowed(card.permission))
          .map((card) => (
            <li key={card.to} className="min-w-0">
              <Link
                to={card.to}
                className="flex h-full items-center gap-2 rounded-lg border border-border bg-background p-3 text-sm shadow-sm transition-colors hover:border-primary hover:bg-primary/5 sm:flex-col sm:items-start sm:gap-2 sm:rounded-xl sm:p-5 sm:text-base"
              >
                <card.icon className="size-5 shrink-0 text-primary sm:size-6" aria-hidden="true" />
                <span className="min-w-0 break-words font-semibold text-navy">{card.title}</span>
                <span className="hidden text-sm text-muted-foreground sm:block">
                  {card.viewOnly && !allowed(card.viewOnly.permission)
                    ? card.viewOnly.description
                    : card.description}
                </span>
              </Link>
            </li>
          ))}
      </ul>
    </>
  );
}
