import { UserPlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { FormField } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { ChoiceOption, InvitationLinkPanel, RoleChoice, StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import type { RoleOption, StaffActionResult } from "~/lib/staff-accounts";
import { useIsSubmitting } from "~/lib/use-is-submitting";
import { PASSWORD_MIN_LENGTH } from "~/schemas/password";
import { EMAIL_MAX, STAFF_NAME_MAX, type NewStaffMethod } from "~/schemas/staff-account";

// The Staff accounts screen's form that adds an account, by invitation or with a temporary password.

/** After adding: the account's own screen, for its ministries and the member it belongs to. */
function NextSteps({ added }: { added: NonNullable<StaffActionResult["added"]> }) {
  return (
    <p className="rounded-lg bg-muted/60 p-3 text-sm" data-testid="added-next-steps">
      {added.memberMatch
        ? `${added.memberMatch} in the registry has the same e-mail address: link the account to them, and set its ministries, on `
        : "To set the ministries this account looks after, or link it to its member record, open "}
      <Link
        to={`/members/staff/${added.id}`}
        className="font-medium text-primary underline underline-offset-4"
      >
        {added.name}&apos;s account
      </Link>
      .
    </p>
  );
}

export function AddAccount({
  answer,
  emailConfigured,
  invitationHours,
  roles,
}: {
  answer: StaffActionResult | undefined;
  emailConfigured: boolean;
  invitationHours: number;
  roles: RoleOption[];
}) {
  const busy = useIsSubmitting("add");
  const formRef = useRef<HTMLFormElement>(null);
  const linkRef = useRef<HTMLDivElement>(null);
  // A refusal of this form puts back what was typed (no password) and says what to fix.
  const refused = answer?.ok === false && answer.values ? answer : undefined;
  const values = refused?.values ?? {};
  const errors = refused?.fieldErrors ?? {};
  const [method, setMethod] = useState<NewStaffMethod>(values.method === "password" ? "password" : "invite");

  useEffect(() => {
    if (refused?.fieldErrors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);
  useEffect(() => {
    if (answer?.invitation) linkRef.current?.focus();
  }, [answer]);

  const submitLabel =
    method === "password" ? "Create account" : emailConfigured ? "Send invitation" : "Make invitation link";
  return (
    <StaffCard
      id="add-account-heading"
      title="Add a staff account"
      description="The person signs in with their e-mail address and a password of their own."
    >
      <div className="grid gap-5">
        {answer?.invitation ? (
          <div ref={linkRef} tabIndex={-1} className="focus:outline-none">
            <InvitationLinkPanel
              key={answer.at}
              heading={`Invitation for ${answer.invitation.name}`}
              invitation={answer.invitation}
            />
          </div>
        ) : null}
        {answer?.added ? <NextSteps added={answer.added} /> : null}
        <Form
          method="post"
          ref={formRef}
          // A new, empty form after each account added.
          key={answer?.ok ? answer.at : "add"}
          className="grid gap-5"
        >
          <input type="hidden" name="intent" value="add" />
          <FormField
            id="staff-name"
            name="name"
            label="Name"
            autoComplete="off"
            required
            maxLength={STAFF_NAME_MAX}
            defaultValue={values.name}
            error={errors.name}
          />
          <FormField
            id="staff-email"
            name="email"
            type="email"
            label="E-mail"
            hint="They sign in with this address."
            autoComplete="off"
            required
            maxLength={EMAIL_MAX}
            defaultValue={values.email}
            error={errors.email}
          />
          <RoleChoice
            roles={roles}
            idPrefix="staff-new"
            defaultValue={values.role || undefined}
            error={errors.role}
          />
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.method ? "staff-method-error" : undefined}
          >
            <legend className="mb-1 text-sm font-medium">How will they get their password?</legend>
            <ChoiceOption
              id="staff-method-invite"
              name="method"
              value="invite"
              checked={method === "invite"}
              onChange={() => setMethod("invite")}
              label={emailConfigured ? "Send an invitation by e-mail" : "Make an invitation link"}
              description={
                emailConfigured
                  ? `They get a link to choose their own password. It works once, for ${invitationHours} hours.`
                  : `E-mail is not set up on this site, so you get the link to pass on yourself. With it they choose their own password; it works once, for ${invitationHours} hours.`
              }
            />
            <ChoiceOption
              id="staff-method-password"
              name="method"
              value="password"
              checked={method === "password"}
              onChange={() => setMethod("password")}
              label="Set a temporary password"
              description="You choose one now and tell it to them. They must choose their own when they first sign in."
            />
            {errors.method ? (
              <p id="staff-method-error" className="text-sm text-destructive">
                {errors.method}
              </p>
            ) : null}
          </fieldset>
          {method === "password" ? (
            <div className="grid gap-2">
              <Label htmlFor="staff-password">Temporary password</Label>
              <PasswordInput
                id="staff-password"
                name="password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN_LENGTH}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={
                  errors.password ? "staff-password-hint staff-password-error" : "staff-password-hint"
                }
              />
              <p id="staff-password-hint" className="text-xs text-muted-foreground">
                At least {PASSWORD_MIN_LENGTH} characters, not a common one. Tell it to them in person or by
                phone.
              </p>
              {errors.password ? (
                <p id="staff-password-error" className="text-sm text-destructive">
                  {errors.password}
                </p>
              ) : null}
            </div>
          ) : null}
          <div>
            <Button type="submit" disabled={busy}>
              <BusyIcon busy={busy} icon={UserPlus} />
              {submitLabel}
            </Button>
          </div>
        </Form>
      </div>
    </StaffCard>
  );
}
