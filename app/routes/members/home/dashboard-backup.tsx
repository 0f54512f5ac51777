import { DatabaseBackup } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime, formatFileSize, formatTime12 } from "~/lib/format";
import { cn } from "~/lib/utils";

export interface BackupView {
  /** "off" when BACKUP_HOUR=off; "none" before the first one. */
  state: "ok" | "attention" | "none" | "off";
  at?: string;
  bytes?: number;
  folder?: string;
  error?: string;
  hour: number | "off";
  /** The last off-site copy failed: when, and the bucket's answer. */
  copyFailed?: { at: string; detail: string };
}

/** The daily backup: when the last one was taken and how large it is, or why it needs attention. */
export function BackupPanel({ backup }: { backup: BackupView }) {
  const attention = backup.state === "attention" || Boolean(backup.copyFailed);
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
      <p
        className={cn(
          "mt-1 text-sm",
          backup.state === "attention" ? "font-medium text-destructive" : "text-muted-foreground",
        )}
      >
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
      {backup.copyFailed ? (
        <p className="mt-1 text-sm font-medium text-destructive" data-testid="backup-copy-failed">
          The off-site copy failed ({formatDateTime(backup.copyFailed.at)}): {backup.copyFailed.detail}
        </p>
      ) : null}
      <p className="mt-2 text-sm">
        <Link to="/members/backups" className="font-medium text-primary underline-offset-4 hover:underline">
          Backups: download, restore, off-site copy
        </Link>
      </p>
    </section>
  );
}
