import { Copy, Download, Printer, ShieldCheck, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { FormField, PasswordField } from "~/components/form-field";
import { Panel } from "~/components/panel";
import { SignOutButton } from "~/components/sign-out-button";
import { Button, buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import {
  confirmPasswordSchema,
  groupSecret,
  totpCodeSchema,
  TWO_FACTOR_REQUIRED_NOTE,
} from "~/schemas/account";
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

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function StartStep({ error }: { error?: string }) {
  const busy = useBusy("start");
  return (
    <Panel
      title="Set up an authenticator app"
      description={
        <>
          You need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator
          or 2FAS (free in your phone&apos;s app store).
        </>
      }
    >
      <ol className="mb-6 grid list-decimal gap-1 pl-5 text-sm">
        <li>Confirm your password.</li>
        <li>Scan the QR code with the app (or type the key it shows).</li>
        <li>Type the 6-digit code the app then shows.</li>
        <li>Keep the ten backup codes somewhere safe.</li>
      </ol>
      <Form method="post" className="grid max-w-sm gap-4">
        <input type="hidden" name="intent" value="start" />
        <PasswordField
          id="password"
          name="password"
          label="Your password"
          autoComplete="current-password"
          required
          error={error}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Checking..." : "Continue"}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

function ScanStep({ setup, error }: { setup: AuthenticatorSetup; error?: string }) {
  const busy = useBusy("confirm");
  return (
    <Panel title="Scan this QR code with your app" testId="scan-step" focusOnMount>
      <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
        <div
          role="img"
          aria-label="QR code to add this account to your authenticator app"
          className="mx-auto size-52 rounded-lg border border-border bg-white p-1 [&>svg]:size-full"
          // Drawn on the server by the qrcode library from the set-up's own address.
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        <div className="grid min-w-0 gap-4 text-sm">
          <div>
            <p>Cannot scan it? In the app, choose to enter a key and type this one:</p>
            <p
              data-testid="totp-secret"
              className="mt-2 break-words rounded-md bg-muted px-3 py-2 font-mono text-base tracking-wider"
            >
              {groupSecret(setup.secret)}
            </p>
            <p className="mt-1 text-muted-foreground">Choose “time-based” if the app asks.</p>
            <p className="mt-2">
              On the phone with the app?{" "}
              <a href={setup.totpURI} className="font-medium text-primary underline underline-offset-2">
                Add this account to the app
              </a>
            </p>
          </div>
          <Form method="post" className="grid max-w-xs gap-4">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="totpURI" value={setup.totpURI} />
            <FormField
              id="code"
              name="code"
              label="6-digit code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
              error={error}
              className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-widest"
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={busy}>
                {busy ? "Checking..." : "Turn on"}
              </Button>
              <Link to="." className={buttonVariants({ variant: "outline" })}>
                Cancel
              </Link>
            </div>
          </Form>
        </div>
      </div>
    </Panel>
  );
}

function BackupCodes({ codes, email }: { codes: string[]; email: string }) {
  const [copied, setCopied] = useState<"no" | "yes" | "unavailable">("no");
  const text = [
    `Backup codes for ${email}`,
    "Each code can be used once, instead of the app's code, to sign in.",
    "",
    ...codes,
    "",
  ].join("\n");
  return (
    <Panel title="Your backup codes" testId="backup-codes" focusOnMount>
      <p className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>
          <strong>Save these codes now: they are shown only once.</strong> If you lose your phone, each code
          lets you sign in one time instead of the app&apos;s code. Keep them somewhere safe, away from your
          phone, and never share them.
        </span>
      </p>
      <ul
        className="mt-4 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5"
        aria-label="Backup codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-muted px-2 py-1.5 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3 print:hidden">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="backup-codes.txt"
          className={buttonVariants({ variant: "outline" })}
        >
          <Download aria-hidden="true" />
          Download as .txt
        </a>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            // The clipboard needs https; on a plain-http site the codes are downloaded or printed.
            if (!navigator.clipboard) return setCopied("unavailable");
            navigator.clipboard.writeText(text).then(
              () => setCopied("yes"),
              () => setCopied("unavailable"),
            );
          }}
        >
          <Copy aria-hidden="true" />
          {copied === "yes" ? "Copied" : "Copy"}
        </Button>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <p role="status" className={copied === "unavailable" ? "mt-2 text-sm" : "sr-only"}>
        {copied === "yes"
          ? "The backup codes are copied."
          : copied === "unavailable"
            ? "This browser does not allow copying here: download or print the codes instead."
            : ""}
      </p>
      <div className="mt-6 border-t border-border pt-4 print:hidden">
        <Link to="/members/account" className={buttonVariants()}>
          I have saved my codes
        </Link>
      </div>
    </Panel>
  );
}

function Manage({
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

function PasswordForm({
  intent,
  submitLabel,
  destructive = false,
  error,
}: {
  intent: string;
  submitLabel: string;
  destructive?: boolean;
  error?: string;
}) {
  const busy = useBusy(intent);
  return (
    <Form method="post" className="grid max-w-sm gap-4">
      <input type="hidden" name="intent" value={intent} />
      <PasswordField
        id={`${intent}-password`}
        name="password"
        label="Your password"
        autoComplete="current-password"
        required
        error={error}
      />
      <div>
        <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
          {busy ? "Working..." : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
