import type { ReactNode } from "react";
import { DELETED_MEMBER_DAYS } from "~/lib/deleted-members";
import { ConfirmDeleteButton } from "./confirm-dialog";

/**
 * Deletes a member after a question that names them, and says where they go: "Recently deleted",
 * restorable with everything for 30 days. The page shows the outcome with useDeleteToast.
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
          {name} will move to <strong>Recently deleted</strong> for {DELETED_MEMBER_DAYS} days, where staff
          can restore them with everything (children, ministries, every detail). After {DELETED_MEMBER_DAYS}{" "}
          days they are removed for good.
        </p>
      }
      text={text}
    />
  );
}
