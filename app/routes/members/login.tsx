import { LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { ChurchLogo } from "~/components/church-logo";
import { PasswordInput } from "~/components/password-input";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { pageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { showToast } from "~/lib/toast";
import { loginSchema } from "~/schemas/login";
import { getOptionalUser } from "~/server/auth/guards.server";
import { refuse } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { signIn } from "~/server/auth/sign-in.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Members Login", "Sign in to the members area for church staff.");
}

export async function loader({ request }: Route.LoaderArgs) {
  // Someone already signed in has nothing to do here.
  if (await getOptionalUser(request)) throw redirect("/members");
  return null;
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
    clientIp: context.clientIp,
    request,
  });
  if (!result.ok) return refuseSignIn(result.status, result.message);
  throw await redirectWithToast(
    safeRedirect(parsed.data.redirectTo, "/members"),
    { title: "Login Successful!" },
    request,
    result.setCookies,
  );
}

export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const isSubmitting =
    navigation.state !== "idle" && navigation.formAction?.startsWith("/members/login") === true;

  useEffect(() => {
    if (actionData) showToast({ ...actionData.toast, id: `login-${actionData.at}` });
  }, [actionData]);
  const error = actionData?.toast.description;

  return (
    <section className="flex justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md rounded-2xl border border-border bg-background p-8 shadow-sm">
        <div className="flex flex-col items-center text-center">
          <ChurchLogo className="size-12" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-navy">Members Login</h1>
          <p className="mt-2 text-sm text-muted-foreground">Sign in to the members area.</p>
        </div>
        <Form method="post" className="mt-8 grid gap-5">
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <div className="grid gap-2">
            <Label htmlFor="username">Username</Label>
            <Input
              id="username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={254}
              defaultValue={actionData?.values?.username ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "login-error" : undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="password">Password</Label>
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
            <p
              id="login-error"
              role="alert"
              className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive"
            >
              {error}
            </p>
          ) : null}
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Login
          </Button>
        </Form>
      </div>
    </section>
  );
}
