import { ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { FormField } from "~/components/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { showToast } from "~/lib/toast";
import { backupCodeSchema, SIGN_IN_EXPIRED, totpCodeSchema } from "~/schemas/account";
import { getOptionalUser } from "~/server/auth/guards.server";
import { recordSignIn } from "~/server/auth/sign-in.server";
import { pendingSecondFactor, verifySecondFactor } from "~/server/auth/two-factor.server";
import { refuse } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Route } from "./+types/login-two-factor";
import type { PageHandle } from "~/lib/page-scripts";

// The sign-in pages belong to the members area's React application (ADR 013).
export const handle: PageHandle = { hydrate: true };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Two-factor sign-in", "The second step of signing in to the members area.");
}

// The sign-in's second step: the password was right and better-auth holds the pending sign-in
// in its signed, short-lived two_factor cookie; a code from the app (or a backup code) finishes it.
export async function loader({ request }: Route.LoaderArgs) {
  if (await getOptionalUser(request)) throw redirect("/members");
  return { hasChallenge: (await pendingSecondFactor(request)) !== null };
}

type Answer = ActionResult & { expired?: boolean };

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const method = form.get("method") === "backup" ? "backup" : "app";
  const title = "Sign in Failed";
  const parsed = (method === "app" ? totpCodeSchema : backupCodeSchema).safeParse(form.get("code") ?? "");
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    return refuse(400, { title, description: message }, { fieldErrors: { code: message } });
  }
  const result = await verifySecondFactor(request, {
    method,
    code: parsed.data,
    trustDevice: form.get("trustDevice") === "on",
  });
  if (!result.ok) {
    // An ended sign-in has no field to fix: the page says so and leads back to the password.
    return data<Answer>(
      {
        ok: false,
        at: Date.now(),
        toast: { title, description: result.message, variant: "destructive" },
        fieldErrors: result.expired ? undefined : { code: result.message },
        expired: result.expired,
      },
      { status: result.status },
    );
  }
  await recordSignIn(result.userId);
  const destination = safeRedirect(form.get("redirectTo"), "/members");
  throw await redirectWithToast(destination, { title: "Login Successful!" }, request, result.setCookies);
}

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const answer = actionData as Answer | undefined;
  useEffect(() => {
    if (answer) showToast({ ...answer.toast, id: `login-two-factor-${answer.at}` });
  }, [answer]);

  const isBackup = searchParams.get("method") === "backup";
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const otherMethod = new URLSearchParams(searchParams);
  if (isBackup) otherMethod.delete("method");
  else otherMethod.set("method", "backup");
  const expired = !loaderData.hasChallenge || answer?.expired === true;
  const error = answer?.fieldErrors?.code;
  const isSubmitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  return (
    <section className="flex justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md rounded-2xl border border-border bg-background p-8 shadow-sm">
        <div className="flex flex-col items-center text-center">
          <ShieldCheck className="size-12 text-primary" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-navy">Two-factor sign-in</h1>
          {expired ? null : (
            <p className="mt-2 text-sm text-muted-foreground">
              {isBackup
                ? "Type one of the backup codes you saved when you set up two-factor sign-in. Each code works once."
                : "Open the authenticator app on your phone and type the 6-digit code it shows for this church."}
            </p>
          )}
        </div>
        {expired ? (
          <div className="mt-8 grid gap-5">
            <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {answer?.expired ? answer.toast.description : SIGN_IN_EXPIRED}
            </p>
            <Link to="/members/login" className={buttonVariants({ size: "lg" })}>
              Back to sign in
            </Link>
          </div>
        ) : (
          <Form method="post" className="mt-8 grid gap-5">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <input type="hidden" name="method" value={isBackup ? "backup" : "app"} />
            <FormField
              // A new field when the method changes, so nothing typed for one goes to the other.
              key={isBackup ? "backup" : "app"}
              id="code"
              name="code"
              label={isBackup ? "Backup code" : "6-digit code"}
              inputMode={isBackup ? "text" : "numeric"}
              autoComplete={isBackup ? "off" : "one-time-code"}
              autoCapitalize="none"
              spellCheck={false}
              placeholder={isBackup ? "abcde-12345" : undefined}
              maxLength={isBackup ? 20 : 7}
              required
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the only thing to do on this page
              autoFocus
              error={error}
              className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-widest"
            />
            <label htmlFor="trustDevice" className="flex min-h-11 items-center gap-3 text-sm">
              <input id="trustDevice" type="checkbox" name="trustDevice" className="size-5 accent-primary" />
              Trust this device for 30 days (only on your own computer or phone)
            </label>
            <Button type="submit" size="lg" disabled={isSubmitting}>
              <BusyIcon busy={isSubmitting} />
              Verify
            </Button>
            <Link
              to={`?${otherMethod.toString()}`}
              className="text-center text-sm font-medium text-navy underline-offset-4 hover:underline"
            >
              {isBackup ? "Use the authenticator app instead" : "Use a backup code instead"}
            </Link>
          </Form>
        )}
      </div>
    </section>
  );
}
