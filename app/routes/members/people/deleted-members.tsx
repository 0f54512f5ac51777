import { MemberConfirmation } from "~/components/member-confirmation";
import { LoaderCircle, RotateCcw, Trash2, UserX } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ConfirmDeleteButton, useDeleteToast } from "~/components/confirm-dialog";
import { useDeletedMemberDays } from "~/components/member-delete-button";
import { StatusBadge } from "~/components/status-badge";
import { StatusMessage } from "~/components/status-message";
import { Button, buttonVariants } from "~/components/ui/button";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import type { ActionResult } from "~/lib/action-result";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { showToast } from "~/lib/toast";
import { requireUser } from "~/server/auth/guards.server";
import { refuse, refusalFor, reply, replyWith } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import {
  listDeletedMembers,
  removeDeletedMember,
  restoreMember,
  type DeletedMember,
} from "~/server/people/deleted-members.server";
import type { Route } from "./+types/deleted-members";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Recently deleted", "Restore deleted members, or remove them for good.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "members:write");
  const canErase = can(user, "members:erase");
  return loadOrEmpty("deleted members", async () => ({ rows: await listDeletedMembers(), canErase }), {
    rows: [] as DeletedMember[],
    canErase,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "members:write");
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const gone = { description: "That member is no longer under Recently deleted." };
  if (intent === "restore") {
    try {
      const restored = await restoreMember(id, user);
      if (!restored) return refuse(404, { title: "Restore failed", ...gone });
      return replyWith(
        { title: "Member Restored", description: `${restored.name} is back in the membership list.` },
        { restored },
      );
    } catch (error) {
      return refusalFor(error, {
        title: "Restore failed",
        fallback: "The member could not be restored. Please try again.",
        what: "Restoring a member",
      });
    }
  }
  if (intent === "remove") {
    try {
      const name = await removeDeletedMember(id, user);
      if (!name) return refuse(404, { title: "Delete failed", ...gone });
      return reply({ title: "Removed for Good", description: `${name} has been removed for good.` });
    } catch (error) {
      return refusalFor(error, {
        title: "Delete failed",
        fallback: "The member could not be removed. Please try again.",
        what: "Removing a deleted member for good",
      });
    }
  }
  return refuse(400, { title: "Request failed", description: "Unknown request." });
}

const ACTORS: Record<string, string> = {
  system: "System",
  console: "Console",
  "registration-passcode": "Registration form",
};

function whoDeleted(label: string | null): string {
  if (!label) return "unknown";
  return ACTORS[label] ?? label;
}

function daysLeftInWords(days: number): string {
  if (days === 0) return "Removed for good within a day";
  return `${days} day${days === 1 ? "" : "s"} left`;
}

type RestoreAnswer = ActionResult & { restored?: { id: string; name: string } };

function RestoreButton({ member }: { member: DeletedMember }) {
  const fetcher = useFetcher<RestoreAnswer>({ key: "restore-member" });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === member.id;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="id" value={member.id} />
      <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
        {busy ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <RotateCcw aria-hidden="true" />
        )}
        Restore<span className="sr-only"> {member.name}</span>
      </Button>
    </fetcher.Form>
  );
}

/** A deleted member with its days left, and the ways to restore or remove it. */
function DeletedMemberItem({ member, canErase }: { member: DeletedMember; canErase: boolean }) {
  return (
    <li
      data-testid="deleted-member"
      className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold wrap-anywhere">{member.name}</span>
          <StatusBadge tone="waiting">{daysLeftInWords(member.daysLeft)}</StatusBadge>
        </p>
        <p className="mt-1 text-sm text-muted-foreground wrap-anywhere">{member.email}</p>
        <p className="text-sm text-muted-foreground">
          Deleted <time dateTime={member.deletedAt}>{formatDateTime(member.deletedAt)}</time> by{" "}
          <span className="wrap-anywhere">{whoDeleted(member.deletedBy)}</span>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <RestoreButton member={member} />
        {/* Privacy (issue 23): the member and everything linked by e-mail or mobile. */}
        {canErase ? (
          <Link to={`/members/profile/${member.id}/erase`} className={buttonVariants({ variant: "outline" })}>
            <UserX aria-hidden="true" />
            Erase<span className="sr-only"> {member.name}</span>
          </Link>
        ) : null}
        <ConfirmDeleteButton
          id={member.id}
          intent="remove"
          fetcherKey="remove-member"
          label={`Delete ${member.name} now`}
          title={`Remove ${member.name} for good?`}
          question={`${member.name} and every detail kept about them (children, ministries) will be removed for good. This cannot be undone.`}
          confirmLabel="Remove for good"
          text={
            <>
              Delete<span className="sr-only"> {member.name}</span> now
            </>
          }
        />
      </div>
    </li>
  );
}

export default function RecentlyDeleted({ loaderData }: Route.ComponentProps) {
  const { rows, loadFailed, canErase } = loaderData;
  const restore = useFetcher<RestoreAnswer>({ key: "restore-member" });
  const restored = restore.state === "idle" ? restore.data?.restored : undefined;
  useDeleteToast("remove-member");
  const days = useDeletedMemberDays();
  const inDays = `${days} ${days === 1 ? "day" : "days"}`;

  useEffect(() => {
    if (restore.state === "idle" && restore.data) {
      showToast({ ...restore.data.toast, id: `restore-member-${restore.data.at}` });
    }
  }, [restore.state, restore.data]);

  useLoadFailedToast(loadFailed, "Error fetching members");

  return (
    <AdminScreen
      title="Recently deleted"
      description={`Deleted members wait here for ${inDays}: restore them with everything, or remove them for good. After ${inDays} they are removed for good automatically.`}
      backTo="/members/details"
      backLabel="Back to List"
    >
      {/* Always there, so a screen reader reads each restore. */}
      <MemberConfirmation what="Restored" member={restored} testId="restored" />

      {rows.length === 0 ? (
        <StatusMessage icon={Trash2} title="No recently deleted members" testId="deleted-empty">
          Members you delete stay here for {inDays}, so they can be restored.
        </StatusMessage>
      ) : (
        <ul className="grid gap-3" aria-label="Recently deleted members">
          {rows.map((member) => (
            <DeletedMemberItem key={member.id} member={member} canErase={canErase} />
          ))}
        </ul>
      )}
    </AdminScreen>
  );
}
