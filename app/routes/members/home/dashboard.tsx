import {
  DatabaseBackup,
  ArrowRight,
  BookOpenText,
  CalendarDays,
  CalendarPlus,
  Cake,
  ClipboardList,
  FileBarChart,
  BellRing,
  FileUp,
  Globe,
  Heart,
  ImageUp,
  KeyRound,
  Layers,
  ListChecks,
  ListTodo,
  type LucideIcon,
  Mail,
  Mic,
  UserCog,
  UserPlus,
  Users,
  ScrollText,
  CircleUserRound,
  Video,
  UserRoundPlus,
} from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AdminScreen } from "~/components/admin-screen";
import { ConfirmActionButton, useDeleteToast } from "~/components/confirm-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { todayInChurchZone } from "~/lib/dates";
import { formatDate, formatDateTime, formatDayMonth, formatFileSize, formatTime12 } from "~/lib/format";
import { DASHBOARD_BIRTHDAY_DAYS } from "~/lib/member-dates";
import { cn } from "~/lib/utils";
import { pageMeta } from "~/lib/meta";
import { can, type Permission } from "~/lib/permissions";
import { showToast } from "~/lib/toast";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOptional, loadOrEmpty } from "~/server/http/loader.server";
import { countNewInboxItems } from "~/server/messages/inbox.server";
import { dashboardStats } from "~/server/people/member-reports.server";
import { upcomingEventsWithRegistrations } from "~/server/people/upcoming-event-registrations.server";
import { setRegistrationPasscode } from "~/server/auth/registration-gate.server";
import { removeDemoContent, type DemoContentSummary } from "~/server/content/demo-content.server";
import { setupChecklist, type SetupChecklist } from "~/server/site/setup-checklist.server";
import { backupNeedsAttention, lastBackup } from "~/server/platform/backup-schedule.server";
import { services } from "~/server/platform/services.server";
import type { StaffUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Members Dashboard", "The members area for church staff.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const today = todayInChurchZone();
  const empty = {
    name: user.name,
    /** What the person may use decides which cards and figures they see. */
    role: user.role,
    /** New inbox items, for the Messages card (null when it cannot be read or shown). */
    unreadMessages: null as number | null,
    stats: null as Awaited<ReturnType<typeof dashboardStats>> | null,
    /** The next events with their registration counts, for those who keep events or registrations. */
    events: null as Awaited<ReturnType<typeof upcomingEventsWithRegistrations>> | null,
    // "Set up your website": for those who can fix it, and simply left out when it cannot be read.
    setup: null as SetupChecklist | null,
    /** The daily backup, for administrators (null for others, or when it cannot be read). */
    backup: null as BackupView | null,
  };
  const setup = can(user, "site:write")
    ? loadOptional("the setup checklist", setupChecklist)
    : Promise.resolve(null);
  const backup = can(user, "backups:read")
    ? loadOptional("the last backup", backupView)
    : Promise.resolve(null);
  const unread = can(user, "messages:read")
    ? loadOptional("the unread messages", countNewInboxItems)
    : Promise.resolve(null);
  return loadOrEmpty(
    "dashboard stats",
    async () => {
      const [stats, events, checklist, unreadMessages, lastBackupView] = await Promise.all([
        // The registry's figures are for those who keep the registry.
        can(user, "members:read") ? dashboardStats(today) : null,
        can(user, "registrations:read") || can(user, "content:write")
          ? upcomingEventsWithRegistrations(today)
          : null,
        setup,
        unread,
        backup,
      ]);
      return { ...empty, stats, events, setup: checklist, unreadMessages, backup: lastBackupView };
    },
    empty,
  );
}

const passcodeSchema = z.object({
  passcode: z
    .string()
    .trim()
    .min(4, "The passcode must be at least 4 characters.")
    .max(100, "The passcode must be at most 100 characters."),
});

