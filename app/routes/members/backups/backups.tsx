import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { Panel } from "~/components/panel";
import { Button } from "~/components/ui/button";
import { firstError, firstErrors } from "~/lib/action-result";
import { formatTime12 } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { BACKUP_COPY_FIELDS, backupCopySchema } from "~/schemas/backup-copy";
import { requireUser } from "~/server/auth/guards.server";
import { backupNow, listBackups, type BackupEntry } from "~/server/backups/backups.server";
import {
  backupCopySettings,
  lastBackupCopy,
  removeBackupCopySettings,
  saveBackupCopySettings,
  testBackupCopy,
  type CopyStatus,
} from "~/server/backups/offsite-copy.server";
import { restoreAbility } from "~/server/backups/restore.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { backupFolder } from "~/server/platform/backup-schedule.server";
import { currentBackupWork } from "~/server/platform/backup-lock.server";
import { settingsKeySource } from "~/server/platform/secret-box.server";
import { services } from "~/server/platform/services.server";
import { BackupList, RestoreFromFile } from "./backups-list";
import { OffsiteCopyPanel } from "./backups-offsite";
import type { Route } from "./+types/backups";

// Backups in the browser (issue 32): the backups in the server's backup folder, "back up now",
// each downloadable as one file, restore (on its own confirmation page), and the off-site copy to
// an S3-compatible bucket. Administrators only.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Backups", "Back up, download and restore the website's data.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "backups:manage");
  const { env, database, storage } = services();
  const facts = {
    folder: backupFolder(),
    hour: env.BACKUP_HOUR,
    keepDays: env.BACKUP_KEEP_DAYS,
    databaseKind: database.kind,
    uploadsInBucket: !storage.localRoot,
    keySource: settingsKeySource(env),
    copy: backupCopySettings(),
  };
  return loadOrEmpty(
    "the backups",
    async () => {
      const [backups, busy, restore, lastCopy] = await Promise.all([
        listBackups(),
        currentBackupWork(),
        restoreAbility(),
        lastBackupCopy(),
      ]);
      return {
        ...facts,
        backups,
        busy: busy ? `A ${busy.what} started by ${busy.by} is running.` : null,
        restore,
        lastCopy: lastCopy ?? null,
      };
    },
    {
      ...facts,
      backups: [] as BackupEntry[],
      busy: null as string | null,
      restore: { canRestore: false } as { canRestore: boolean; why?: string },
      lastCopy: null as CopyStatus | null,
    },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "backups:manage");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "backup-now") {
    try {
      const { name, copy } = await backupNow(user, { copyOffsite: form.get("copyOffsite") === "on" });
      const copied = copy
        ? copy.ok
          ? " and copied to the bucket"
          : `, but the off-site copy failed: ${copy.detail}`
        : "";
      return copy && !copy.ok
        ? refuse(502, { title: "Backup made, copy failed", description: `${name} was made${copied}` })
        : reply({ title: "Backup made", description: `${name} is in the list${copied}.` });
    } catch (error) {
      return refusalFor(error, {
        title: "No backup made",
        what: "Backing up now",
        fallback: "The backup could not be made. Please try again.",
      });
    }
  }
  if (intent === "save-copy") {
    const values = Object.fromEntries(
      BACKUP_COPY_FIELDS.map((field) => [field, String(form.get(field) ?? "")]),
    );
    const parsed = backupCopySchema.safeParse(values);
    const shown = { ...values, secretKey: "" };
    if (!parsed.success) {
      const fieldErrors = firstErrors(parsed.error.issues);
      return refuse(
        400,
        { title: "Not saved", description: firstError(fieldErrors) },
        { fieldErrors, values: shown },
      );
    }
    try {
      await saveBackupCopySettings(parsed.data, user);
      return reply({
        title: "Saved",
        description: "Each daily backup will be copied to this bucket. Use “Test the bucket” to check it.",
      });
    } catch (error) {
      return refusalFor(error, {
        title: "Not saved",
        what: "Saving the off-site copy",
        fallback: "The settings could not be saved. Please try again.",
        values: shown,
      });
    }
  }
  if (intent === "test-copy") {
    try {
      const { ok, message } = await testBackupCopy();
      return ok
        ? reply({ title: "The bucket works", description: message })
        : refuse(502, { title: "The bucket did not work", description: message });
    } catch (error) {
      return refusalFor(error, {
        title: "Not tested",
        what: "Testing the bucket",
        fallback: "The test could not run.",
      });
    }
  }
  if (intent === "remove-copy") {
    const removed = await removeBackupCopySettings(user);
    return reply({
      title: removed ? "Off-site copy turned off" : "Nothing to remove",
      description: removed ? "Backups stay on this server only." : "No bucket was set up.",
    });
  }
  return refuse(400, { title: "Not done", description: "Unknown request." });
}

function scheduleText(hour: number | "off", keepDays: number) {
  if (hour === "off") return "Daily backups are off on this server (BACKUP_HOUR=off); use “Back up now”.";
  const at = formatTime12(`${String(hour).padStart(2, "0")}:00`);
  return `A backup is taken every day at ${at} Bahrain time. Backups older than ${keepDays} days are removed.`;
}

export default function Backups({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData;
  const navigation = useNavigation();
  const backingUp = navigation.state !== "idle" && navigation.formData?.get("intent") === "backup-now";

  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `backups-${actionData.at}` });
  }, [actionData]);
  useLoadFailedToast(data.loadFailed, "Error fetching the backups");

  return (
    <AdminScreen
      title="Backups"
      description="Copies of everything the site holds: the members, the website's texts, the accounts and the uploaded files."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <Panel
            title="Backups on this server"
            testId="backup-list"
            description={scheduleText(data.hour, data.keepDays)}
          >
            <Form method="post" className="mb-5 grid gap-3">
              <input type="hidden" name="intent" value="backup-now" />
              {data.copy ? (
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="copyOffsite" className="size-4 accent-primary" />
                  Also copy it to the off-site bucket
                </label>
              ) : null}
              <div>
                <Button type="submit" disabled={backingUp || Boolean(data.busy)}>
                  {backingUp ? "Backing up..." : "Back up now"}
                </Button>
              </div>
              {data.busy ? <p className="text-sm font-medium text-accent-text">{data.busy}</p> : null}
            </Form>
            <BackupList backups={data.backups} canRestore={data.restore.canRestore} />
            <p className="mt-4 text-xs text-muted-foreground wrap-anywhere">
              Kept in {data.folder} on the server.
            </p>
          </Panel>
          <RestoreFromFile restore={data.restore} databaseKind={data.databaseKind} />
        </div>
        <div className="grid min-w-0 gap-6">
          <Panel title="What a backup holds">
            <ul className="grid list-disc gap-2 pl-5 text-sm">
              <li>
                The whole database (
                {data.databaseKind === "pglite" ? "the embedded database" : "PostgreSQL, by pg_dump"}), with
                the audit log and the staff accounts.
              </li>
              <li>
                {data.uploadsInBucket
                  ? "Not the uploaded files: they live in an S3 bucket. Keep them with the bucket's own versioning or replication."
                  : "The uploaded files: pictures, documents and sermon recordings."}
              </li>
              <li>
                The mail server's password and the bucket's secret key, sealed with this server's settings key
                ({data.keySource}), which is not in the backup: after restoring on another server, type them
                again.
              </li>
            </ul>
          </Panel>
          <OffsiteCopyPanel copy={data.copy} lastCopy={data.lastCopy} actionData={actionData} />
        </div>
      </div>
    </AdminScreen>
  );
}
