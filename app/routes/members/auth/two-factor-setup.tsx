import { TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { data, redirect } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { SignOutButton } from "~/components/sign-out-button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { confirmPasswordSchema, totpCodeSchema } from "~/schemas/account";
import { CHANGE_PASSWORD_PATH, requireUser, type StaffUser } from "~/server/auth/guards.server";
import {
  authenticatorSetup,
  confirmTwoFactorSetup,
  regenerateBackupCodes,
  startTwoFactorSetup,
  turnOffTwoFactor,
  twoFactorStatus,
  type AuthenticatorSetup,
} from "~/server/auth/two-factor.server";
import { refusalFor } from "~/server/http/action-result.server";
import { AppError } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import type { Route } from "./+types/two-factor-setup";
import { Manage } from "./two-factor-manage";
import { BackupCodes, ScanStep, StartStep } from "./two-factor-steps";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Two-factor sign-in", "Sign in with a code from an authenticator app too.");
}

/** An answer of this screen: a step that leads to the next form carries what that form shows. */
interface TwoFactorAnswer extends ActionResult {
  /** Step 2: the QR code and secret to add to the app, and the form for its first code. */
  setup?: AuthenticatorSetup;
  /** Shown once: ten codes that each replace the app for one sign-in. */
  backupCodes?: string[];
}

function answer(result: Omit<TwoFactorAnswer, "at">, init: { status?: number; setCookies?: string[] } = {}) {
  const headers = new Headers();
  for (const cookie of init.setCookies ?? []) headers.append("Set-Cookie", cookie);
  return data<TwoFactorAnswer>({ ...result, at: Date.now() }, { status: init.status ?? 200, headers });
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, undefined, { unfinished: true });
  // A temporary password is replaced first: the set-up asks for the account's own password.
  if (user.mustChangePassword) throw redirect(CHANGE_PASSWORD_PATH);
  return { email: user.email, status: await twoFactorStatus(user) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, undefined, { unfinished: true });
  if (user.mustChangePassword) throw redirect(CHANGE_PASSWORD_PATH);
  const form = await readForm(request);
  const intent = form.get("intent");
  const title = "Not done";
  try {
    switch (intent) {
      case "start":
        return answer({
          ok: true,
          toast: { title: "Password confirmed" },
          setup: await startTwoFactorSetup(request, user, password(form)),
        });
      case "confirm":
        return await confirm(request, user, form);
      case "turn-off":
        return answer(
          {
            ok: true,
            toast: {
              title: "Two-factor sign-in is off",
              description: "You sign in with your password only.",
            },
          },
          { setCookies: await turnOffTwoFactor(request, user, password(form)) },
        );
      case "new-codes":
        return answer({
          ok: true,
          toast: { title: "New backup codes", description: "Your old backup codes no longer work." },
          backupCodes: await regenerateBackupCodes(request, user, password(form)),
        });
      default:
        return answer(
          { ok: false, toast: { title, description: "Unknown request.", variant: "destructive" } },
          { status: 400 },
        );
    }
  } catch (error) {
    return refusalFor(error, {
      title,
      what: `Two-factor ${String(intent)}`,
      fallback: "Something went wrong. Please try again.",
      values: { intent: String(intent ?? "") },
    });
  }
}

/** The account's password, checked by the library; an empty one is refused here with the same message. */
function password(form: FormData): string {
  const parsed = confirmPasswordSchema.safeParse({ password: form.get("password") ?? "" });
  if (!parsed.success) throw new AppError(parsed.error.issues[0]!.message, 400, { field: "password" });
  return parsed.data.password;
}

async function confirm(request: Request, user: StaffUser, form: FormData) {
  const setup = await authenticatorSetup(String(form.get("totpURI") ?? ""));
  const refuseCode = (status: number, message: string) =>
    answer(
      {
        ok: false,
        toast: { title: "Not turned on", description: message, variant: "destructive" },
        fieldErrors: { code: message },
        setup,
      },
      { status },
    );
  const code = totpCodeSchema.safeParse(form.get("code") ?? "");
  if (!code.success) return refuseCode(400, code.error.issues[0]!.message);
  try {
    const { backupCodes, setCookies } = await confirmTwoFactorSetup(request, user, code.data);
    return answer(
      {
        ok: true,
        toast: { title: "Two-factor sign-in is on", description: "Save your backup codes now." },
        backupCodes,
      },
      { setCookies },
    );
  } catch (error) {
    if (error instanceof AppError && error.field === "code") return refuseCode(error.status, error.message);
    throw error;
  }
}

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { status } = loaderData;
  const result = actionData as TwoFactorAnswer | undefined;
  // A step that leads to the next form speaks through that form; everything else through a toast.
  useEffect(() => {
    if (result && (!result.ok || !result.setup))
      showToast({ ...result.toast, id: `two-factor-${result.at}` });
  }, [result]);
  const errors = result?.fieldErrors ?? {};
  const mustSetUp = status.required && !status.enabled;

  return (
    <AdminScreen
      title="Two-factor sign-in"
      description="A code from an app on your phone, typed after your password, so a stolen password alone cannot open your account."
      backTo={mustSetUp ? null : "/members/account"}
      backLabel="Back to My account"
      actions={mustSetUp ? <SignOutButton /> : undefined}
    >
      <div className="grid max-w-3xl gap-6">
        {mustSetUp && !result?.backupCodes ? (
          <p
            role="status"
            className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          >
            <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            The church requires two-factor sign-in for every staff account. Please set it up now: the rest of
            the members area opens once it is done.
          </p>
        ) : null}
        {result?.backupCodes ? (
          <BackupCodes codes={result.backupCodes} email={loaderData.email} />
        ) : result?.setup ? (
          <ScanStep setup={result.setup} error={errors.code} />
        ) : status.enabled ? (
          <Manage
            status={status}
            passwordError={{ intent: result?.values?.intent, message: errors.password }}
          />
        ) : (
          <StartStep error={errors.password} />
        )}
      </div>
    </AdminScreen>
  );
}
