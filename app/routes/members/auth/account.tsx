import { LogOut, Monitor, ShieldAlert, ShieldCheck, Smartphone } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { FormField, PasswordField } from "~/components/form-field";
import { Panel } from "~/components/panel";
import { SignOutButton } from "~/components/sign-out-button";
import { Button, buttonVariants } from "~/components/ui/button";
import { firstErrors } from "~/lib/action-result";
import { addDays, dayInChurchZone, todayInChurchZone } from "~/lib/dates";
import { formatDate, formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { changePasswordSchema, NAME_MAX_LENGTH, ownNameSchema } from "~/schemas/account";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/schemas/password";
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

function sessionRow(session: OwnSession) {
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
    sessions: [] as ReturnType<typeof sessionRow>[],
    twoFactor: null as TwoFactorStatus | null,
  };
  if (user.mustChangePassword) return { ...empty, loadFailed: false };
  return loadOrEmpty(
    "the account",
    async () => {
      const [sessions, twoFactor] = await Promise.all([listOwnSessions(user), twoFactorStatus(user)]);
      return { ...base, sessions: sessions.map(sessionRow), twoFactor };
    },
    empty,
  );
}

const INTENTS = ["name", "password", "revoke-session", "sign-out-elsewhere"] as const;

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
  useEffect(() => {
    if (loadFailed)
      showToast({
        title: "Error fetching your account",
        description: "Please reload the page.",
        variant: "destructive",
      });
  }, [loadFailed]);

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

  const { name, email, sessions, twoFactor } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AdminScreen title="My account" description={`Signed in as ${email}.`}>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="grid min-w-0 gap-6">
          <NameForm name={actionData?.values?.name ?? name} error={errors.name} />
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

function useIsSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function NameForm({ name, error }: { name: string; error?: string }) {
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

function PasswordForm({
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
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function TwoFactorPanel({ status }: { status: TwoFactorStatus }) {
  const linkClass = buttonVariants({ variant: status.enabled ? "outline" : "default" });
  return (
    <Panel title="Two-factor sign-in" testId="two-factor-status">
      {status.enabled ? (
        <div className="flex gap-3">
          <ShieldCheck className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden="true" />
          <div className="grid gap-1 text-sm">
            <p className="font-semibold text-emerald-800">On</p>
            <p>When you sign in, you also type a code from the authenticator app on your phone.</p>
            <p className="text-muted-foreground">
              {status.backupCodesLeft === 1
                ? "1 backup code left."
                : `${status.backupCodesLeft} backup codes left.`}
            </p>
          </div>
        </div>
      ) : (
        <div className="flex gap-3">
          <ShieldAlert className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden="true" />
          <div className="grid gap-1 text-sm">
            <p className="font-semibold text-amber-900">Off</p>
            <p>
              {status.required
                ? "The church requires it for every staff account. Set it up now to continue."
                : "Add a second step to your sign-in: a code from an app on your phone, so a stolen password alone is not enough."}
            </p>
          </div>
        </div>
      )}
      <Link to="/members/account/two-factor" className={`${linkClass} mt-4`}>
        {status.enabled ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
      </Link>
    </Panel>
  );
}

function SessionsPanel({ sessions }: { sessions: ReturnType<typeof sessionRow>[] }) {
  const busyElsewhere = useIsSubmitting("sign-out-elsewhere");
  const navigation = useNavigation();
  const others = sessions.filter((session) => !session.isCurrent).length;
  return (
    <Panel
      title="Where you are signed in"
      description="If you see a device you do not recognise, sign it out and change your password."
      testId="sessions"
    >
      <ul className="divide-y divide-border">
        {sessions.map((session) => {
          const Icon = session.isPhone ? Smartphone : Monitor;
          const busy = navigation.state === "submitting" && navigation.formData?.get("id") === session.id;
          return (
            <li
              key={session.id}
              data-testid="session"
              className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0"
            >
              <Icon className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {session.device}
                  {session.isCurrent ? (
                    <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-muted-foreground">Signed in {session.signedIn}</p>
                <p className="break-words text-muted-foreground">
                  Last active {session.lastActive} ·{" "}
                  {session.address ? `address ${session.address}` : "address unknown"}
                </p>
              </div>
              {session.isCurrent ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="id" value={session.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    aria-label={`Sign out ${session.device}, signed in ${session.signedIn}`}
                  >
                    {busy ? "Signing out..." : "Sign out"}
                  </Button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Form method="post" className="mt-4 border-t border-border pt-4">
          <input type="hidden" name="intent" value="sign-out-elsewhere" />
          <Button type="submit" variant="outline" disabled={busyElsewhere}>
            <LogOut aria-hidden="true" />
            {busyElsewhere ? "Signing out..." : "Sign out everywhere else"}
          </Button>
        </Form>
      ) : (
        <p className="mt-4 border-t border-border pt-4 text-sm text-muted-foreground">
          You are not signed in anywhere else.
        </p>
      )}
    </Panel>
  );
}
