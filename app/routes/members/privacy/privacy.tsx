import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { Field } from "~/components/form-field";
import { Panel } from "~/components/panel";
import { SaveButton } from "~/components/save-button";
import { Input } from "~/components/ui/input";
import { firstError, firstErrors } from "~/lib/action-result";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import {
  RETENTION_DEFAULTS,
  RETENTION_FIELDS,
  RETENTION_LIMITS,
  retentionSchema,
  type RetentionSettings,
} from "~/schemas/retention";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { services } from "~/server/platform/services.server";
import {
  getRetentionSettings,
  lastRetentionRun,
  saveRetentionSettings,
  type RetentionRun,
} from "~/server/privacy/retention-settings.server";
import type { Route } from "./+types/privacy";
import { useLoadFailedToast } from "~/components/load-failed-toast";

// Data retention (privacy issue): how long the site keeps Connect messages, registrations,
// deleted members, closed follow-ups and prayer requests (issue 38), and what the daily clean-up
// last removed. Administrators only.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Data retention", "How long personal data is kept before it is removed.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "privacy:manage");
  const { env } = services();
  const schedule = {
    hour: env.RETENTION_HOUR === "off" ? null : env.RETENTION_HOUR,
    backupKeepDays: env.BACKUP_KEEP_DAYS,
  };
  return loadOrEmpty(
    "the retention settings",
    async () => {
      const [settings, lastRun] = await Promise.all([getRetentionSettings(), lastRetentionRun()]);
      return { settings, lastRun: lastRun ?? null, schedule };
    },
    { settings: RETENTION_DEFAULTS, lastRun: null as RetentionRun | null, schedule },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "privacy:manage");
  const form = await readForm(request);
  const title = "Not saved";
  if (form.get("intent") !== "save") return refuse(400, { title, description: "Unknown request." });
  const values = Object.fromEntries(RETENTION_FIELDS.map((field) => [field, String(form.get(field) ?? "")]));
  const parsed = retentionSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(400, { title, description: firstError(fieldErrors) }, { fieldErrors, values });
  }
  try {
    const changed = await saveRetentionSettings(parsed.data, user);
    return reply({
      title: "Saved",
      description: changed
        ? "The new periods apply from the next daily clean-up."
        : "Nothing changed: these were already the settings.",
    });
  } catch (error) {
    return refusalFor(error, {
      title,
      what: "Saving the retention settings",
      fallback: "The settings could not be saved. Please try again.",
      values,
    });
  }
}

interface FieldText {
  label: string;
  hint: string;
  unit: "months" | "days";
}

const FIELD_TEXT: Record<keyof RetentionSettings, FieldText> = {
  visitorMonths: {
    label: "Connect messages",
    hint: "Messages sent on the Connect page, with their replies, counted from the day they came in.",
    unit: "months",
  },
  eventRegistrationMonths: {
    label: "Event registrations",
    hint: "Counted from the day of the event (from the day they registered, if the event was deleted).",
    unit: "months",
  },
  ministryRegistrationMonths: {
    label: "Ministry sign-ups",
    hint: "Counted from the day they signed up.",
    unit: "months",
  },
  deletedMemberDays: {
    label: "Deleted members can be restored for",
    hint: "Members you delete wait under Recently deleted this long, then are removed for good.",
    unit: "days",
  },
  closedFollowUpMonths: {
    label: "Closed follow-ups",
    hint: "Follow-ups marked done or no response, with their steps and notes, counted from the day they were closed. Open ones stay.",
    unit: "months",
  },
  prayerRequestMonths: {
    label: "Prayer requests",
    hint: "Counted from the day a request expired or was answered, whichever came first.",
    unit: "months",
  },
};

const COUNT_TEXT: { key: keyof RetentionRun["removed"]; one: string; many: string }[] = [
  { key: "visitors", one: "Connect message", many: "Connect messages" },
  { key: "eventRegistrations", one: "Event registration", many: "Event registrations" },
  { key: "ministryRegistrations", one: "Ministry sign-up", many: "Ministry sign-ups" },
  { key: "deletedMembers", one: "Deleted member", many: "Deleted members" },
  { key: "outboxEmails", one: "Sent e-mail", many: "Sent e-mails" },
  { key: "closedFollowUps", one: "Closed follow-up", many: "Closed follow-ups" },
  { key: "prayerRequests", one: "Prayer request", many: "Prayer requests" },
];

function hourText(hour: number) {
  return `${String(hour).padStart(2, "0")}:00`;
}

export default function DataRetention({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, lastRun, schedule, loadFailed } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.ok === false ? actionData.values : undefined;

  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `retention-${actionData.at}` });
  }, [actionData]);
  useLoadFailedToast(loadFailed, "Error fetching the settings");

  return (
    <AdminScreen
      title="Data retention"
      description="How long the site keeps personal data it no longer needs. Every day a clean-up removes what is past its time, for good."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Panel
          title="How long to keep"
          description="Each kind is kept this long, then removed for good by the daily clean-up."
        >
          <Form method="post" className="grid gap-5" noValidate>
            <input type="hidden" name="intent" value="save" />
            {RETENTION_FIELDS.map((field) => {
              const text = FIELD_TEXT[field];
              const { min, max } = RETENTION_LIMITS[text.unit];
              return (
                <Field
                  key={field}
                  id={field}
                  label={text.label}
                  hint={`${text.hint} From ${min} to ${max} ${text.unit}.`}
                  error={errors[field]}
                  control={(aria) => (
                    <div className="flex items-center gap-3">
                      <Input
                        id={field}
                        name={field}
                        type="number"
                        inputMode="numeric"
                        min={min}
                        max={max}
                        step={1}
                        required
                        defaultValue={values?.[field] ?? String(settings[field])}
                        className="w-28"
                        {...aria}
                      />
                      <span className="text-sm text-muted-foreground">{text.unit}</span>
                    </div>
                  )}
                />
              );
            })}
            <SaveButton busy={busy} />
          </Form>
        </Panel>

        <Panel title="Daily clean-up" testId="retention-last-run">
          <div className="grid gap-3 text-sm">
            <p>
              {schedule.hour === null
                ? "The daily clean-up is turned off on this server (RETENTION_HOUR=off)."
                : `It runs every day at ${hourText(schedule.hour)} (Bahrain time), or at the first minute the site runs after it.`}
            </p>
            {lastRun ? (
              <>
                <p>
                  Last run:{" "}
                  <time dateTime={lastRun.at} className="font-medium">
                    {formatDateTime(lastRun.at)}
                  </time>
                </p>
                <div>
                  <p>It removed:</p>
                  <ul className="mt-1 grid gap-1" aria-label="Removed by the last clean-up">
                    {COUNT_TEXT.map(({ key, one, many }) => {
                      const n = lastRun.removed[key] ?? 0;
                      return (
                        <li
                          key={key}
                          className="flex items-baseline justify-between gap-3 border-b border-border py-1"
                        >
                          <span>{n === 1 ? one : many}</span>
                          <span className="font-medium tabular-nums">{n.toLocaleString("en")}</span>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              </>
            ) : (
              <p>It has not run yet.</p>
            )}
            <p className="text-muted-foreground">
              Backups taken before a clean-up still hold what it removed, until they are deleted after{" "}
              {schedule.backupKeepDays} days.
            </p>
          </div>
        </Panel>
      </div>
    </AdminScreen>
  );
}
