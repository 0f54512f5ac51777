import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { AuthCard, AuthNotice } from "~/components/auth-card";
import { PasswordInput } from "~/components/password-input";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { pageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { showToast } from "~/lib/toast";
import { ACCOUNT_LOCKED, ADDRESS_LOCKED, loginSchema } from "~/schemas/login";
import { getOptionalUser } from "~/server/auth/guards.server";
import { refuse } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { signIn, takeSignInAs } from "~/server/auth/sign-in.server";

/** The sign-in's second step, for accounts with an authenticator app. */
export const TWO_FACTOR_SIGN_IN_PATH = "/members/login/two-factor";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Route } from "./+types/login";
import type { PageHandle } from "~/lib/page-scripts";
import { factsOf } from "~/server/http/request-context.server";

// The sign-in pages belong to the members area's React application (ADR 013).
export const handle: PageHandle = { hydrate: true };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Members Login", "Sign in to the members area for church staff.");
}

export async function loader({ request }: Route.LoaderArgs) {
  // Someone already signed in has nothing to do here.
  if (await getOptionalUser(request)) throw redirect("/members");
  // Just after choosing a password from an e-mailed link: that account's address, filled in.
  const { email, setCookies } = await takeSignInAs(request);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return data({ email }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = loginSchema.safeParse({
    username: form.get("username") ?? undefined,
    password: form.get("password") ?? undefined,
    redirectTo: form.get("redirectTo") ?? undefined,
  });
  const username = typeof form.get("username") === "string" ? String(form.get("username")).slice(0, 254) : "";
  const refuseSignIn = (status: number, description: string) =>
    refuse(status, { title: "Sign in Failed", description }, { values: { username } });
  if (!parsed.success) return refuseSignIn(400, parsed.error.issues[0]!.message);
  const result = await signIn({
    identifier: parsed.data.username,
    password: parsed.data.password,
    clientIp: factsOf(context).clientIp,
    request,
  });
  if (!result.ok) return refuseSignIn(result.status, result.message);
  const destination = safeRedirect(parsed.data.redirectTo, "/members");
  if (result.twoFactor) {
    // The password was right; the session starts once the authenticator's code is given.
    const next = destination === "/members" ? "" : `?redirectTo=${encodeURIComponent(destination)}`;
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    throw redirect(`${TWO_FACTOR_SIGN_IN_PATH}${next}`, { headers });
  }
  throw await redirectWithToast(destination, { title: "Login Successful!" }, request, result.setCookies);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const isSubmitting =
    navigation.state !== "idle" && navigation.formAction?.startsWith("/members/login") === true;

  useEffect(() => {
    if (actionData) showToast({ ...actionData.toast, id: `login-${actionData.at}` });
  }, [actionData]);
  const error = actionData?.toast.description;
  const isLocked = error === ACCOUNT_LOCKED || error === ADDRESS_LOCKED;
  // The forgot-password form starts with the address typed here (kept out of the URL).
  const typed = actionData?.values?.username ?? "";
  const forgotState = typed.includes("@") ? { email: typed } : undefined;
  // After a password was set from an e-mailed link, the sign-in page says so.
  const notice = searchParams.get("password") === "set" ? "Your password is set. Sign in with it now." : null;

  return (
    <AuthCard title="Members Login" description="Sign in to the members area.">
      {notice ? (
        <AuthNotice tone="success" className="mt-6">
          {notice}
        </AuthNotice>
      ) : null}
      <Form method="post" className="mt-8 grid gap-5">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <div className="grid gap-2">
          <Label htmlFor="username">Email</Label>
          <Input
            id="username"
            name="username"
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={254}
            defaultValue={actionData?.values?.username ?? loaderData?.email ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "login-error username-hint" : "username-hint"}
          />
          <p id="username-hint" className="text-xs text-muted-foreground">
            Your e-mail address (or your username, if you were given one).
          </p>
        </div>
        <div className="grid gap-2">
          <div className="flex items-baseline justify-between gap-3">
            <Label htmlFor="password">Password</Label>
            <Link
              to="/members/forgot-password"
              state={forgotState}
              className="text-sm font-medium text-navy underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </div>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={128}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "login-error" : undefined}
          />
        </div>
        {error ? (
          <AuthNotice tone="error" id="login-error">
            <p>{error}</p>
            {isLocked ? (
              <p className="mt-1">
                <Link
                  to="/members/forgot-password"
                  state={forgotState}
                  className="font-semibold underline underline-offset-4"
                >
                  Forgot password? Get a link by e-mail
                </Link>
              </p>
            ) : null}
          </AuthNotice>
        ) : null}
        <Button type="submit" size="lg" disabled={isSubmitting}>
          <BusyIcon busy={isSubmitting} />
          Login
        </Button>
      </Form>
    </AuthCard>
  );
}