export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  const form = await readForm(request);
  if (form.get("intent") === "remove-demo") return removeDemo(await requireUser(request, "site:write"));
  const title = "Update Failed";
  if (form.get("intent") !== "set-passcode") return refuse(400, { title, description: "Unknown request." });
  const user = await requireUser(request, "passcode:change");
  const parsed = passcodeSchema.safeParse({ passcode: form.get("passcode") ?? "" });
  if (!parsed.success) return refuse(400, { title, description: parsed.error.issues[0]!.message });
  await setRegistrationPasscode(parsed.data.passcode, user);
  return reply({ title: "Update Successful!", description: "The registration passcode has been changed." });
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a, b and c". */
function listOf(parts: string[]) {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

async function removeDemo(user: StaffUser) {
  try {
    const removed = await removeDemoContent(user);
    const parts = [
      removed.sermons ? count(removed.sermons, "sermon") : "",
      removed.events ? count(removed.events, "event") : "",
      removed.documents ? count(removed.documents, "eLibrary document") : "",
    ].filter(Boolean);
    if (parts.length === 0)
      return reply({ title: "Nothing to Remove", description: "There was no demo content left." });
    return reply({ title: "Demo Content Removed", description: `Removed ${listOf(parts)}.` });
  } catch (error) {
    return refusalFor(error, {
      title: "Removal Failed",
      what: "Removing the demo content",
      fallback: "The demo content could not be removed. Please try again.",
    });
  }
}

interface ActionCard {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** Shown only to those who may use it (to every account when none is named). */
  permission?: Permission;
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
    permission: "content:write",
  },
  {
    to: "/members/add-sermon",
    title: "Add Sermon",
    description: "Publish a sermon video.",
    icon: Mic,
    permission: "content:write",
  },
  {
    to: "/members/add-ministry-video",
    title: "Ministry Videos",
    description: "Videos on a ministry's page.",
    icon: Video,
    permission: "content:write",
  },
  {
    to: "/members/update-ministry-image",
    title: "Ministry Images",
    description: "The picture on a ministry's page.",
    icon: ImageUp,
    permission: "content:write",
  },
  {
    to: "/members/add-event",
    title: "Add Event",
    description: "Publish an upcoming event.",
    icon: CalendarPlus,
    permission: "content:write",
  },
  {
    to: "/members/site",
    title: "Website",
    description: "Church details, service times, pages, pastors, ministries.",
    icon: Globe,
    permission: "site:write",
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
    permission: "registrations:read",
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

const REMOVE_DEMO_KEY = "remove-demo";

/** "3 sermons: A, B, C" for each kind of demo content that is left. */
function demoGroups(demo: DemoContentSummary) {
  return [
    { what: count(demo.sermons.length, "sermon"), titles: demo.sermons },
    { what: count(demo.events.length, "event"), titles: demo.events },
    { what: count(demo.documents.length, "eLibrary document"), titles: demo.documents },
  ].filter((group) => group.titles.length > 0);
}

interface BackupView {
  /** "off" when BACKUP_HOUR=off; "none" before the first one. */
  state: "ok" | "attention" | "none" | "off";
  at?: string;
  bytes?: number;
  folder?: string;
  error?: string;
  hour: number | "off";
}

async function backupView(): Promise<BackupView> {
  const hour = services().env.BACKUP_HOUR;
  const last = await lastBackup();
  if (!last) return { state: hour === "off" ? "off" : "none", hour };
  return {
    state: backupNeedsAttention(last) ? "attention" : hour === "off" ? "off" : "ok",
    at: last.at,
    bytes: last.bytes,
    folder: last.folder,
    error: last.error,
    hour,
  };
}

/** The daily backup: when the last one was taken and how large it is, or why it needs attention. */
function BackupPanel({ backup }: { backup: BackupView }) {
  const attention = backup.state === "attention";
  const when = backup.at ? formatDateTime(backup.at) : undefined;
  return (
    <section
      aria-labelledby="backup-heading"
      data-testid="backup-status"
      className={cn(
        "mt-8 rounded-xl border p-5 shadow-sm sm:p-6",
        attention ? "border-destructive bg-destructive/5" : "border-border bg-card",
      )}
    >
      <h2 id="backup-heading" className="flex items-center gap-2 text-lg font-semibold text-navy">
        <DatabaseBackup className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
        Backups
      </h2>
      <p className={cn("mt-1 text-sm", attention ? "font-medium text-destructive" : "text-muted-foreground")}>
        {backup.error
          ? `The last backup failed (${when}): ${backup.error}`
          : attention
            ? `No backup since ${when}. Check that the server is running and can write to its backup folder.`
            : backup.state === "none"
              ? "No backup yet: the first one is taken within a minute of the server starting."
              : backup.hour === "off"
                ? `Daily backups are off (BACKUP_HOUR=off). Take them another way.${
                    when ? ` The last one was taken ${when}.` : ""
                  }`
                : `Last backup ${when}, ${formatFileSize(backup.bytes ?? 0)}. A new one is taken every day at ${formatTime12(
                    `${String(backup.hour).padStart(2, "0")}:00`,
                  )} Bahrain time.`}
      </p>
      {backup.folder && !backup.error ? (
        <p className="mt-1 text-xs text-muted-foreground wrap-anywhere">In {backup.folder}</p>
      ) : null}
    </section>
  );
}

function SetupChecklistPanel({ setup }: { setup: SetupChecklist }) {
  const groups = demoGroups(setup.demo);
  return (
    <section
      aria-labelledby="setup-heading"
      data-testid="setup-checklist"
      className="mt-8 rounded-xl border border-gold bg-gold/10 p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 max-w-2xl">
          <h2 id="setup-heading" className="flex items-center gap-2 text-lg font-semibold text-navy">
            <ListTodo className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
            Set up your website
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            These still show a placeholder or demo content to visitors. Each item goes away once it is fixed.
          </p>
        </div>
        {groups.length > 0 ? (
          <ConfirmActionButton
            label="Remove demo content"
            question="This deletes the demo content below from the website, with its files. It cannot be undone."
            confirmLabel="Remove demo content"
            intent="remove-demo"
            fetcherKey={REMOVE_DEMO_KEY}
          >
            <ul className="grid gap-2 text-sm" aria-label="Demo content to remove">
              {groups.map((group) => (
                <li key={group.what} className="break-words">
                  <span className="font-semibold text-navy">{group.what}:</span> {group.titles.join(", ")}
                </li>
              ))}
            </ul>
          </ConfirmActionButton>
        ) : null}
      </div>
      <ul className="mt-4 divide-y divide-gold/40 border-t border-gold/40">
        {setup.items.map((item) => (
          <li
            key={item.key}
            data-testid={`setup-item-${item.key}`}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <div className="min-w-0">
              <p className="font-medium text-foreground">{item.label}</p>
              {item.detail ? (
                <p className="mt-0.5 break-words text-sm text-muted-foreground">{item.detail}</p>
              ) : null}
            </div>
            {item.href ? (
              <Link
                to={item.href}
                className={buttonVariants({
                  variant: "outline",
                  size: "sm",
                  className: "self-start sm:self-auto",
                })}
              >
                {item.linkText}
                <ArrowRight aria-hidden="true" />
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, events, name, role, unreadMessages, setup, backup, loadFailed } = loaderData;
  const allowed = (permission?: Permission) => !permission || can({ role }, permission);
  const canChangePasscode = allowed("passcode:change");
  const navigation = useNavigation();
  useDeleteToast(REMOVE_DEMO_KEY);

  useEffect(() => {
    if (loadFailed)
      showToast({
        title: "Error fetching stats",
        description: "Please reload the page.",
        variant: "destructive",
      });
  }, [loadFailed]);
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `dashboard-${actionData.at}` });
  }, [actionData]);

  return (
    <AdminScreen
      title="Members Dashboard"
      description={`Welcome, ${name}.`}
      backTo={null}
      actions={
        allowed("members:write") || allowed("content:write") ? (
          <div className="flex flex-wrap gap-2" role="group" aria-label="Quick Actions">
            {allowed("members:write") ? (
              <Link to="/members/forms" className={buttonVariants()}>
                <UserRoundPlus aria-hidden="true" />
                Add New Member
              </Link>
            ) : null}
            {allowed("content:write") ? (
              <Link
                to="/members/add-event"
                className={buttonVariants({ variant: allowed("members:write") ? "outline" : "default" })}
              >
                <CalendarPlus aria-hidden="true" />
                Add New Event
              </Link>
            ) : null}
          </div>
        ) : null
      }
    >
      {stats || events || unreadMessages !== null ? (
        <section aria-labelledby="figures-heading">
          <h2 id="figures-heading" className="sr-only">
            Statistics
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {stats ? (
              <>
                <StatCard
                  label="Members"
                  to="/members/details?status=active"
                  icon={Users}
                  testId="stat-active-members"
                  value={stats.activeMembers}
                  detail={
                    <>
                      active of <span data-testid="stat-total-members">{stats.totalMembers}</span>
                    </>
                  }
                />
                <StatCard
                  label="New This Month"
                  to="/members/details?joined=this-month"
                  icon={UserRoundPlus}
                  value={stats.newThisMonth}
                  detail="Members registered"
                />
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
            {events ? (
              <StatCard
                label="Upcoming Events"
                to={allowed("registrations:read") ? "/members/event-registrations" : "/members/add-event"}
                icon={CalendarDays}
                value={events.total}
                detail={allowed("registrations:read") ? "With their registrations" : "Registrations so far"}
                className="col-span-2 sm:col-span-1"
              >
                {events.events.length > 0 ? (
                  <ul
                    className="mt-3 grid gap-2 border-t border-border pt-3 text-sm"
                    aria-label="Next events"
                  >
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
      ) : null}

      {setup ? <SetupChecklistPanel setup={setup} /> : null}
      {backup ? <BackupPanel backup={backup} /> : null}

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
                <span className="hidden text-sm text-muted-foreground sm:block">{card.description}</span>
              </Link>
            </li>
          ))}
      </ul>

      {canChangePasscode ? (
        <section
          aria-labelledby="passcode-heading"
          className="mt-12 max-w-xl rounded-xl border border-border bg-background p-6 shadow-sm"
        >
          <h2 id="passcode-heading" className="flex items-center gap-2 text-lg font-semibold text-navy">
            <KeyRound className="size-5 text-accent-text" aria-hidden="true" />
            Registration passcode
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            The shared passcode that opens the new member form. Only administrators can change it; it is
            stored as a hash and never shown.
          </p>
          <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="set-passcode" />
            <div className="grid flex-1 gap-2">
              <label htmlFor="new-passcode" className="text-sm font-medium">
                New passcode
              </label>
              <Input
                id="new-passcode"
                name="passcode"
                type="password"
                autoComplete="new-password"
                minLength={4}
                maxLength={100}
                required
              />
            </div>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              Change passcode
            </Button>
          </Form>
        </section>
      ) : null}
    </AdminScreen>
  );
}
