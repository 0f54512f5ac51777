import { receiveBackupUpload } from "~/server/backups/backups.server";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor } from "~/server/http/action-result.server";
import { redirect } from "react-router";
import type { Route } from "./+types/backup-upload";

// A backup file sent from the backups screen (to restore on this site): streamed to the backup
// folder, checked to be a backup of this website, then on to the restore confirmation.
export async function action({ request }: Route.ActionArgs) {
  await requireUser(request, "backups:manage");
  try {
    const name = await receiveBackupUpload(request);
    return redirect(`/members/backups/restore/${encodeURIComponent(name)}`);
  } catch (error) {
    return refusalFor(error, {
      title: "Not uploaded",
      what: "Receiving a backup file",
      fallback: "The file could not be received. Please try again.",
    });
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "backups:manage");
  return redirect("/members/backups");
}
