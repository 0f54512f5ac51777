import { Ban, CircleCheck, LogOut, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { ConfirmActionButton } from "~/components/confirm-dialog";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import type { StaffAccountView } from "~/lib/staff-accounts";
import { useIsSubmitting } from "~/lib/use-is-submitting";

// The card of one staff account's screen that signs it out, disables, enables or deletes it.

/** The fetcher of the delete button, whose answer the screen shows as a toast. */
export const STAFF_DELETE_KEY = "staff-delete";

/** One thing that can be done to the account: what it does, and its button (or why not). */
function AccessAction({ title, text, children }: { title: string; text: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <h3 className="font-semibold text-navy">{title}</h3>
        <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
      </div>
      <div className="shrink-0">{children}</div>
    </li>
  );
}

/** A form of its own with one outline button that sends `intent`, busy while it is sent. */
function IntentButton({
  intent,
  icon: Icon,
  className,
  children,
}: {
  intent: string;
  icon: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  const busy = useIsSubmitting(intent);
  return (
    <Form method="post">
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant="outline"
        className={className}
        disabled={busy}
      >
        <BusyIcon busy={busy} icon={Icon} />
        {children}
      </Button>
    </Form>
  );
}

export function AccessCard({ account }: { account: StaffAccountView }) {
  const canSignIn = account.status === "active" || account.status === "must-change-password";
  const whyNot = (done: "disabled" | "deleted") =>
    account.isSelf
      ? `This is your own account, so it cannot be ${done} here (you would be locked out). Another admin can do it.`
      : account.isLastActiveAdmin
        ? `The only active admin cannot be ${done}. Make another account an admin first.`
        : null;
  return (
    <StaffCard id="access-heading" title="Sign-in and access">
      <ul className="divide-y divide-border">
        {canSignIn ? (
          <AccessAction
            title="Sign out everywhere"
            text={
              account.isSelf ? (
                <>
                  To sign out your other computers and phones, use{" "}
                  <Link
                    to="/members/account"
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    My account
                  </Link>
                  .
                </>
              ) : (
                `On every computer and phone where ${account.name} is signed in, they must sign in again.`
              )
            }
          >
            {account.isSelf ? null : (
              <IntentButton intent="sign-out" icon={LogOut}>
                Sign out everywhere
              </IntentButton>
            )}
          </AccessAction>
        ) : null}
        {account.status === "disabled" ? (
          <AccessAction
            title="Enable account"
            text={
              account.statusNote
                ? `${account.name} can then accept the invitation: send a new one after enabling.`
                : `${account.name} can sign in again with their password.`
            }
          >
            <IntentButton intent="enable" icon={CircleCheck}>
              Enable account
            </IntentButton>
          </AccessAction>
        ) : (
          <AccessAction
            title="Disable account"
            text={
              whyNot("disabled") ??
              "A disabled account cannot sign in, and is signed out everywhere at once. What it did stays, and it can be enabled again."
            }
          >
            {whyNot("disabled") ? null : (
              <IntentButton intent="disable" icon={Ban} className="text-destructive">
                Disable account
              </IntentButton>
            )}
          </AccessAction>
        )}
        <AccessAction
          title="Delete account"
          text={
            whyNot("deleted") ??
            "Removes the account for good; the audit log keeps what it did. To stop someone signing in for a while, disable the account instead."
          }
        >
          {whyNot("deleted") ? null : (
            <ConfirmActionButton
              label="Delete account"
              question={`Delete the staff account of ${account.name} (${account.email})? They can no longer sign in, and this cannot be undone.`}
              confirmLabel="Delete account"
              intent="delete"
              fetcherKey={STAFF_DELETE_KEY}
            />
          )}
        </AccessAction>
      </ul>
    </StaffCard>
  );
}
