import { Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { RoleBadge, RoleChoice, StaffCard, StaffStatusBadge } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import type { RoleOption, StaffAccountView } from "~/lib/staff-accounts";
import { useIsSubmitting } from "~/lib/use-is-submitting";

// The cards of one staff account's screen that show it and change its role or invitation.

export function AccountDetails({
  account,
  ministries,
  memberName,
}: {
  account: StaffAccountView;
  /** The names of the ministries the account looks after. */
  ministries: string[];
  /** The member of the registry it is linked to. */
  memberName: string | null;
}) {
  const rows: [string, ReactNode][] = [
    [
      "Status",
      <span key="status" className="flex flex-wrap items-center gap-2">
        <StaffStatusBadge status={account.status} />
        {account.statusNote ? <span className="text-muted-foreground">{account.statusNote}</span> : null}
      </span>,
    ],
    ["Role", <RoleBadge key="role" name={account.roleName} />],
    ["Ministries", ministries.length > 0 ? ministries.join(", ") : "None"],
    ["Member record", memberName ?? "Not linked"],
    ["Two-factor sign-in", account.twoFactorEnabled ? "On" : "Off"],
    ["Last sign-in", account.lastSignIn ?? "Never"],
    ["Added", account.addedOn],
  ];
  return (
    <StaffCard id="details-heading" title="Account" className="lg:col-start-3 lg:row-start-1">
      <dl className="grid gap-3 text-sm">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{term}</dt>
            <dd className="mt-0.5" data-testid={`staff-detail-${term.toLowerCase().replace(/\W+/g, "-")}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </StaffCard>
  );
}

export function InvitationCard({
  account,
  emailConfigured,
  invitationHours,
}: {
  account: StaffAccountView;
  emailConfigured: boolean;
  invitationHours: number;
}) {
  const busy = useIsSubmitting("resend");
  return (
    <StaffCard
      id="invitation-heading"
      title="Invitation"
      description={`${account.name} has not chosen a password yet. ${account.statusNote ?? ""}.`}
    >
      <Form method="post" className="grid gap-3">
        <p className="text-sm">
          {emailConfigured
            ? `A new invitation e-mail brings a new link, which works for ${invitationHours} hours.`
            : `A new link works for ${invitationHours} hours; you pass it on yourself, as e-mail is not set up.`}{" "}
          Earlier links keep working until they expire.
        </p>
        <div>
          <Button type="submit" name="intent" value="resend" disabled={busy}>
            <BusyIcon busy={busy} icon={Mail} />
            {emailConfigured ? "Send a new invitation" : "Make a new invitation link"}
          </Button>
        </div>
      </Form>
    </StaffCard>
  );
}

function lastAdminNote(account: StaffAccountView) {
  return `${account.name} is the only active account that can manage staff accounts, so it cannot be disabled, deleted or given another role. Give another account that right first.`;
}

export function RoleCard({
  account,
  roles,
  error,
}: {
  account: StaffAccountView;
  roles: RoleOption[];
  error?: string;
}) {
  const busy = useIsSubmitting("role");
  return (
    <StaffCard id="role-heading" title="Role" description="What this account may do in the members area.">
      <Form method="post" className="grid gap-4" key={account.role}>
        <RoleChoice
          roles={roles}
          idPrefix="staff-role"
          legend={`Role of ${account.name}`}
          defaultValue={account.role}
          disabled={account.isLastActiveAdmin}
          error={error}
        />
        {account.isLastActiveAdmin ? (
          <p className="text-sm text-muted-foreground" data-testid="last-admin-note">
            {lastAdminNote(account)}
          </p>
        ) : account.isSelf && account.role === "admin" ? (
          <p className="text-sm text-muted-foreground">
            This is your own account: with another role you can no longer manage staff accounts.
          </p>
        ) : null}
        {account.isLastActiveAdmin ? null : (
          <div>
            <Button type="submit" name="intent" value="role" disabled={busy}>
              <BusyIcon busy={busy} />
              Save role
            </Button>
          </div>
        )}
      </Form>
    </StaffCard>
  );
}
