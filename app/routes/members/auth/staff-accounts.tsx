import { ChevronRight, LoaderCircle, ShieldCheck, UserPlus, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { FormField } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import {
  ChoiceOption,
  InvitationLinkPanel,
  RoleBadge,
  RoleChoice,
  StaffCard,
  StaffStatusBadge,
} from "~/components/staff-accounts";
import { StatusMessage } from "~/components/status-message";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { firstErrors } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { isRole } from "~/lib/permissions";
import type { StaffAccountView, StaffActionResult } from "~/lib/staff-accounts";
import { showToast } from "~/lib/toast";
import { PASSWORD_MIN_LENGTH } from "~/schemas/password";
import { EMAIL_MAX, newStaffSchema, STAFF_NAME_MAX, type NewStaffMethod } from "~/schemas/staff-account";
import { requireUser, type StaffUser } from "~/server/auth/guards.server";
import { INVITATION_HOURS } from "~/server/auth/password-links.server";
import { isTwoFactorRequired, setTwoFactorRequired } from "~/server/auth/security-settings.server";
import { createStaffWithPassword, invitationLinkView, inviteStaff } from "~/server/auth/adding-staff.server";
import { isActiveAdmin, listStaffAccounts, staffAccountView } from "~/server/auth/staff-accounts.server";
import { refusalFor, refuse, reply, replyWith } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { outboxStatus } from "~/server/messages/outbox-status.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import type { Route } from "./+types/staff-accounts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Staff accounts", "Who can sign in to the members area, and what each may do.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "staff:manage");
  const empty = {
    accounts: [] as StaffAccountView[],
    invitationHours: INVITATION_HOURS,
    twoFactorRequired: false,
    emailConfigured: true,
    selfHasTwoFactor: user.twoFactorEnabled,
  };
  return loadOrEmpty(
    "the staff accounts",
    async () => {
      const [accounts, twoFactorRequired, outbox] = await Promise.all([
        listStaffAccounts(),
        isTwoFactorRequired(),
        outboxStatus(),
      ]);
      const activeAdmins = accounts.filter(isActiveAdmin).length;
      return {
        ...empty,
        accounts: accounts.map((account) => staffAccountView(account, user, activeAdmins)),
        twoFactorRequired,
        emailConfigured: outbox.emailConfigured,
      };
    },
    empty,
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "staff:manage");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "add") return addAccount(request, form, user);
  if (intent === "two-factor") {
    const required = form.get("required") === "on";
    await setTwoFactorRequired(required, user);
    return reply(
      required
        ? {
            title: "Two-factor sign-in required",
            description: "Every account without it is asked to set it up before it can do anything else.",
          }
        : { title: "Two-factor sign-in optional", description: "Each person may still choose to use it." },
    );
  }
  return refuse(400, { title: "Not saved", description: "Unknown request." });
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

async function addAccount(request: Request, form: FormData, user: StaffUser) {
  const title = "Account not added";
  const typed = {
    method: field(form, "method"),
    name: field(form, "name"),
    email: field(form, "email"),
    role: field(form, "role"),
  };
  // Put back what was typed, except the password.
  const values = Object.fromEntries(
    Object.entries(typed).map(([key, value]) => [key, (value ?? "").slice(0, 300)]),
  );
  const parsed = newStaffSchema.safeParse({ ...typed, password: field(form, "password") });
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(400, { title, description: Object.values(fieldErrors)[0] }, { fieldErrors, values });
  }
  const account = parsed.data;
  try {
    if (account.method === "password") {
      await createStaffWithPassword(account, user);
      return reply({
        title: "Account created",
        description: `Give ${account.name} the temporary password yourself. They choose their own when they first sign in.`,
      });
    }
    const invitation = await inviteStaff(account, user, siteOrigin());
    const { emailConfigured } = await outboxStatus();
    if (emailConfigured)
      return reply({ title: "Invitation sent", description: `Invitation sent to ${invitation.email}.` });
    return replyWith(
      { title: "Invitation ready", description: `Pass the link on to ${invitation.name}.` },
      { invitation: invitationLinkView(invitation) },
    );
  } catch (error) {
    return refusalFor(error, {
      title,
      what: "Adding a staff account",
      fallback: "The account could not be added. Please try again.",
      values,
    });
  }
}

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, twoFactorRequired, emailConfigured, selfHasTwoFactor, invitationHours, loadFailed } =
    loaderData;
  const answer = actionData as StaffActionResult | undefined;
  useEffect(() => {
    if (loadFailed)
      showToast({
        title: "Error fetching the staff accounts",
        description: "Please reload the page.",
        variant: "destructive",
      });
  }, [loadFailed]);
  useEffect(() => {
    if (answer) showToast({ ...answer.toast, id: `staff-${answer.at}` });
  }, [answer]);

  return (
    <AdminScreen
      title="Staff accounts"
      description="Who can sign in to the members area, and what each may do."
      actions={
        <a href="#add-account-heading" className={buttonVariants()}>
          <UserPlus aria-hidden="true" />
          Add an account
        </a>
      }
    >
      <div className="grid gap-8">
        <AccountList accounts={accounts} loadFailed={loadFailed} />
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <AddAccount answer={answer} emailConfigured={emailConfigured} invitationHours={invitationHours} />
          <TwoFactorSetting
            accounts={accounts}
            required={twoFactorRequired}
            selfHasTwoFactor={selfHasTwoFactor}
          />
        </div>
      </div>
    </AdminScreen>
  );
}

// One column layout on a phone (name and role, then status, two-factor, last sign-in); a row of
// columns under a header from lg up.
const ROW_COLUMNS =
  "grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 lg:grid-cols-[minmax(0,1fr)_5.5rem_minmax(0,15rem)_6rem_11rem_1.25rem] lg:items-center";

function AccountList({ accounts, loadFailed }: { accounts: StaffAccountView[]; loadFailed: boolean }) {
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
                  <RoleBadge role={account.role} />
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

function AddAccount({
  answer,
  emailConfigured,
  invitationHours,
}: {
  answer: StaffActionResult | undefined;
  emailConfigured: boolean;
  invitationHours: number;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
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
            idPrefix="staff-new"
            defaultValue={isRole(values.role) ? values.role : undefined}
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
              {busy ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <UserPlus aria-hidden="true" />
              )}
              {submitLabel}
            </Button>
          </div>
        </Form>
      </div>
    </StaffCard>
  );
}

function TwoFactorSetting({
  accounts,
  required,
  selfHasTwoFactor,
}: {
  accounts: StaffAccountView[];
  required: boolean;
  selfHasTwoFactor: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "two-factor";
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
              {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Save
            </Button>
          </div>
        </Form>
      </div>
    </StaffCard>
  );
}
