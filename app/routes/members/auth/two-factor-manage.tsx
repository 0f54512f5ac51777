import { ShieldCheck } from "lucide-react";
import { Panel } from "~/components/panel";
import { TWO_FACTOR_REQUIRED_NOTE } from "~/schemas/account";
import { PasswordForm } from "./two-factor-password-form";

// Two-factor sign-in once it is on: new backup codes, or turning it off.

export function Manage({
  status,
  passwordError,
}: {
  status: { backupCodesLeft: number | null; required: boolean };
  /** The refused password, by the intent of the form that sent it (each form has its own field). */
  passwordError: { intent?: string; message?: string };
}) {
  return (
    <>
      <Panel title="Two-factor sign-in is on" testId="two-factor-on">
        <p className="flex gap-3 text-sm">
          <ShieldCheck className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
          When you sign in, you type your password and then a code from your authenticator app.
        </p>
      </Panel>
      <Panel
        title="Backup codes"
        description={`${status.backupCodesLeft ?? 0} of 10 left. New codes replace all the old ones.`}
      >
        <PasswordForm
          intent="new-codes"
          submitLabel="Make new backup codes"
          error={passwordError.intent === "new-codes" ? passwordError.message : undefined}
        />
      </Panel>
      <Panel title="Turn off two-factor sign-in">
        {status.required ? (
          <p className="text-sm">{TWO_FACTOR_REQUIRED_NOTE}</p>
        ) : (
          <PasswordForm
            intent="turn-off"
            submitLabel="Turn off"
            destructive
            error={passwordError.intent === "turn-off" ? passwordError.message : undefined}
          />
        )}
      </Panel>
    </>
  );
}
