import { KeyRound } from "lucide-react";
import { Form } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { FormField } from "~/components/form-field";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import type { StaffAccountView } from "~/lib/staff-accounts";
import { useIsSubmitting } from "~/lib/use-is-submitting";

// The cards of one staff account's screen that change its e-mail address and make a password
// reset link for it (recovery without e-mail).

export function EmailCard({
  account,
  error,
  typed,
}: {
  account: StaffAccountView;
  error?: string;
  typed?: string;
}) {
  const busy = useIsSubmitting("email");
  return (
    <StaffCard
      id="email-heading"
      title="E-mail address"
      description={
        <>
          {account.name} signs in with <span className="wrap-anywhere">{account.email}</span>. A new address
          applies at once; the old one is told by e-mail. A username, if the account has one, keeps working.
        </>
      }
    >
      <Form method="post" className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <input type="hidden" name="intent" value="email" />
        <FormField
          key={typed ?? account.email}
          id="staff-email"
          name="email"
          label="New e-mail address"
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={254}
          defaultValue={typed ?? ""}
          error={error}
        />
        <Button type="submit" disabled={busy}>
          <BusyIcon busy={busy} />
          Change e-mail
        </Button>
      </Form>
    </StaffCard>
  );
}

export function ResetLinkCard({ account }: { account: StaffAccountView }) {
  const busy = useIsSubmitting("reset-link");
  return (
    <StaffCard
      id="reset-link-heading"
      title="Forgotten password"
      description={`If ${account.name} forgot the password and e-mail cannot reach them, make a link with which they choose a new one.`}
    >
      <Form method="post" className="grid gap-3">
        <p className="text-sm">
          The link works once, for one hour, and signs {account.name} out everywhere when it is used. It is
          shown to you only once: pass it on at once, to them only.
        </p>
        <div>
          <Button type="submit" variant="outline" name="intent" value="reset-link" disabled={busy}>
            <BusyIcon busy={busy} icon={KeyRound} />
            Make a reset link
          </Button>
        </div>
      </Form>
    </StaffCard>
  );
}
