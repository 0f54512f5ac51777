import { UserRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { useDeleteToast } from "~/components/confirm-dialog";
import { InvitationLinkPanel } from "~/components/staff-accounts";
import { StatusMessage } from "~/components/status-message";
import { pageMeta } from "~/lib/meta";
import type { StaffAccountView, StaffActionResult } from "~/lib/staff-accounts";
import { showToast } from "~/lib/toast";
import type { RoleOption } from "~/lib/staff-accounts";
import { roleSchema } from "~/schemas/staff-account";
import { roleOptions } from "~/server/auth/staff-roles.server";
import { requireUser, type StaffUser } from "~/server/auth/guards.server";
import { INVITATION_HOURS } from "~/server/auth/password-links.server";
import { invitationLinkView, makeResetLink, resendInvitation } from "~/server/auth/adding-staff.server";
import { changeStaffEmail } from "~/server/auth/email-change.server";
import { staffEmailSchema } from "~/schemas/account";
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
import { AccessCard, STAFF_DELETE_KEY } from "./staff-account-access";
import { AccountDetails, InvitationCard, RoleCard } from "./staff-account-cards";
import { EmailCard, ResetLinkCard } from "./staff-account-recovery";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import {
  findMembersToLink,
  memberLinkOf,
  ministryChoices,
  type MemberChoice,
  type MinistryChoice,
} from "~/server/auth/staff-account-links.server";
import { isLinkIntent, linksAction, mayChooseMember } from "./staff-account-links-action.server";
import { MemberRecordCard, MinistriesCard, ministryNames, type MemberLinkView } from "./staff-account-links";

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
  const canReadMembers = mayChooseMember(user);
  const find = (new URL(request.url).searchParams.get("find") ?? "").trim().slice(0, 100);
  const empty = {
    account: null as StaffAccountView | null,
    emailConfigured: true,
    invitationHours: INVITATION_HOURS,
    roles: [] as RoleOption[],
    ministries: [] as MinistryChoice[],
    memberLink: { member: null, suggestions: [] } as MemberLinkView,
    find,
    found: null as MemberChoice[] | null,
    canReadMembers,
  };
  const loaded = await loadOrEmpty(
    "a staff account",
    async () => {
      const [account, activeAdmins, outbox, roles, ministries] = await Promise.all([
        getStaffAccount(params.id),
        countActiveAdmins(),
        outboxStatus(),
        roleOptions(),
        ministryChoices(),
      ]);
      if (!account) return empty;
      const memberLink = await memberLinkOf(account);
      return {
        ...empty,
        roles,
        ministries,
        account: staffAccountView(account, user, activeAdmins),
        emailConfigured: outbox.emailConfigured,
        // Who is in the registry is for those who may read it.
        memberLink: canReadMembers ? memberLink : { member: memberLink.member, suggestions: [] },
        found: canReadMembers && find && !memberLink.member ? await findMembersToLink(find) : null,
      };
    },
    empty,
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
  email: { title: "E-mail address not changed", what: "Changing a staff account's e-mail address" },
  "reset-link": { title: "No reset link made", what: "Making a password reset link" },
} as const;
type Intent = keyof typeof INTENTS;
const isIntent = (value: unknown): value is Intent =>
  typeof value === "string" && Object.hasOwn(INTENTS, value);

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "staff:manage");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isLinkIntent(intent)) return linksAction(intent, params.id, form, user);
  if (!isIntent(intent)) return refuse(400, { title: "Not saved", description: "Unknown request." });
  try {
    return await carryOut(intent, params.id, form, user, request);
  } catch (error) {
    return refusalFor(error, {
      ...INTENTS[intent],
      fallback: "The change could not be saved. Please try again.",
      values: intent === "email" ? { email: String(form.get("email") ?? "").slice(0, 254) } : undefined,
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
      const { account, changed, roleName, managesStaff } = await changeStaffRole(id, role, user);
      if (!changed)
        return reply({
          title: "Nothing changed",
          description: `${account.name} is already ${roleName}.`,
        });
      // Someone who gave themselves another role may no longer be here.
      if (account.id === user.id && !managesStaff)
        return redirectWithToast(
          "/members",
          { title: "Role changed", description: `You are now ${roleName}.` },
          request,
        );
      return reply({
        title: "Role changed",
        description: `${account.name} is now ${roleName}, from their next page on.`,
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
    case "email": {
      const typed = String(form.get("email") ?? "").slice(0, 254);
      const parsed = staffEmailSchema.safeParse(typed);
      if (!parsed.success) {
        const message = parsed.error.issues[0]!.message;
        return refuse(
          400,
          { title: INTENTS.email.title, description: message },
          { fieldErrors: { email: message }, values: { email: typed } },
        );
      }
      const change = await changeStaffEmail(id, parsed.data, user);
      if (!change.changed)
        return reply({ title: "Nothing changed", description: `${change.name} already uses ${change.to}.` });
      return reply({
        title: "E-mail address changed",
        description: `${change.name} now signs in with ${change.to}. ${change.from} was told.`,
      });
    }
    case "reset-link": {
      const link = await makeResetLink(id, user, siteOrigin());
      return replyWith(
        { title: "Reset link made", description: `Pass it on to ${link.name}. It works once, for one hour.` },
        { resetLink: invitationLinkView(link) },
      );
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

export default function StaffAccountScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { account, emailConfigured, invitationHours, loadFailed, ministries } = loaderData;
  const answer = actionData as StaffActionResult | undefined;
  const linkRef = useRef<HTMLDivElement>(null);
  useDeleteToast(STAFF_DELETE_KEY);
  useLoadFailedToast(loadFailed, "Error fetching the account");
  useEffect(() => {
    if (!answer) return;
    showToast({ ...answer.toast, id: `staff-account-${answer.at}` });
    if (answer.invitation || answer.resetLink) linkRef.current?.focus();
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
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:items-start">
        <AccountDetails
          account={account}
          ministries={ministryNames(account, ministries)}
          memberName={loaderData.memberLink.member?.name ?? null}
        />
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          {answer?.invitation ? (
            <div ref={linkRef} tabIndex={-1} className="focus:outline-none">
              <InvitationLinkPanel
                key={answer.at}
                heading={`New invitation for ${answer.invitation.name}`}
                invitation={answer.invitation}
              />
            </div>
          ) : null}
          {answer?.resetLink ? (
            <div ref={linkRef} tabIndex={-1} className="focus:outline-none">
              <InvitationLinkPanel
                key={answer.at}
                testId="reset-link"
                heading={`Reset link for ${answer.resetLink.name}`}
                invitation={answer.resetLink}
                note={
                  <p className="text-sm">
                    Pass this link on to <strong>{answer.resetLink.name}</strong> yourself (for example by
                    WhatsApp or a text message), to them only: with it they choose a new password, and are
                    signed out everywhere. It works once, until {answer.resetLink.expires}. You will not see
                    it again.
                  </p>
                }
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
          <RoleCard
            account={account}
            roles={loaderData.roles}
            error={answer?.ok === false ? answer.fieldErrors?.role : undefined}
          />
          <MinistriesCard
            account={account}
            ministries={ministries}
            error={answer?.ok === false ? answer.fieldErrors?.ministries : undefined}
          />
          <MemberRecordCard
            account={account}
            link={loaderData.memberLink}
            find={loaderData.find}
            found={loaderData.found}
            canReadMembers={loaderData.canReadMembers}
            error={answer?.ok === false ? answer.fieldErrors?.member : undefined}
          />
          <EmailCard
            account={account}
            error={answer?.ok === false ? answer.fieldErrors?.email : undefined}
            typed={answer?.ok === false ? answer.values?.email : undefined}
          />
          {!account.isSelf && (account.status === "active" || account.status === "must-change-password") ? (
            <ResetLinkCard account={account} />
          ) : null}
          <AccessCard account={account} />
        </div>
      </div>
    </AdminScreen>
  );
}
