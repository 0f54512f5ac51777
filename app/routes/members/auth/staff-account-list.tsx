import { ChevronRight, Users } from "lucide-react";
import { Link } from "react-router";
import { RoleBadge, StaffStatusBadge } from "~/components/staff-accounts";
import { StatusMessage } from "~/components/status-message";
import type { StaffAccountView } from "~/lib/staff-accounts";

// The list of staff accounts on the Staff accounts screen, each row a link to its account.

// One column layout on a phone (name and role, then status, two-factor, last sign-in); a row of
// columns under a header from lg up.
const ROW_COLUMNS =
  "grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 lg:grid-cols-[minmax(0,1fr)_5.5rem_minmax(0,15rem)_6rem_11rem_1.25rem] lg:items-center";

export function AccountList({ accounts, loadFailed }: { accounts: StaffAccountView[]; loadFailed: boolean }) {
  if (accounts.length === 0) {
    return loadFailed ? null : (
      <StatusMessage icon={Users} title="No staff accounts">
        Add the first one below.
      </StatusMessage>
    );
  }
  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading" className="sr-only">
        Accounts
      </h2>
      <div className="overflow-hidden rounded-xl border border-border bg-background shadow-sm">
        <div
          aria-hidden="true"
          className={`${ROW_COLUMNS} hidden border-b border-border bg-muted/60 px-5 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground lg:grid`}
        >
          <span>Name</span>
          <span>Role</span>
          <span>Status</span>
          <span>Two-factor</span>
          <span>Last sign-in</span>
          <span />
        </div>
        <ul aria-label="Staff accounts" className="divide-y divide-border">
          {accounts.map((account) => (
            <li key={account.id} data-testid="staff-row">
              <Link
                to={`/members/staff/${account.id}`}
                className={`${ROW_COLUMNS} px-4 py-3 transition-colors hover:bg-primary/5 sm:px-5`}
              >
                <span className="min-w-0">
                  <span className="block break-words font-semibold text-navy">
                    {account.name}
                    {account.isSelf ? (
                      <span className="font-normal text-muted-foreground"> (you)</span>
                    ) : null}
                  </span>
                  <span className="block text-sm text-muted-foreground wrap-anywhere">{account.email}</span>
                </span>
                <span className="self-start lg:self-center">
                  <span className="sr-only">Role: </span>
                  <RoleBadge name={account.roleName} />
                </span>
                <span className="col-span-2 flex flex-wrap items-center gap-x-2 gap-y-1 lg:col-span-1">
                  <span className="sr-only">Status: </span>
                  <StaffStatusBadge status={account.status} />
                  {account.statusNote ? (
                    <span className="text-xs text-muted-foreground">{account.statusNote}</span>
                  ) : null}
                </span>
                <span className="col-span-2 text-sm lg:col-span-1">
                  <span className="text-muted-foreground lg:sr-only">Two-factor: </span>
                  {account.twoFactorEnabled ? "On" : "Off"}
                </span>
                <span className="col-span-2 text-sm lg:col-span-1">
                  <span className="text-muted-foreground lg:sr-only">Last sign-in: </span>
                  {account.lastSignIn ?? "Never"}
                </span>
                <ChevronRight className="hidden size-5 text-muted-foreground lg:block" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
