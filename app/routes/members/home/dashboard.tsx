import { CalendarPlus, UserRoundPlus } from "lucide-react";
import { useEffect } from "react";
import { Link, redirect } from "react-router";
import { z } from "zod";
import { AdminScreen } from "~/components/admin-screen";
import { useDeleteToast } from "~/components/confirm-dialog";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { buttonVariants } from "~/components/ui/button";
import { todayInChurchZone } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { mayOpen, type MembersNavItem } from "~/lib/members-nav";
import { can } from "~/lib/permissions";
import { showToast } from "~/lib/toast";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOptional, loadOrEmpty } from "~/server/http/loader.server";
import { countNewInboxItems } from "~/server/messages/inbox.server";
import { dashboardStats, ministryDashboardStats } from "~/server/people/member-reports.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { ministryNames } from "~/server/site/ministry-names.server";
import { upcomingEventsWithRegistrations } from "~/server/people/upcoming-event-registrations.server";
import { registrationFormLink, setRegistrationPasscode } from "~/server/auth/registration-gate.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { removeDemoContent } from "~/server/content/demo-content.server";
import { isSetupDue } from "~/server/auth/first-admin-setup.server";
import { setupChecklist, WELCOME_PATH, type SetupChecklist } from "~/server/site/setup-checklist.server";
import { backupNeedsAttention, lastBackup } from "~/server/platform/backup-schedule.server";
import { lastBackupCopy } from "~/server/backups/offsite-copy.server";
import { services } from "~/server/platform/services.server";
import type { StaffUser } from "~/server/auth/guards.server";
import { BackupPanel, type BackupView } from "./dashboard-backup";
import { DashboardFigures } from "./dashboard-figures";
import { ManageCards } from "./dashboard-manage";
import { PasscodePanel } from "./dashboard-passcode";
import { REMOVE_DEMO_KEY, SetupChecklistPanel } from "./dashboard-setup";
import { RostersPanel } from "./dashboard-rosters";
import { rosterAlerts, thisWeeksRoster } from "~/server/rosters/roster-views.server";
import { count, listOf } from "./dashboard-words";
import { AttendancePanel, type AttendanceGlance } from "./dashboard-attendance";
import { attendanceGlance } from "~/server/attendance/trends.server";
import { myFollowUps, type MyFollowUps } from "~/server/care/my-follow-ups.server";
import { FollowUpsPanel } from "./dashboard-follow-ups";
import type { Route } from "./+types/dashboard";
import { REGISTRATION_PASSCODE_MIN } from "~/lib/registration-passcode";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Members Dashboard", "The members area for church staff.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // The first administrator of a fresh install starts with the set-up, until "Finish later".
  if (isSetupDue(user)) throw redirect(WELCOME_PATH);
  const today = todayInChurchZone();
  // A role limited to ministries sees figures of its ministries only, never the church's.
  const scope = ministryScope(user);
  // Those who register members can hand out (or print) the form's address as a QR code.
  const registrationForm = can(user, "members:write") ? await registrationFormLink(siteOrigin()) : null;
  const empty = {
    registrationForm,
    name: user.name,
    /** The ministries a limited role looks after, named; null for a role that reaches them all. */
    reach: scope ? await ministryNames(scope) : null,
    /** What the person may use decides which cards and figures they see. */
    access: user.access,
    /** New inbox items, for the Messages card (null when it cannot be read or shown). */
    unreadMessages: null as number | null,
    stats: null as Awaited<ReturnType<typeof dashboardStats>> | null,
    ministryStats: null as Awaited<ReturnType<typeof ministryDashboardStats>> | null,
    /** The next events with their registration counts, for those who keep events or registrations. */
    events: null as Awaited<ReturnType<typeof upcomingEventsWithRegistrations>> | null,
    // "Set up your website": for those who can fix it, and simply left out when it cannot be read.
    setup: null as SetupChecklist | null,
    /** The daily backup, for administrators (null for others, or when it cannot be read). */
    backup: null as BackupView | null,
    /** Roster seats of the next days that need attention, for those who plan rosters. */
    rosterAlerts: null as Awaited<ReturnType<typeof rosterAlerts>> | null,
    /** The next main service's roster across the teams the account reads (none without a team). */
    rosterWeek: null as Awaited<ReturnType<typeof thisWeeksRoster>> | null,
    /** The last main service's count and the 4-week average, for those who see attendance. */
    attendance: null as AttendanceGlance | null,
    /** The account's own open follow-ups, for those who see follow-ups (issue 38). */
    followUps: null as MyFollowUps | null,
  };
  const setup = can(user, "site:write")
    ? loadOptional("the setup checklist", () => setupChecklist(user))
    : Promise.resolve(null);
  const backup = can(user, "backups:read")
    ? loadOptional("the last backup", backupView)
    : Promise.resolve(null);
  const alerts = can(user, "rosters:read")
    ? loadOptional("the roster alerts", () => rosterAlerts(scope, today))
    : Promise.resolve(null);
  const week = can(user, "rosters:read")
    ? loadOptional("this week's roster", () => thisWeeksRoster(scope, today))
    : Promise.resolve(null);
  const glance = can(user, "groups:read")
    ? loadOptional("the attendance", () => attendanceGlance(today))
    : Promise.resolve(null);
  // Read alongside the others (awaited with them below).
  const mine = can(user, "care:read")
    ? loadOptional("your follow-ups", () => myFollowUps(user.id, today))
    : Promise.resolve(null);
  const unread = can(user, "messages:read")
    ? loadOptional("the unread messages", countNewInboxItems)
    : Promise.resolve(null);
  return loadOrEmpty(
    "dashboard stats",
    async () => {
      const [stats, ministryStats, events, checklist, unreadMessages, lastBackupView, seats, attendance] =
        await Promise.all([
          // The registry's figures are for those who keep the registry.
          can(user, "members:read") && !scope ? dashboardStats(today) : null,
          scope && (can(user, "members:read") || can(user, "registrations:read"))
            ? ministryDashboardStats(today, scope)
            : null,
          can(user, "event-registrations:read") || can(user, "events:write")
            ? upcomingEventsWithRegistrations(today)
            : null,
          setup,
          unread,
          backup,
          alerts,
          glance,
        ]);
      return {
        ...empty,
        stats,
        ministryStats,
        events,
        setup: checklist,
        unreadMessages,
        backup: lastBackupView,
        rosterAlerts: seats,
        rosterWeek: await week,
        attendance,
        followUps: await mine,
      };
    },
    empty,
  );
}

