import {
  ArrowRight,
  BookOpenText,
  CalendarPlus,
  Cake,
  ClipboardList,
  FileBarChart,
  BellRing,
  FileUp,
  Globe,
  ImageUp,
  KeyRound,
  Layers,
  ListChecks,
  ListTodo,
  type LucideIcon,
  Mail,
  Mic,
  UserPlus,
  Users,
  Video,
  UserRoundPlus,
} from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { ConfirmActionButton, useDeleteToast } from "~/components/confirm-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { todayInChurchZone } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { showToast } from "~/lib/toast";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOptional, loadOrEmpty } from "~/server/http/loader.server";
import { countNewInboxItems } from "~/server/messages/inbox.server";
import { dashboardStats } from "~/server/people/member-reports.server";
import { setRegistrationPasscode } from "~/server/auth/registration-gate.server";
import { removeDemoContent, type DemoContentSummary } from "~/server/content/demo-content.server";
import { setupChecklist, type SetupChecklist } from "~/server/site/setup-checklist.server";
import type { StaffUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Members Dashboard", "The members area for church staff.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const empty = {
    name: user.name,
    canChangePasscode: can(user, "passcode:change"),
    canEditSite: can(user, "site:write"),
    canReadMessages: can(user, "messages:read"),
    /** New inbox items, for the Messages card (null when it cannot be read or shown). */
    unreadMessages: null as number | null,
    stats: null as Awaited<ReturnType<typeof dashboardStats>> | null,
    // "Set up your website": for those who can fix it, and simply left out when it cannot be read.
    setup: null as SetupChecklist | null,
  };
  const setup = can(user, "site:write")
    ? loadOptional("the setup checklist", setupChecklist)
    : Promise.resolve(null);
  const unread = can(user, "messages:read")
    ? loadOptional("the unread messages", countNewInboxItems)
    : Promise.resolve(null);
  return loadOrEmpty(
    "dashboard stats",
    async () => {
      const [stats, checklist, unreadMessages] = await Promise.all([
        dashboardStats(todayInChurchZone()),
        setup,
        unread,
      ]);
      return { ...empty, stats, setup: checklist, unreadMessages };
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
  /** Shown only to those who may use it. */
  permission?: "site:write" | "messages:read";
}

const actionCards: ActionCard[] = [
  {
    to: "/members/messages",
    title: "Messages",
    description: "Connect messages, sign-ups and registrations; reply by e-mail.",
    icon: Mail,
    permission: "messages:read",
  },
  {
    to: "/members/forms",
    title: "Member Registration",
    description: "Register a new member.",
    icon: UserPlus,
  },
  {
    to: "/members/details",
    title: "Membership List",
    description: "Search, view, edit and remove members.",
    icon: Users,
  },
  {
    to: "/members/reports",
    title: "Reports",
    description: "Birthdays, anniversaries, ministries, visitors.",
    icon: FileBarChart,
  },
  { to: "/members/upload", title: "Upload Files", description: "Documents for the eLibrary.", icon: FileUp },
  { to: "/members/add-sermon", title: "Add Sermon", description: "Publish a sermon video.", icon: Mic },
  {
    to: "/members/add-ministry-video",
    title: "Ministry Videos",
    description: "Videos on a ministry's page.",
    icon: Video,
  },
  {
    to: "/members/update-ministry-image",
    title: "Ministry Images",
    description: "The picture on a ministry's page.",
    icon: ImageUp,
  },
  {
    to: "/members/add-event",
    title: "Add Event",
    description: "Publish an upcoming event.",
    icon: CalendarPlus,
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
  },
  {
    to: "/members/ministry-registrations",
    title: "Ministry Registrations",
    description: "Who signed up for a ministry.",
    icon: ClipboardList,
  },
  {
    to: "/members/event-registrations",
    title: "Event Registrations",
    description: "Who registered for an event.",
    icon: ListChecks,
  },
];

function StatCard({
  label,
  value,
  subtext,
  icon: Icon,
}: {
  label: string;
  value: string | number;
  subtext?: string;
  icon: LucideIcon;
  /** Shown only to those who may use it. */
  permission?: "site:write";
}) {
  return (
    <div className="rounded-xl border border-border bg-background p-5 shadow-sm">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Icon className="size-5 text-accent-text" aria-hidden="true" />
      </div>
      <p
        className="mt-2 text-3xl font-bold text-navy"
        data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}
      >
        {value}
      </p>
      {subtext ? <p className="mt-1 text-xs text-muted-foreground">{subtext}</p> : null}
    </div>
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
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, name, canChangePasscode, canEditSite, canReadMessages, unreadMessages, setup, loadFailed } =
    loaderData;
  const allowed = { "site:write": canEditSite, "messages:read": canReadMessages };
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
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-navy">Members Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Welcome, {name}.</p>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick Actions">
          <Link to="/members/forms" className={buttonVariants()}>
            <UserRoundPlus aria-hidden="true" />
            Add New Member
          </Link>
          <Link to="/members/add-event" className={buttonVariants({ variant: "outline" })}>
            <CalendarPlus aria-hidden="true" />
            Add New Event
          </Link>
        </div>
      </div>

      {setup ? <SetupChecklistPanel setup={setup} /> : null}

      <h2 className="sr-only">Statistics</h2>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Members" value={stats?.totalMembers ?? "–"} icon={Users} />
        <StatCard
          label="Active Ministries"
          value={stats?.activeMinistries ?? "–"}
          subtext="All running"
          icon={Layers}
        />
        <StatCard
          label="Upcoming Birthdays"
          value={stats?.upcomingBirthdays ?? "–"}
          subtext="In the next 7 days"
          icon={Cake}
        />
        <StatCard
          label="New Visitors"
          value={stats?.newVisitors ?? "–"}
          subtext="Connect form messages"
          icon={BookOpenText}
        />
      </div>

      <h2 className="mt-12 text-xl font-semibold text-navy">Manage</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {actionCards
          .filter((card) => !card.permission || allowed[card.permission])
          .map((card) => (
            <li key={card.to}>
              <Link
                to={card.to}
                className="flex h-full flex-col gap-2 rounded-xl border border-border bg-background p-5 shadow-sm transition-colors hover:border-primary hover:bg-primary/5"
              >
                <card.icon className="size-6 text-primary" aria-hidden="true" />
                <span className="flex flex-wrap items-center gap-2 font-semibold text-navy">
                  {card.title}
                  {card.to === "/members/messages" && unreadMessages ? (
                    <span
                      data-testid="unread-badge"
                      className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground"
                    >
                      {unreadMessages} new
                    </span>
                  ) : null}
                </span>
                <span className="text-sm text-muted-foreground">{card.description}</span>
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
    </section>
  );
}
