import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { Panel } from "~/components/panel";
import { Button, buttonVariants } from "~/components/ui/button";
import { BACKUP_ORIGIN_LABEL } from "~/lib/backups";
import { formatDateTime, formatFileSize } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { getOptionalUser, requireUser } from "~/server/auth/guards.server";
import { backupDetails } from "~/server/backups/backups.server";
import { restoreAbility, restoreFromBackup } from "~/server/backups/restore.server";
import { refusalFor } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { services } from "~/server/platform/services.server";
import type { Route } from "./+types/backup-restore";

// The confirmation before a restore: which backup, what it holds, what is lost. The restore
// itself runs in the action (the site answers "under maintenance" meanwhile); afterwards the
// sessions are the backup's, so the person may land on the sign-in page with the outcome.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Restore a backup");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "backups:manage");
  try {
    const { entry, manifest } = await backupDetails(params.name);
    return {
      backup: { ...entry, at: manifest.createdAt },
      counts: manifest.counts ?? null,
      hasUploads: manifest.uploads !== null,
      uploadsInBucket: !services().storage.localRoot,
      ability: await restoreAbility(),
    };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "backups:manage");
  try {
    const { backupCreatedAt, safetyBackup } = await restoreFromBackup(params.name, user);
    const description = `The site is as it was on ${formatDateTime(backupCreatedAt)}. The state before is kept as ${safetyBackup}.`;
    // The sessions now are the backup's: the person may have to sign in again.
    // (Asked afresh: the guard's lookup of this request was made on the database before.)
    const stillSignedIn = await getOptionalUser(new Request(request.url, { headers: request.headers }));
    return stillSignedIn
      ? redirectWithToast("/members/backups", { title: "Backup restored", description }, request)
      : redirectWithToast(
          "/members/login",
          {
            title: "Backup restored",
            description: `${description} Please sign in again with an account from that backup.`,
          },
          request,
        );
  } catch (error) {
    return refusalFor(error, {
      title: "Not restored",
      what: "Restoring a backup",
      fallback: "The backup could not be restored; the site is as it was. Please try again.",
    });
  }
}

export default function RestoreBackup({ loaderData, actionData }: Route.ComponentProps) {
  const { backup, counts, hasUploads, uploadsInBucket, ability } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const when = formatDateTime(backup.at);
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `restore-${actionData.at}` });
  }, [actionData]);

  return (
    <AdminScreen
      title="Restore a backup"
      description="Put the whole site back as it was when this backup was taken."
      backTo="/members/backups"
      backLabel="Back to Backups"
    >
      <Panel title={`The backup of ${when}`} testId="restore-confirmation" className="max-w-2xl">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Kind</dt>
          <dd>{BACKUP_ORIGIN_LABEL[backup.origin]}</dd>
          <dt className="text-muted-foreground">Size</dt>
          <dd>{formatFileSize(backup.bytes)}</dd>
          {counts ? (
            <>
              <dt className="text-muted-foreground">Members</dt>
              <dd>{counts.members}</dd>
              <dt className="text-muted-foreground">Staff accounts</dt>
              <dd>{counts.accounts}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">File</dt>
          <dd className="wrap-anywhere">{backup.name}</dd>
        </dl>
        <div className="mt-4 grid gap-2 rounded-lg border border-destructive bg-destructive/5 p-4 text-sm">
          <p className="font-semibold text-destructive">Everything entered since {when} will be lost.</p>
          <p>
            This replaces all the site holds now: the members, the staff accounts and their passwords, the
            website&apos;s texts, events, sermons, messages and the audit log
            {hasUploads && !uploadsInBucket ? ", and the uploaded files" : ""}.
            {uploadsInBucket ? " The uploaded files live in a bucket and stay as they are." : ""}
          </p>
          <p>
            A backup of the site as it is now is taken first (“Before a restore” in the list), so you can go
            back. While the restore runs the website answers “under maintenance”. Afterwards you may have to
            sign in again with an account from the backup.
          </p>
        </div>
        {ability.canRestore ? (
          <Form method="post" className="mt-5 flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? "Restoring..." : "Restore this backup"}
            </Button>
            <Link to="/members/backups" className={buttonVariants({ variant: "outline" })}>
              Cancel
            </Link>
          </Form>
        ) : (
          <p className="mt-5 text-sm font-medium">{ability.why}</p>
        )}
      </Panel>
    </AdminScreen>
  );
}
