import { Ban, CircleCheck, LoaderCircle, LogOut, Mail, UserRound } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ConfirmActionButton, useDeleteToast } from "~/components/confirm-dialog";
import {
  InvitationLinkPanel,
  RoleBadge,
  RoleChoice,
  StaffCard,
  StaffStatusBadge,
} from "~/components/staff-accounts";
import { StatusMessage } from "~/components/status-message";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { ROLE_LABELS } from "~/lib/permissions";
import type { StaffAccountView, StaffActionResult } from "~/lib/staff-accounts";
import { showToast } from "~/lib/toast";
import { roleSchema } from "~/schemas/staff-account";
import { requireUser, type StaffUser } from "~/server/auth/guards.server";
import { INVITATION_HOURS } from "~/server/auth/password-links.server";
import { invitationLinkView, resendInvitation } from "~/server/auth/adding-staff.server";
import {
  changeStaffRole,
  countActiveAdmins,
  deleteStaffAccount,
  getStaffAccount,
  setStaffDisabled,
  signOutEverywhere,
  staffAccountView,
} from "~/server/auth/staff-accounts.server";
import { refusalFor, refuse, reply, replyWith } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { outboxStatus } from "~/server/messages/outbox-status.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import type { Route } from "./+types/staff-account";

const texts = {
  notFound: "That staff account could not be found. It may have been deleted.",
  back: "Back to Staff accounts",
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const account = loaderData?.account;
  return pageMeta(matches, account ? `${account.name} · Staff account` : "Staff account", "A staff account.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "staff:manage");
  const loaded = await loadOrEmpty(
    "a staff account",
    async () => {
      const [account, activeAdmins, outbox] = await Promise.all([
        getStaffAccount(params.id),
        countActiveAdmins(),
        outboxStatus(),
      ]);
      return {
        account: account ? staffAccountView(account, user, activeAdmins) : null,
        emailConfigured: outbox.emailConfigured,
        invitationHours: INVITATION_HOURS,
      };
    },
    { account: null as StaffAccountView | null, emailConfigured: true, invitationHours: INVITATION_HOURS },
  );
  return loaded.data.loadFailed || loaded.data.account ? loaded : data(loaded.data, { status: 404 });
}

const INTENTS = {
  role: { title: "Role not changed", what: "Changing a staff account's role" },
  resend: { title: "Invitation not sent", what: "Sending an invitation again" },
  disable: { title: "Account not disabled", what: "Disabling a staff account" },
  enable: { title: "Account not enabled", what: "Enabling a staff account" },
  "sign-out": { title: "Not signed out", what: "Signing a staff account out everywhere" },
  delete: { title: "Account not deleted", what: "Deleting a staff account" },
} as const;
type Intent = keyof typeof INTENTS;
const isIntent = (value: unknown): value is Intent =>
  typeof value === "string" && Object.hasOwn(INTENTS, value);

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "staff:manage");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isIntent(intent)) return refuse(400, { title: "Not saved", description: "Unknown request." });
  try {
    return await carryOut(intent, params.id, form, user, request);
  } catch (error) {
    return refusalFor(error, {
      ...INTENTS[intent],
      fallback: "The change could not be saved. Please try again.",
    });
  }
}

async function carryOut(intent: Intent, id: string, form: FormData, user: StaffUser, request: Request) {
  switch (intent) {
    case "role": {
      const parsed = roleSchema.safeParse(form.get("role") ?? undefined);
      if (!parsed.success) {
        const message = parsed.error.issues[0]!.message;
        return refuse(
          400,
          { title: INTENTS.role.title, description: message },
          { fieldErrors: { role: message } },
        );
      }
      const role = parsed.data;
      const { account, changed } = await changeStaffRole(id, role, user);
      if (!changed)
        return reply({
          title: "Nothing changed",
          description: `${account.name} is already ${ROLE_LABELS[role]}.`,
        });
      // Someone who gave themselves another role may no longer be here.
      if (account.id === user.id && role !== "admin")
        return redirectWithToast(
          "/members",
          { title: "Role changed", description: `You are now ${ROLE_LABELS[role]}.` },
          request,
        );
      return reply({
        title: "Role changed",
        description: `${account.name} is now ${ROLE_LABELS[role]}, from their next page on.`,
      });
    }
    case "resend": {
      const invitation = await resendInvitation(id, user, siteOrigin());
      if ((await outboxStatus()).emailConfigured)
        return reply({ title: "Invitation sent", description: `Invitation sent to ${invitation.email}.` });
      return replyWith(
        { title: "Invitation ready", description: `Pass the new link on to ${invitation.name}.` },
        { invitation: invitationLinkView(invitation) },
      );
    }
    case "disable":
    case "enable": {
      const { account, changed } = await setStaffDisabled(id, intent === "disable", user);
      const word = intent === "disable" ? "disabled" : "enabled";
      if (!changed)
        return reply({ title: "Nothing changed", description: `The account is already ${word}.` });
      return reply(
        intent === "disable"
          ? {
              title: "Account disabled",
              description: `${account.name} cannot sign in any more and is signed out everywhere.`,
            }
          : { title: "Account enabled", description: `${account.name} can sign in again.` },
      );
    }
    case "sign-out": {
      const { account, sessionsEnded } = await signOutEverywhere(id, user);
      return reply({
        title: "Signed out everywhere",
        description:
          sessionsEnded === 0
            ? `${account.name} was not signed in anywhere.`
            : `${account.name} must sign in again on every computer and phone.`,
      });
    }
    case "delete": {
      const account = await deleteStaffAccount(id, user);
      return redirectWithToast(
        "/members/staff",
        { title: "Account deleted", description: `The account of ${account.name} is deleted.` },
        request,
      );
    }
  }
}

