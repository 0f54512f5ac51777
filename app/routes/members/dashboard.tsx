import {
  BookOpenText,
  CalendarPlus,
  Cake,
  ClipboardList,
  FileBarChart,
  FileUp,
  ImageUp,
  KeyRound,
  Layers,
  ListChecks,
  type LucideIcon,
  Mic,
  UserPlus,
  Users,
  Video,
  UserRoundPlus,
} from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { todayInChurchZone } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { showToast } from "~/lib/toast";
import { requireUser } from "~/server/auth/guards.server";
import { refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { dashboardStats } from "~/server/people/member-reports.server";
import { setRegistrationPasscode } from "~/server/auth/registration-gate.server";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Members Dashboard", "The members area for church staff.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const empty = {
    name: user.name,
    canChangePasscode: can(user, "passcode:change"),
    stats: null as Awaited<ReturnType<typeof dashboardStats>> | null,
  };
  return loadOrEmpty(
    "dashboard stats",
    async () => ({ ...empty, stats: await dashboardStats(todayInChurchZone()) }),
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
  const title = "Update Failed";
  if (form.get("intent") !== "set-passcode") return refuse(400, { title, description: "Unknown request." });
  const user = await requireUser(request, "passcode:change");
  const parsed = passcodeSchema.safeParse({ passcode: form.get("passcode") ?? "" });
  if (!parsed.success) return refuse(400, { title, description: parsed.error.issues[0]!.message });
  await setRegistrationPasscode(parsed.data.passcode, user);
  return reply({ title: "Update Successful!", description: "The registration passcode has been changed." });
}

interface ActionCard {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

const actionCards: ActionCard[] = [
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

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, name, canChangePasscode, loadFailed } = loaderData;
  const navigation = useNavigation();

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
        {actionCards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="flex h-full flex-col gap-2 rounded-xl border border-border bg-background p-5 shadow-sm transition-colors hover:border-primary hover:bg-primary/5"
            >
              <card.icon className="size-6 text-primary" aria-hidden="true" />
              <span className="font-semibold text-navy">{card.title}</span>
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
