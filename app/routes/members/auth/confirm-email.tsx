import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthCard, AuthNotice } from "~/components/auth-card";
import { BusyIcon } from "~/components/busy-icon";
import { Button, buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-scripts";
import { EMAIL_LINK_INVALID } from "~/schemas/account";
import { confirmEmailChange, findEmailChange } from "~/server/auth/email-change.server";
import { refusalFor, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import type { Route } from "./+types/confirm-email";

// The sign-in pages belong to the members area's React application (ADR 013).
export const handle: PageHandle = { hydrate: true };

// Public: the page the "confirm your new e-mail address" link opens. Opening it changes nothing
// (mail programs and scanners open links by themselves); the button does, as a plain form post
// that works without scripts. The token stays on this page: no referrer, no cache.

const KEEP_TOKEN_HERE = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

export function headers() {
  return KEEP_TOKEN_HERE;
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      matches,
      "Confirm your e-mail address",
      "Confirm the new e-mail address of your staff account.",
    ),
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const pending = await findEmailChange(token);
  return data(
    { change: pending ? { name: pending.name, to: pending.to } : null },
    { status: pending ? 200 : 410, headers: KEEP_TOKEN_HERE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const { email } = await confirmEmailChange(String(form.get("token") ?? ""));
    return reply(
      { title: "E-mail address changed", description: `From now on, sign in with ${email}.` },
      { values: { email } },
    );
  } catch (error) {
    return refusalFor(error, {
      title: "Not changed",
      what: "Confirming a new e-mail address",
      fallback: "The address could not be changed just now. Please try again in a few minutes.",
    });
  }
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const signIn = (
    <Link to="/members/login" className={buttonVariants({ size: "lg" })}>
      Go to sign in
    </Link>
  );

  if (actionData?.ok) {
    return (
      <AuthCard title="Your e-mail address is changed">
        <AuthNotice tone="success" className="mt-6">
          From now on, sign in with <strong className="wrap-anywhere">{actionData.values?.email}</strong>. We
          told your old address too.
        </AuthNotice>
        <div className="mt-6 grid">{signIn}</div>
      </AuthCard>
    );
  }
  const failed = actionData && !actionData.ok ? actionData.toast.description : null;
  if (!loaderData.change || failed) {
    return (
      <AuthCard title="This link no longer works" description={failed ?? EMAIL_LINK_INVALID}>
        <div className="mt-8 grid">{signIn}</div>
      </AuthCard>
    );
  }
  const { name, to } = loaderData.change;
  return (
    <AuthCard title="Confirm your e-mail address" description={`Hello ${name}.`}>
      <p className="mt-6 text-sm">
        Your staff account will use <strong className="wrap-anywhere">{to}</strong>: you sign in with it, and
        messages for the account go there.
      </p>
      <Form method="post" className="mt-6 grid">
        <input type="hidden" name="token" value={searchParams.get("token") ?? ""} />
        <Button type="submit" size="lg" disabled={busy}>
          <BusyIcon busy={busy} />
          Use this address
        </Button>
      </Form>
    </AuthCard>
  );
}