const passcodeSchema = z.object({
  passcode: z
    .string()
    .trim()
    .min(REGISTRATION_PASSCODE_MIN, `The passcode must be at least ${REGISTRATION_PASSCODE_MIN} characters.`)
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

async function backupView(): Promise<BackupView> {
  const hour = services().env.BACKUP_HOUR;
  const [last, copy] = await Promise.all([lastBackup(), lastBackupCopy()]);
  const copyFailed = copy && !copy.ok ? { at: copy.at, detail: copy.detail } : undefined;
  if (!last) return { state: hour === "off" ? "off" : "none", hour, copyFailed };
  return {
    copyFailed,
    state: backupNeedsAttention(last) ? "attention" : hour === "off" ? "off" : "ok",
    at: last.at,
    bytes: last.bytes,
    folder: last.folder,
    error: last.error,
    hour,
  };
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const {
    stats,
    ministryStats,
    events,
    name,
    reach,
    access,
    unreadMessages,
    setup,
    backup,
    registrationForm,
    rosterAlerts: seats,
    rosterWeek,
    attendance,
    followUps,
    loadFailed,
  } = loaderData;
  const allowed = (permission?: MembersNavItem["permission"]) => mayOpen(access, permission);
  const canChangePasscode = allowed("passcode:change");
  useDeleteToast(REMOVE_DEMO_KEY);

  useLoadFailedToast(loadFailed, "Error fetching stats");
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `dashboard-${actionData.at}` });
  }, [actionData]);

  return (
    <AdminScreen
      title="Members Dashboard"
      description={
        reach === null
          ? `Welcome, ${name}.`
          : `Welcome, ${name}. ${reach ? `You look after ${reach}.` : "Your account looks after no ministry yet."}`
      }
      backTo={null}
      actions={
        allowed("members:write") || allowed("events:write") ? (
          <div className="flex flex-wrap gap-2" role="group" aria-label="Quick Actions">
            {allowed("members:write") ? (
              <Link to="/members/forms" className={buttonVariants()}>
                <UserRoundPlus aria-hidden="true" />
                Add New Member
              </Link>
            ) : null}
            {allowed("events:write") ? (
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
      <DashboardFigures
        stats={stats}
        ministryStats={ministryStats}
        events={events}
        unreadMessages={unreadMessages}
        allowed={allowed}
      />

      {/* The person's own work of the day first: the set-up is done once. */}
      {followUps ? <FollowUpsPanel mine={followUps} /> : null}
      {setup ? <SetupChecklistPanel setup={setup} /> : null}
      {backup ? <BackupPanel backup={backup} /> : null}
      {(rosterWeek && rosterWeek.teams.length > 0) || (seats && seats.length > 0) ? (
        <RostersPanel
          week={rosterWeek && rosterWeek.teams.length > 0 ? rosterWeek : null}
          alerts={seats ?? []}
        />
      ) : null}
      {attendance ? <AttendancePanel glance={attendance} /> : null}

      <ManageCards allowed={allowed} />

      {canChangePasscode || registrationForm ? (
        <PasscodePanel registrationForm={registrationForm} canChange={canChangePasscode} />
      ) : null}
    </AdminScreen>
  );
}
