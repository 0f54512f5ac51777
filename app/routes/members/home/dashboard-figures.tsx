import {
  BookOpenText,
  CalendarDays,
  Cake,
  ClipboardList,
  Heart,
  Layers,
  type LucideIcon,
  Mail,
  TriangleAlert,
  UserRoundPlus,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate, formatDayMonth } from "~/lib/format";
import { DASHBOARD_BIRTHDAY_DAYS } from "~/lib/member-dates";
import type { MembersNavItem } from "~/lib/members-nav";
import { cn } from "~/lib/utils";
import { count } from "./dashboard-words";
import type { Route } from "./+types/dashboard";

type Figures = Pick<
  Route.ComponentProps["loaderData"],
  "stats" | "ministryStats" | "events" | "unreadMessages"
>;

/**
 * A figure that leads to its list: the whole card is one link (its label, figure and detail are
 * its name), and what the card lists below is read after it, outside the link.
 */
function StatCard({
  label,
  value,
  detail,
  icon: Icon,
  to,
  testId = `stat-${label.toLowerCase().replace(/\s+/g, "-")}`,
  className,
  children,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon: LucideIcon;
  to: string;
  testId?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <li
      className={cn(
        "relative flex min-w-0 flex-col rounded-xl border border-border bg-background p-4 shadow-sm transition-colors hover:border-primary hover:bg-primary/5 sm:p-5",
        "has-[.card-link:focus-visible]:outline-3 has-[.card-link:focus-visible]:outline-offset-2 has-[.card-link:focus-visible]:outline-ring",
        className,
      )}
    >
      <Link
        to={to}
        className="card-link block focus-visible:outline-none after:absolute after:inset-0 after:rounded-xl"
      >
        <span className="flex items-start justify-between gap-2">
          <span className="text-sm font-medium text-muted-foreground">{label}</span>
          <Icon className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
        </span>
        <span className="mt-1 block text-3xl font-bold text-navy" data-testid={testId}>
          {value}
        </span>
        {detail ? <span className="mt-1 block text-xs text-muted-foreground">{detail}</span> : null}
      </Link>
      {children}
    </li>
  );
}

/** The first few people whose day comes round soon, with its day and month. */
function NamedDates({
  label,
  people,
}: {
  label: string;
  people: { id: string; name: string; date: string }[];
}) {
  if (people.length === 0) return null;
  return (
    <ul className="mt-3 grid gap-1 border-t border-border pt-3 text-sm" aria-label={label}>
      {people.map((person) => (
        <li key={person.id} className="flex justify-between gap-3">
          <span className="min-w-0 break-words">{person.name}</span>
          <span className="shrink-0 tabular-nums text-muted-foreground">{formatDayMonth(person.date)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Active members of all, and those registered this month: the church's, or a ministry's. */
function MemberCounts({
  counts,
  within = "",
}: {
  counts: { activeMembers: number; totalMembers: number; newThisMonth: number };
  within?: string;
}) {
  return (
    <>
      <StatCard
        label="Members"
        to="/members/details?status=active"
        icon={Users}
        testId="stat-active-members"
        value={counts.activeMembers}
        detail={
          <>
            active of <span data-testid="stat-total-members">{counts.totalMembers}</span>
            {within}
          </>
        }
      />
      <StatCard
        label="New This Month"
        to="/members/details?joined=this-month"
        icon={UserRoundPlus}
        value={counts.newThisMonth}
        detail="Members registered"
      />
    </>
  );
}

/** A role limited to ministries: its people and sign-ups, and nothing of the church as a whole. */
function MinistryFigures({
  stats,
  allowed,
}: {
  stats: NonNullable<Figures["ministryStats"]>;
  allowed: (permission?: MembersNavItem["permission"]) => boolean;
}) {
  return (
    <>
      {allowed("members:read") ? <MemberCounts counts={stats} within=" in your ministries" /> : null}
      {allowed("registrations:read") ? (
        <StatCard
          label="Sign-ups"
          to="/members/ministry-registrations"
          icon={ClipboardList}
          testId="stat-sign-ups"
          value={stats.signUpsThisMonth}
          detail="This month, for your ministries"
        />
      ) : null}
    </>
  );
}

/** The figures the person may see, each leading to its list. */
export function DashboardFigures({
  stats,
  ministryStats,
  events,
  unreadMessages,
  allowed,
}: Figures & { allowed: (permission?: MembersNavItem["permission"]) => boolean }) {
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading" className="sr-only">
        Statistics
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {stats ? (
          <>
            <MemberCounts counts={stats} />
            {stats.possibleDuplicates > 0 ? (
              <StatCard
                label="To Check"
                to="/members/details?check=duplicates"
                icon={TriangleAlert}
                testId="possible-duplicates"
                value={stats.possibleDuplicates}
                detail="Registrations that look like a member"
              />
            ) : null}
            <StatCard
              label="Active Ministries"
              to="/members/reports#ministry-involvement"
              icon={Layers}
              value={stats.activeMinistries}
              detail="All running"
            />
            <StatCard
              label="New Visitors"
              to="/members/reports#visitors"
              icon={BookOpenText}
              value={stats.newVisitors}
              detail="Connect form messages"
            />
            <StatCard
              label="Upcoming Birthdays"
              to="/members/reports#upcoming-birthdays"
              icon={Cake}
              value={stats.upcomingBirthdays}
              detail={`In the next ${DASHBOARD_BIRTHDAY_DAYS} days`}
              className="col-span-2 sm:col-span-1"
            >
              <NamedDates label="Next birthdays" people={stats.nextBirthdays} />
            </StatCard>
            <StatCard
              label="Upcoming Anniversaries"
              to="/members/reports#upcoming-wedding-anniversaries"
              icon={Heart}
              value={stats.upcomingAnniversaries}
              detail={`Weddings, in the next ${DASHBOARD_BIRTHDAY_DAYS} days`}
              className="col-span-2 sm:col-span-1"
            >
              <NamedDates label="Next wedding anniversaries" people={stats.nextAnniversaries} />
            </StatCard>
          </>
        ) : null}
        {ministryStats ? <MinistryFigures stats={ministryStats} allowed={allowed} /> : null}
        {events ? (
          <StatCard
            label="Upcoming Events"
            to={allowed("event-registrations:read") ? "/members/event-registrations" : "/members/add-event"}
            icon={CalendarDays}
            value={events.total}
            detail={allowed("event-registrations:read") ? "With their registrations" : "Registrations so far"}
            className="col-span-2 sm:col-span-1"
          >
            {events.events.length > 0 ? (
              <ul className="mt-3 grid gap-2 border-t border-border pt-3 text-sm" aria-label="Next events">
                {events.events.map((event) => (
                  <li key={event.id} data-testid="upcoming-event">
                    {/* Above the card's link, so the event's own page can be opened. */}
                    <Link
                      to={`/events/${event.id}`}
                      className="relative z-10 break-words font-medium text-primary underline-offset-2 hover:underline"
                    >
                      {event.title}
                    </Link>
                    <span className="flex flex-wrap justify-between gap-x-3 text-muted-foreground">
                      <span>{formatDate(event.eventDate)}</span>
                      <span data-testid="event-registrations">
                        {count(event.registrations, "registered", "registered")}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </StatCard>
        ) : null}
        {unreadMessages !== null ? (
          <StatCard
            label="Messages"
            to="/members/messages"
            icon={Mail}
            value={unreadMessages}
            detail="New, not yet handled"
            testId="unread-messages"
          />
        ) : null}
      </ul>
    </section>
  );
}
