import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { AuthCard, AuthNotice } from "~/components/auth-card";
import { Field } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { firstError, firstErrors } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import {
  choosePasswordSchema,
  LINK_INVALID,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON,
} from "~/schemas/password";
import { findPasswordLink, setPasswordFromLink } from "~/server/auth/password-links.server";
import { isTooCommon } from "~/server/auth/password-strength.server";
import { refusalFor, refuse } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import type { Route } from "./+types/set-password";
import type { PageHandle } from "~/lib/page-scripts";
import { signInAsHeader } from "~/server/auth/sign-in.server";

// The sign-in pages belong to the members area's React application (ADR 013).
export const handle: PageHandle = { hydrate: true };

// Public: the page an invitation or a reset e-mail links to. The link's token is the key to the
// account, so it must not travel further: no referrer to other pages, nothing kept in a cache, and
// the form sends it in its body. The auth library checks it again and uses it up.

const KEEP_TOKEN_HERE = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

export function headers() {
  return KEEP_TOKEN_HERE;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData?.link ? "Choose your password" : "Link no longer valid";
  return [
    ...pageMeta(matches, title, "Choose the password for your account on the members area."),
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await findPasswordLink(token);
  return data(
    { link: link ? { purpose: link.purpose, name: link.name, email: link.email } : null },
    { status: link ? 200 : 410, headers: KEEP_TOKEN_HERE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "");
  // The link first: nothing else (not even the slower common-password check) for a wrong one.
  const link = await findPasswordLink(token);
  if (!link) return refuse(410, { title: "Password not saved", description: LINK_INVALID });
  const parsed = choosePasswordSchema.safeParse({
    password: form.get("password") ?? undefined,
    confirmPassword: form.get("confirmPassword") ?? undefined,
  });
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(
      400,
      { title: "Password not saved", description: firstError(fieldErrors) },
      { fieldErrors },
    );
  }
  const { password } = parsed.data;
  if (await isTooCommon(password, [link.name, link.email, link.username ?? ""])) {
    return refuse(
      400,
      { title: "Password not saved", description: PASSWORD_TOO_COMMON },
      { fieldErrors: { password: PASSWORD_TOO_COMMON } },
    );
  }
  try {
    await setPasswordFromLink(token, password);
  } catch (error) {
    return refusalFor(error, {
      title: "Password not saved",
      what: "Setting a password from a link",
      fallback: "Your password could not be saved just now. Please try again in a few minutes.",
    });
  }
  // The sign-in page then opens with the account's address filled in.
  const headers = new Headers(KEEP_TOKEN_HERE);
  headers.append("Set-Cookie", await signInAsHeader(link.email, request));
  throw redirect("/members/login?password=set", { headers });
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const { link } = loaderData;

  if (!link) {
    return (
      <AuthCard title="This link no longer works" description={LINK_INVALID}>
        <div className="mt-8 grid gap-3">
          <Link to="/members/forgot-password" className={buttonVariants({ size: "lg" })}>
            Forgot password?
          </Link>
          <Link to="/members/login" className={buttonVariants({ size: "lg", variant: "outline" })}>
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  const isInvitation = link.purpose === "invitation";
  const errors = actionData?.fieldErrors ?? {};
  const formError =
    actionData && !actionData.ok && !actionData.fieldErrors ? actionData.toast.description : null;
  return (
    <AuthCard
      title={isInvitation ? `Welcome, ${link.name}: choose your password` : "Choose a new password"}
      description={
        isInvitation
          ? "You will sign in to the members area with your e-mail address and this password."
          : "Your old password stops working, and your account is signed out on every other device."
      }
    >
      <div id="password-rules" className="mt-6 rounded-md bg-muted px-4 py-3 text-sm">
        <p className="font-semibold text-navy">Your password</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted-foreground">
          <li>at least {PASSWORD_MIN_LENGTH} characters;</li>
          <li>not a common password, and not your name or e-mail address;</li>
          <li>a passphrase of a few words is easiest, like four words you will remember.</li>
        </ul>
      </div>
      <Form method="post" className="mt-6 grid gap-5">
        <input type="hidden" name="token" value={searchParams.get("token") ?? ""} />
        <Field
          id="email"
          label="Email"
          hint="This is how you sign in."
          control={(aria) => (
            // Read-only, and sent nowhere: it tells password managers whose password this is.
            <Input
              id="email"
              type="email"
              value={link.email}
              readOnly
              autoComplete="username"
              className="bg-muted"
              {...aria}
            />
          )}
        />
        <Field
          id="password"
          label={isInvitation ? "Password" : "New password"}
          error={errors.password}
          control={(aria) => (
            <PasswordInput
              id="password"
              name="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={PASSWORD_MAX_LENGTH}
              {...aria}
              aria-describedby={[aria["aria-describedby"], "password-rules"].filter(Boolean).join(" ")}
            />
          )}
        />
        <Field
          id="confirmPassword"
          label="Type it again"
          error={errors.confirmPassword}
          control={(aria) => (
            <PasswordInput
              id="confirmPassword"
              name="confirmPassword"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              {...aria}
            />
          )}
        />
        {formError ? <AuthNotice tone="error">{formError}</AuthNotice> : null}
        <Button type="submit" size="lg" disabled={isSubmitting}>
          <BusyIcon busy={isSubmitting} />
          {isInvitation ? "Save my password" : "Save new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