const DELETE_KEY = "staff-delete";

export default function StaffAccountScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { account, emailConfigured, invitationHours, loadFailed } = loaderData;
  const answer = actionData as StaffActionResult | undefined;
  const linkRef = useRef<HTMLDivElement>(null);
  useDeleteToast(DELETE_KEY);
  useEffect(() => {
    if (loadFailed)
      showToast({
        title: "Error fetching the account",
        description: "Please reload the page.",
        variant: "destructive",
      });
  }, [loadFailed]);
  useEffect(() => {
    if (!answer) return;
    showToast({ ...answer.toast, id: `staff-account-${answer.at}` });
    if (answer.invitation) linkRef.current?.focus();
  }, [answer]);

  if (!account) {
    return (
      <AdminScreen title="Staff account" backTo="/members/staff" backLabel={texts.back}>
        {loadFailed ? null : (
          <StatusMessage icon={UserRound} title="Account not found">
            <p>{texts.notFound}</p>
            <Link
              to="/members/staff"
              className="mt-4 inline-block font-medium text-primary underline underline-offset-4"
            >
              {texts.back}
            </Link>
          </StatusMessage>
        )}
      </AdminScreen>
    );
  }

  return (
    <AdminScreen
      title={account.name}
      description={<span className="wrap-anywhere">{account.email}</span>}
      backTo="/members/staff"
      backLabel={texts.back}
    >
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <AccountDetails account={account} />
        <div className="grid gap-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          {answer?.invitation ? (
            <div ref={linkRef} tabIndex={-1} className="focus:outline-none">
              <InvitationLinkPanel
                key={answer.at}
                heading={`New invitation for ${answer.invitation.name}`}
                invitation={answer.invitation}
              />
            </div>
          ) : null}
          {account.status === "invited" ? (
            <InvitationCard
              account={account}
              emailConfigured={emailConfigured}
              invitationHours={invitationHours}
            />
          ) : null}
          <RoleCard account={account} error={answer?.ok === false ? answer.fieldErrors?.role : undefined} />
          <AccessCard account={account} />
        </div>
      </div>
    </AdminScreen>
  );
}

function useBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function AccountDetails({ account }: { account: StaffAccountView }) {
  const rows: [string, ReactNode][] = [
    [
      "Status",
      <span key="status" className="flex flex-wrap items-center gap-2">
        <StaffStatusBadge status={account.status} />
        {account.statusNote ? <span className="text-muted-foreground">{account.statusNote}</span> : null}
      </span>,
    ],
    ["Role", <RoleBadge key="role" role={account.role} />],
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

function InvitationCard({
  account,
  emailConfigured,
  invitationHours,
}: {
  account: StaffAccountView;
  emailConfigured: boolean;
  invitationHours: number;
}) {
  const busy = useBusy("resend");
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
            {busy ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Mail aria-hidden="true" />
            )}
            {emailConfigured ? "Send a new invitation" : "Make a new invitation link"}
          </Button>
        </div>
      </Form>
    </StaffCard>
  );
}

function lastAdminNote(account: StaffAccountView) {
  return `${account.name} is the only active admin, so this account cannot be disabled, deleted or given another role. Make another account an admin first.`;
}

function RoleCard({ account, error }: { account: StaffAccountView; error?: string }) {
  const busy = useBusy("role");
  return (
    <StaffCard id="role-heading" title="Role" description="What this account may do in the members area.">
      <Form method="post" className="grid gap-4" key={account.role}>
        <RoleChoice
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
              {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Save role
            </Button>
          </div>
        )}
      </Form>
    </StaffCard>
  );
}

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

function AccessCard({ account }: { account: StaffAccountView }) {
  const signingOut = useBusy("sign-out");
  const switching = useBusy(account.status === "disabled" ? "enable" : "disable");
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
              <Form method="post">
                <Button type="submit" name="intent" value="sign-out" variant="outline" disabled={signingOut}>
                  {signingOut ? (
                    <LoaderCircle className="animate-spin" aria-hidden="true" />
                  ) : (
                    <LogOut aria-hidden="true" />
                  )}
                  Sign out everywhere
                </Button>
              </Form>
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
            <Form method="post">
              <Button type="submit" name="intent" value="enable" variant="outline" disabled={switching}>
                {switching ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <CircleCheck aria-hidden="true" />
                )}
                Enable account
              </Button>
            </Form>
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
              <Form method="post">
                <Button
                  type="submit"
                  name="intent"
                  value="disable"
                  variant="outline"
                  className="text-destructive"
                  disabled={switching}
                >
                  {switching ? (
                    <LoaderCircle className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Ban aria-hidden="true" />
                  )}
                  Disable account
                </Button>
              </Form>
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
              fetcherKey={DELETE_KEY}
            />
          )}
        </AccessAction>
      </ul>
    </StaffCard>
  );
}
