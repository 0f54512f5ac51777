import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { AuthCard, AuthNotice } from "~/components/auth-card";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { firstError, firstErrors } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { forgotPasswordSchema } from "~/schemas/password";
import { requestPasswordResetWithinLimits } from "~/server/auth/password-links.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { outboxStatus } from "~/server/messages/outbox-status.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import type { Route } from "./+types/forgot-password";
import type { PageHandle } from "~/lib/page-scripts";
import { factsOf } from "~/server/http/request-context.server";

// The sign-in pages belong to the members area's React application (ADR 013).
export const handle: PageHandle = { hydrate: true };

// Public: a person who cannot sign in asks for a link to choose a new password. The answer is the
// same whether or not the address has an account, so the form cannot be used to find accounts.

const SENT =
  "If an account uses this address, we have sent it a link to choose a new password. It works for one hour. Check your spam folder too.";
const NOT_SENT_YET =
  "This website cannot send e-mail yet: the e-mail will be sent once the church sets up e-mail. Until then, ask an administrator of the church: they can make you a reset link on the staff accounts screen.";
const NO_EMAIL_HELP =
  "No e-mail? An administrator can make you a reset link on the staff accounts screen. The church's only administrator, locked out, gets back in through whoever runs the server (npm run admin:create).";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, "Forgot password", "Get a link by e-mail to choose a new password."),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader() {
  return { emailConfigured: (await outboxStatus()).emailConfigured };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const typed = form.get("email");
  const values = { email: typeof typed === "string" ? typed.slice(0, 254) : "" };
  const parsed = forgotPasswordSchema.safeParse({ email: typed ?? undefined });
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(
      400,
      { title: "Check the address", description: firstError(fieldErrors) },
      { fieldErrors, values },
    );
  }
  try {
    const limit = await requestPasswordResetWithinLimits({
      email: parsed.data.email,
      clientIp: factsOf(context).clientIp,
      origin: siteOrigin(),
    });
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      return refuse(
        429,
        {
          title: "Too many requests",
          description: `Too many requests, please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        },
        { values },
      );
    }
  } catch (error) {
    return refusalFor(error, {
      title: "No link sent",
      what: "A password reset request",
      fallback: "We could not send a link just now. Please try again in a few minutes.",
      values,
    });
  }
  return reply({ title: "Check your e-mail", description: SENT }, { values: { email: parsed.data.email } });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const answer = useRef<HTMLDivElement>(null);
  const isSubmitting = navigation.state === "submitting";
  const isSent = actionData?.ok === true;
  // The sign-in page passes on the address that was typed there.
  const fromSignIn = (location.state as { email?: unknown } | null)?.email;
  const email = actionData?.values?.email ?? (typeof fromSignIn === "string" ? fromSignIn : "");
  const error = actionData && !actionData.ok ? actionData.toast.description : undefined;
  const fieldError = actionData?.fieldErrors?.email;

  // The form gives way to the answer: keyboard and screen-reader users continue from there.
  useEffect(() => {
    if (isSent) answer.current?.focus();
  }, [isSent, actionData?.at]);

  return (
    <AuthCard
      title="Forgot password?"
      description={
        isSent
          ? undefined
          : "Enter the e-mail address of your account. We will send you a link to choose a new password."
      }
    >
      {isSent ? (
        <div
          ref={answer}
          tabIndex={-1}
          className="mt-6 grid gap-3 focus:outline-none"
          data-testid="reset-answer"
        >
          <AuthNotice tone="success">
            <p className="font-semibold">Check your e-mail</p>
            <p className="mt-1">{SENT}</p>
          </AuthNotice>
          {loaderData.emailConfigured ? null : <AuthNotice tone="info">{NOT_SENT_YET}</AuthNotice>}
          <p className="text-sm text-muted-foreground">
            You entered{" "}
            <span className="font-medium text-foreground wrap-anywhere">{actionData.values?.email}</span>.{" "}
            <Link
              to="/members/forgot-password"
              replace
              className="font-medium text-navy underline underline-offset-4"
            >
              Use another address
            </Link>
          </p>
        </div>
      ) : (
        <Form method="post" className="mt-8 grid gap-5">
          <FormField
            // A new field after a refusal, so it shows what was sent back.
            key={actionData?.at ?? "first"}
            id="email"
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={254}
            defaultValue={email}
            error={fieldError}
          />
          {error && !fieldError ? <AuthNotice tone="error">{error}</AuthNotice> : null}
          <Button type="submit" size="lg" disabled={isSubmitting}>
            <BusyIcon busy={isSubmitting} />
            Send me a link
          </Button>
        </Form>
      )}
      <p className="mt-6 text-sm text-muted-foreground" data-testid="no-email-help">
        {NO_EMAIL_HELP}
      </p>
      <p className="mt-4 text-center text-sm text-muted-foreground">
        Remembered it?{" "}
        <Link to="/members/login" className="font-medium text-navy underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
