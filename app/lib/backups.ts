// Shared by the backups screen and the server: the upload limit of a backup file and how each
// kind of backup is named on the screen.

/** The largest backup file the restore form takes (a church's photos and recordings fit well below). */
export const MAX_BACKUP_UPLOAD_BYTES = 4 * 1024 * 1024 * 1024;
export const MAX_BACKUP_UPLOAD_LABEL = "4 GB";

/** Where the backups' restore form sends a file. */
export const BACKUP_UPLOAD_PATH = "/members/backups/upload";

export type BackupOrigin = "scheduled" | "manual" | "safety" | "uploaded";

export const BACKUP_ORIGIN_LABEL: Record<BackupOrigin, string> = {
  scheduled: "Daily",
  manual: "Manual",
  safety: "Before a restore",
  uploaded: "Uploaded",
};
