import { Form } from "react-router";
import { FormField, PasswordField } from "~/components/form-field";
import { Panel } from "~/components/panel";
import { SaveButton } from "~/components/save-button";
import { Button } from "~/components/ui/button";
import { useIsSubmitting } from "~/lib/use-is-submitting";
import { NAME_MAX_LENGTH } from "~/schemas/account";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/schemas/password";

// The forms of My account that change one's own name and password.

export function NameForm({ name, error }: { name: string; error?: string }) {
  const busy = useIsSubmitting("name");
  return (
    <Panel title="Your name" description="How your name shows to other staff and in the records of changes.">
      <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="name" />
        <FormField
          id="name"
          name="name"
          label="Name"
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
          defaultValue={name}
          error={error}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save name"}
        </Button>
      </Form>
    </Panel>
  );
}

export function PasswordForm({
  errors,
  currentLabel = "Current password",
  currentHint,
  submitLabel,
}: {
  errors: Record<string, string>;
  currentLabel?: string;
  currentHint?: string;
  submitLabel: string;
}) {
  const busy = useIsSubmitting("password");
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="password" />
      <PasswordField
        id="currentPassword"
        name="currentPassword"
        label={currentLabel}
        hint={currentHint}
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.currentPassword}
      />
      <PasswordField
        id="password"
        name="password"
        label="New password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Three or four unrelated words make a strong password that is easy to remember.`}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.password}
      />
      <PasswordField
        id="confirmPassword"
        name="confirmPassword"
        label="New password again"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.confirmPassword}
      />
      <SaveButton busy={busy}>{submitLabel}</SaveButton>
    </Form>
  );
}

/** A new sign-in address: sent a link to confirm; the old one keeps working until it is used. */
export function EmailForm({
  email,
  pending,
  emailConfigured,
  errors,
  typed,
}: {
  email: string;
  pending: { to: string; expires: string } | null;
  emailConfigured: boolean;
  errors: Record<string, string>;
  typed?: string;
}) {
  const busy = useIsSubmitting("email");
  return (
    <Panel
      title="E-mail address"
      testId="email-change"
      description={
        <>
          You sign in with <span className="font-medium text-foreground wrap-anywhere">{email}</span>, and
          password reset links go there. To change it, we send a link to the new address; it changes when you
          use the link.
        </>
      }
    >
      {pending ? (
        <p className="mb-4 rounded-lg bg-gold/10 p-3 text-sm" data-testid="email-change-pending">
          Waiting for you to confirm <span className="font-semibold wrap-anywhere">{pending.to}</span> with
          the link we sent there (it works until {pending.expires}).
        </p>
      ) : null}
      {emailConfigured ? null : (
        <p className="mb-4 rounded-lg bg-muted p-3 text-sm">
          This website cannot send e-mail yet: the link waits until the church sets up e-mail. An
          administrator can change your address at once on the staff accounts screen.
        </p>
      )}
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="email" />
        <FormField
          key={typed ?? "first"}
          id="email"
          name="email"
          label="New e-mail address"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={254}
          defaultValue={typed ?? ""}
          error={errors.email}
        />
        <PasswordField
          id="emailPassword"
          name="emailPassword"
          label="Your current password"
          hint="So nobody else at this computer can move your account to their address."
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          error={errors.emailPassword}
        />
        <SaveButton busy={busy}>Send the link</SaveButton>
      </Form>
    </Panel>
  );
}
