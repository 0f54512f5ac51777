import { Download, RotateCcw } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { useEffect } from "react";
import { Panel } from "~/components/panel";
import { StatusBadge } from "~/components/status-badge";
import { Button, buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import {
  BACKUP_ORIGIN_LABEL,
  BACKUP_UPLOAD_PATH,
  MAX_BACKUP_UPLOAD_LABEL,
  type BackupOrigin,
} from "~/lib/backups";
import { formatDateTime, formatFileSize } from "~/lib/format";
import { showToast } from "~/lib/toast";
import { cn } from "~/lib/utils";

export interface BackupListItem {
  name: string;
  at: string;
  bytes: number;
  origin: BackupOrigin;
}

const ORIGIN_TONE = { scheduled: "good", manual: "new", safety: "waiting", uploaded: "neutral" } as const;

/** The backups in the folder, newest first: when, how large, what kind, and what can be done with each. */
export function BackupList({ backups, canRestore }: { backups: BackupListItem[]; canRestore: boolean }) {
  if (backups.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No backups yet. “Back up now” makes the first one.</p>
    );
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Backups">
      {backups.map((backup) => (
        <li
          key={backup.name}
          data-testid="backup-row"
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-3"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <time dateTime={backup.at}>{formatDateTime(backup.at)}</time>
              <StatusBadge tone={ORIGIN_TONE[backup.origin]}>
                {BACKUP_ORIGIN_LABEL[backup.origin]}
              </StatusBadge>
            </p>
            <p className="text-xs text-muted-foreground">
              {formatFileSize(backup.bytes)} · <span className="wrap-anywhere">{backup.name}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <a
              href={`/members/backups/download/${encodeURIComponent(backup.name)}`}
              download
              className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
              aria-label={`Download the backup of ${formatDateTime(backup.at)}`}
            >
              <Download aria-hidden="true" />
              Download
            </a>
            {canRestore ? (
              <Link
                to={`/members/backups/restore/${encodeURIComponent(backup.name)}`}
                className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
                aria-label={`Restore the backup of ${formatDateTime(backup.at)}`}
              >
                <RotateCcw aria-hidden="true" />
                Restore
              </Link>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Restore from a file on this computer (a backup downloaded before, or from another install). */
export function RestoreFromFile({
  restore,
  databaseKind,
}: {
  restore: { canRestore: boolean; why?: string };
  databaseKind: "pglite" | "postgres";
}) {
  const fetcher = useFetcher<ActionResult>({ key: "backup-upload" });
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.data?.toast) showToast({ ...fetcher.data.toast, id: `backup-upload-${fetcher.data.at}` });
  }, [fetcher.data]);
  return (
    <Panel
      title="Restore from a file"
      testId="restore-from-file"
      description="Bring back a backup downloaded from this screen (here or on another install). You confirm on the next page before anything is replaced."
    >
      {restore.canRestore ? (
        <fetcher.Form
          method="post"
          action={BACKUP_UPLOAD_PATH}
          encType="multipart/form-data"
          className="grid gap-3"
        >
          <label htmlFor="backup-file" className="text-sm font-medium">
            Backup file (.tar.gz, at most {MAX_BACKUP_UPLOAD_LABEL})
          </label>
          <input
            id="backup-file"
            name="backup"
            type="file"
            accept=".gz,.tgz,application/gzip"
            required
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-semibold"
          />
          <div>
            <Button type="submit" variant="outline" disabled={busy}>
              {busy ? "Uploading..." : "Upload and continue"}
            </Button>
          </div>
        </fetcher.Form>
      ) : (
        <div className="grid gap-2 text-sm" data-testid="restore-unavailable">
          <p className="font-medium">{restore.why}</p>
          {databaseKind === "postgres" ? (
            <p>
              To restore by hand: download the backup, unpack it (<code>tar xzf backup-….tar.gz</code>), stop
              the site, run{" "}
              <code>
                pg_restore --clean --if-exists --no-owner --dbname &quot;$DATABASE_URL&quot; db.dump
              </code>
              , copy <code>uploads/</code> into the data folder, and start the site again.
            </p>
          ) : null}
        </div>
      )}
    </Panel>
  );
}
