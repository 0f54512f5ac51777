import { useEffect } from "react";
import { AdminScreen } from "~/components/admin-screen";
import { Panel } from "~/components/panel";
import { SignOutButton } from "~/components/sign-out-button";
import { firstErrors } from "~/lib/action-result";
import { addDays, dayInChurchZone, todayInChurchZone } from "~/lib/dates";
import { formatDate, formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { changeEmailSchema, changePasswordSchema, ownNameSchema } from "~/schemas/account";
import { pendingEmailChange, requestOwnEmailChange } from "~/server/auth/email-change.server";
import { outboxStatus } from "~/server/messages/outbox-status.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { requireUser, type StaffUser } from "~/server/auth/guards.server";
import {
  changeOwnName,
  changeOwnPassword,
  listOwnSessions,
  revokeOwnSession,
  signOutElsewhere,
  type OwnSession,
} from "~/server/auth/own-account.server";
import { twoFactorStatus, type TwoFactorStatus } from "~/server/auth/two-factor.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Route } from "./+types/account";
import { EmailForm, NameForm, PasswordForm } from "./account-forms";
import { SessionsPanel, TwoFactorPanel, type SessionRow } from "./account-panels";
import { useLoadFailedToast } from "~/components/load-failed-toast";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "My account", "Your name, password, two-factor sign-in and signed-in devices.");
}

const SCREEN = "/members/account";

/** "today", "yesterday" or "Sat 21 Nov 2026", in the church's time zone. */
function dayLabel(moment: string) {
  const day = dayInChurchZone(new Date(moment));
  const today = todayInChurchZone();
  if (day === today) return "today";
  if (day === addDays(today, -1)) return "yesterday";
  return formatDate(day);
}

function sessionRow(session: OwnSession): SessionRow {
  return {
    id: session.id,
    device: session.device,
    isPhone: /iPhone|Android|iPad/.test(session.device),
    isCurrent: session.isCurrent,
    address: session.ipAddress,
    signedIn: formatDateTime(session.signedInAt),
    lastActive: dayLabel(session.lastActiveAt),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  // Open to an account that must first choose its password or set up two-factor sign-in.
  const user = await requireUser(request, undefined, { unfinished: true });
  const base = { name: user.name, email: user.email, mustChangePassword: user.mustChangePassword };
  const empty = {
    ...base,
    sessions: [] as SessionRow[],
    twoFactor: null as TwoFactorStatus | null,
    pendingEmail: null as { to: string; expires: string } | null,
    emailConfigured: true,
  };
  if (user.mustChangePassword) return { ...empty, loadFailed: false };
  return loadOrEmpty(
    "the account",
    async () => {
      const [sessions, twoFactor, pending, outbox] = await Promise.all([
        listOwnSessions(user),
        twoFactorStatus(user),
        pendingEmailChange(user.id),
        outboxStatus(),
      ]);
      return {
        ...base,
        sessions: sessions.map(sessionRow),
        twoFactor,
        pendingEmail: pending ? { to: pending.to, expires: formatDateTime(pending.expiresAt) } : null,
        emailConfigured: outbox.emailConfigured,
      };
    },
    empty,
  );
}

const INTENTS = ["name", "email", "password", "revoke-session", "sign-out-elsewhere"] as const;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, undefined, { unfinished: true });
  const form = await readForm(request);
  const intent = INTENTS.find((known) => known === form.get("intent"));
  if (!intent) return refuse(400, { title: "Not saved", description: "Unknown request." });
  // An account with a temporary password can do one thing: choose its own.
  if (user.mustChangePassword && intent !== "password") {
    return refuse(403, { title: "Not saved", description: "Please choose your own password first." });
  }
  switch (intent) {
    case "name":
      return saveName(user, form);
    case "email":
      return askToChangeEmail(request, user, form);
    case "password":
      return savePassword(request, user, form);
    case "revoke-session":
      return revokeSession(request, user, String(form.get("id") ?? ""));
    case "sign-out-elsewhere":
      return signOutOthers(request, user);
  }
}

async function saveName(user: StaffUser, form: FormData) {
  const title = "Name not saved";
  const parsed = ownNameSchema.safeParse({ name: form.get("name") ?? "" });
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(
      400,
      { title, description: fieldErrors.name },
      { fieldErrors, values: { name: String(form.get("name") ?? "") } },
    );
  }
  try {
    await changeOwnName(user, parsed.data.name);
    return reply({ title: "Name saved", description: `You are now ${parsed.data.name}.` });
  } catch (error) {
    return refusalFor(error, {
      title,
      what: "Changing a name",
      fallback: "Your name could not be saved. Please try again.",
    });
  }
}

