import { ShieldCheck } from "lucide-react";
import { Form } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import type { StaffAccountView } from "~/lib/staff-accounts";
import { useIsSubmitting } from "~/lib/use-is-submitting";

// The Staff accounts screen's setting that requires two-factor sign-in of every account.

export function TwoFactorSetting({
  accounts,
  required,
  selfHasTwoFactor,
}: {
  accounts: StaffAccountView[];
  required: boolean;
  selfHasTwoFactor: boolean;
}) {
  const busy = useIsSubmitting("two-factor");
  const enabled = accounts.filter((account) => account.status !== "disabled");
  const without = enabled.filter((account) => !account.twoFactorEnabled).length;
  return (
    <StaffCard
      id="two-factor-heading"
      title="Two-factor sign-in"
      description="With two-factor sign-in, signing in takes the password and a code from an app on the person's phone, so a stolen password alone is not enough."
    >
      <div className="grid gap-4">
        <p className="flex items-start gap-2 text-sm" data-testid="two-factor-count">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {without === 0
            ? "Every account uses two-factor sign-in."
            : `${without} of ${enabled.length} ${enabled.length === 1 ? "account does" : "accounts do"} not use two-factor sign-in yet.`}
        </p>
        <Form method="post" className="grid gap-4" key={String(required)}>
          <input type="hidden" name="intent" value="two-factor" />
          <div className="grid gap-1">
            <label htmlFor="require-two-factor" className="flex min-h-11 items-center gap-3 font-medium">
              <input
                id="require-two-factor"
                type="checkbox"
                name="required"
                defaultChecked={required}
                aria-describedby="require-two-factor-hint"
                className="size-5 shrink-0 accent-primary"
              />
              Require two-factor sign-in for every staff account
            </label>
            <p id="require-two-factor-hint" className="text-sm text-muted-foreground">
              Accounts without it are taken to the set-up screen after they sign in, and can do nothing else
              until it is done.
              {!selfHasTwoFactor && !required
                ? " That includes yours: you set it up right after saving."
                : ""}
            </p>
          </div>
          <div>
            <Button type="submit" variant="outline" disabled={busy}>
              <BusyIcon busy={busy} />
              Save
            </Button>
          </div>
        </Form>
      </div>
    </StaffCard>
  );
}
