import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { DELETED_MEMBER_DAYS } from "~/lib/deleted-members";
import { ConfirmDeleteButton } from "./confirm-dialog";

/** Days a deleted member stays restorable: the retention setting the members layout read, else 30. */
export function useDeletedMemberDays(): number {
  const layout = useRouteLoaderData("routes/members/home/layout") as
    { deletedMemberDays?: number | null } | undefined;
  return layout?.deletedMemberDays ?? DELETED_MEMBER_DAYS;
}

/**
 * Deletes a member after a question that names them, and says where they go: "Recently deleted",
 * restorable with everything for the retention setting's days (30 by default). The page shows the
 * outcome with useDeleteToast.
 */
export function DeleteMemberButton({
  id,
  name,
  action,
  fetcherKey = "delete-member",
  text,
}: {
  id: string;
  name: string;
  action?: string;
  fetcherKey?: string;
  /** Words for the trigger (an icon when not given). */
  text?: ReactNode;
}) {
  const days = useDeletedMemberDays();
  const inDays = `${days} ${days === 1 ? "day" : "days"}`;
  return (
    <ConfirmDeleteButton
      id={id}
      action={action}
      fetcherKey={fetcherKey}
      label={`Delete ${name}`}
      title={`Delete ${name}?`}
      question="Are you sure you want to delete this member?"
      details={
        <p className="text-sm">
          {name} will move to <strong>Recently deleted</strong> for {inDays}, where staff can restore them
          with everything (children, ministries, every detail). After {inDays} they are removed for good.
        </p>
      }
      text={text}
    />
  );
}
