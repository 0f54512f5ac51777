import { ShieldCheck, UserPlus } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { buttonVariants } from "~/components/ui/button";
import { firstErrors } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import type { RoleOption, StaffAccountView, StaffActionResult } from "~/lib/staff-accounts";
import { showToast } from "~/lib/toast";
import { newStaffSchema } from "~/schemas/staff-account";
import { requireUser, type StaffUser } from "~/server/auth/guards.server";
import { INVITATION_HOURS } from "~/server/auth/password-links.server";
import { isTwoFactorRequired, setTwoFactorRequired } from "~/server/auth/security-settings.server";
import { createStaffWithPassword, invitationLinkView, inviteStaff } from "~/server/auth/adding-staff.server";
import { isActiveAdmin, listStaffAccounts, staffAccountView } from "~/server/auth/staff-accounts.server";
import { roleOptions } from "~/server/auth/staff-roles.server";
import { memberLinkOf } from "~/server/auth/staff-account-links.server";
import { mayChooseMember } from "./staff-account-links-action.server";
import { refusalFor, refuse, reply, replyWith } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { outboxStatus } from "~/server/messages/outbox-status.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import type { Route } from "./+types/staff-accounts";
import { AccountList } from "./staff-account-list";
import { AddAccount } from "./staff-add-account";
import { TwoFactorSetting } from "./staff-two-factor-setting";
import { useLoadFailedToast } from "~/components/load-failed-toast";

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
    roles: [] as RoleOption[],
  };
  return loadOrEmpty(
    "the staff accounts",
    async () => {
      const [accounts, twoFactorRequired, outbox, roles] = await Promise.all([
        listStaffAccounts(),
        isTwoFactorRequired(),
        outboxStatus(),
        roleOptions(),
      ]);
      const activeAdmins = accounts.filter(isActiveAdmin).length;
      return {
        ...empty,
        accounts: accounts.map((account) => staffAccountView(account, user, activeAdmins)),
        twoFactorRequired,
        emailConfigured: outbox.emailConfigured,
        roles,
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
      const { accountId } = await createStaffWithPassword(account, user);
      return replyWith(
        {
          title: "Account created",
          description: `Give ${account.name} the temporary password yourself. They choose their own when they first sign in.`,
        },
        { added: await addedAccount(accountId, account, user) },
      );
    }
    const invitation = await inviteStaff(account, user, siteOrigin());
    const added = await addedAccount(invitation.accountId, account, user);
    const { emailConfigured } = await outboxStatus();
    if (emailConfigured)
      return replyWith(
        { title: "Invitation sent", description: `Invitation sent to ${invitation.email}.` },
        { added },
      );
    return replyWith(
      { title: "Invitation ready", description: `Pass the link on to ${invitation.name}.` },
      { invitation: invitationLinkView(invitation), added },
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

/** The account just added, with the member who has its e-mail address (offered for linking on its screen). */
async function addedAccount(id: string, account: { name: string; email: string }, user: StaffUser) {
  const match = mayChooseMember(user)
    ? (await memberLinkOf({ email: account.email, memberId: null })).suggestions[0]
    : undefined;
  return { id, name: account.name, memberMatch: match?.name ?? null };
}

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const {
    accounts,
    twoFactorRequired,
    emailConfigured,
    selfHasTwoFactor,
    invitationHours,
    roles,
    loadFailed,
  } = loaderData;
  const answer = actionData as StaffActionResult | undefined;
  useLoadFailedToast(loadFailed, "Error fetching the staff accounts");
  useEffect(() => {
    if (answer) showToast({ ...answer.toast, id: `staff-${answer.at}` });
  }, [answer]);

  return (
    <AdminScreen
      title="Staff accounts"
      description="Who can sign in to the members area, and what each may do."
      actions={
        <div className="flex flex-wrap gap-2">
          <Link to="/members/staff/roles" className={buttonVariants({ variant: "outline" })}>
            <ShieldCheck aria-hidden="true" />
            Roles
          </Link>
          <a href="#add-account-heading" className={buttonVariants()}>
            <UserPlus aria-hidden="true" />
            Add an account
          </a>
        </div>
      }
    >
      <div className="grid gap-8">
        <AccountList accounts={accounts} loadFailed={loadFailed} />
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <AddAccount
            answer={answer}
            emailConfigured={emailConfigured}
            invitationHours={invitationHours}
            roles={roles}
          />
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