async function askToChangeEmail(request: Request, user: StaffUser, form: FormData) {
  const title = "E-mail address not changed";
  const typed = String(form.get("email") ?? "").slice(0, 254);
  const parsed = changeEmailSchema.safeParse({
    email: form.get("email") ?? "",
    emailPassword: form.get("emailPassword") ?? "",
  });
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(
      400,
      { title, description: Object.values(fieldErrors)[0] },
      { fieldErrors, values: { email: typed } },
    );
  }
  try {
    const { email } = await requestOwnEmailChange(request, user, parsed.data, siteOrigin());
    return reply({
      title: "Check your new address",
      description: `We sent a link to ${email}. Your address changes when you use it (within 24 hours); until then, sign in with ${user.email}.`,
    });
  } catch (error) {
    return refusalFor(error, {
      title,
      what: "Asking to change an e-mail address",
      fallback: "The link could not be sent. Please try again.",
      values: { email: typed },
    });
  }
}

async function savePassword(request: Request, user: StaffUser, form: FormData) {
  const title = "Password not changed";
  const parsed = changePasswordSchema.safeParse({
    currentPassword: form.get("currentPassword") ?? "",
    password: form.get("password") ?? "",
    confirmPassword: form.get("confirmPassword") ?? "",
  });
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(400, { title, description: Object.values(fieldErrors)[0] }, { fieldErrors });
  }
  try {
    const setCookies = await changeOwnPassword(request, user, parsed.data);
    if (user.mustChangePassword) {
      return redirectWithToast(
        "/members",
        { title: "Password changed", description: "Welcome! From now on, sign in with your new password." },
        request,
        setCookies,
      );
    }
    return redirectWithToast(
      SCREEN,
      { title: "Password changed", description: "You are signed out on your other devices." },
      request,
      setCookies,
    );
  } catch (error) {
    return refusalFor(error, {
      title,
      what: "Changing a password",
      fallback: "Your password could not be changed. Please try again.",
    });
  }
}

async function revokeSession(request: Request, user: StaffUser, sessionId: string) {
  try {
    const device = await revokeOwnSession(request, user, sessionId);
    return reply({ title: "Signed out", description: `${device} is signed out.` });
  } catch (error) {
    return refusalFor(error, {
      title: "Not signed out",
      what: "Signing out a session",
      fallback: "That device could not be signed out. Please try again.",
    });
  }
}

async function signOutOthers(request: Request, user: StaffUser) {
  try {
    const count = await signOutElsewhere(request, user);
    return reply({
      title: "Signed out everywhere else",
      description:
        count === 0
          ? "You were not signed in anywhere else."
          : `${count} other ${count === 1 ? "device is" : "devices are"} signed out.`,
    });
  } catch (error) {
    return refusalFor(error, {
      title: "Not signed out",
      what: "Signing out other sessions",
      fallback: "Your other devices could not be signed out. Please try again.",
    });
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { loadFailed } = loaderData;
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `account-${actionData.at}` });
  }, [actionData]);
  useLoadFailedToast(loadFailed, "Error fetching your account");

  if (loaderData.mustChangePassword) {
    return (
      <AdminScreen
        title="Choose your own password"
        description={`You signed in as ${loaderData.email} with a temporary password from an administrator.`}
        backTo={null}
        actions={<SignOutButton />}
      >
        <Panel
          title="Your new password"
          className="max-w-xl"
          description="Choose a password only you know before you continue. You will use it from now on."
        >
          <PasswordForm
            errors={actionData?.fieldErrors ?? {}}
            currentLabel="Temporary password"
            currentHint="The one you were given and just signed in with."
            submitLabel="Save my password"
          />
        </Panel>
      </AdminScreen>
    );
  }

  const { name, email, sessions, twoFactor, pendingEmail, emailConfigured } = loaderData;
  const emailAnswer = actionData && !actionData.ok && actionData.values?.email !== undefined;
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AdminScreen title="My account" description={`Signed in as ${email}.`}>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="grid min-w-0 gap-6">
          <NameForm name={actionData?.values?.name ?? name} error={errors.name} />
          <EmailForm
            key={actionData?.ok ? actionData.at : "email"}
            email={email}
            pending={pendingEmail}
            emailConfigured={emailConfigured}
            errors={emailAnswer ? errors : {}}
            typed={emailAnswer ? actionData.values?.email : undefined}
          />
          <Panel
            title="Password"
            description="Changing your password signs you out on all your other devices."
          >
            <PasswordForm errors={errors} submitLabel="Change password" />
          </Panel>
        </div>
        <div className="grid min-w-0 gap-6">
          {twoFactor ? <TwoFactorPanel status={twoFactor} /> : null}
          <SessionsPanel sessions={sessions} />
        </div>
      </div>
    </AdminScreen>
  );
}
