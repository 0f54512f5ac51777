import { MailCheck, MailX } from "lucide-react";
import { data, Form, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { factsOf } from "~/server/http/request-context.server";
import {
  allowUnsubscribePost,
  unsubscribe,
  unsubscribeAddress,
} from "~/server/announcements/unsubscribe.server";
import type { Route } from "./+types/unsubscribe";

// The unsubscribe link at the foot (and in the List-Unsubscribe header) of every announcement.
// Opening it changes nothing (mail programs open links to check them): the person presses the
// button, a plain form post that works without scripts. A mail program's one-click POST
// (RFC 8058, body "List-Unsubscribe=One-Click") comes to the same action. No sign-in; the page
// shows only the address the link was made for.

const texts = {
  invalid:
    "This unsubscribe link is not valid. Please use the link from the church's e-mail as it is, or write to the church office.",
  busy: "Too many requests from your connection. Please wait a minute and try again.",
};

type View =
  { state: "ask"; address: string } | { state: "done"; address: string } | { state: "invalid" | "busy" };

export const clientLoader = loadAsDocument;

export async function loader({ params }: Route.LoaderArgs) {
  const address = await unsubscribeAddress(params.token);
  if (!address) return data<View>({ state: "invalid" }, { status: 404 });
  return { state: "ask", address } satisfies View as View;
}

export async function action({ params, context }: Route.ActionArgs) {
  if (!(await allowUnsubscribePost(factsOf(context).clientIp))) {
    return data<View>({ state: "busy" }, { status: 429 });
  }
  const address = await unsubscribe(params.token);
  if (!address) return data<View>({ state: "invalid" }, { status: 404 });
  return { state: "done", address } satisfies View as View;
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, "Unsubscribe"), { name: "robots", content: "noindex" }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  return (
    <>
      <PageHeader eyebrow="Church E-mails" title="Unsubscribe" />
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-12 text-center sm:px-6 lg:px-8">
        {view.state === "ask" ? (
          <>
            <MailX className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="mt-4 w-full text-lg text-navy [overflow-wrap:anywhere]">
              Stop the church's announcements to <strong>{view.address}</strong>?
            </p>
            <p className="mt-2 text-muted-foreground">
              Messages about your own registrations and requests still come when you ask for them.
            </p>
            <Form method="post" className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button type="submit" size="lg">
                Unsubscribe
              </Button>
              <Link to="/" className={buttonVariants({ variant: "outline", size: "lg" })}>
                Keep Receiving Them
              </Link>
            </Form>
          </>
        ) : view.state === "done" ? (
          <>
            <MailCheck className="size-10 text-primary" aria-hidden="true" />
            <p className="mt-4 w-full text-lg text-navy [overflow-wrap:anywhere]" role="status">
              You will no longer receive the church's announcements at <strong>{view.address}</strong>.
            </p>
            <Link to="/" className={buttonVariants({ variant: "outline", size: "lg", className: "mt-8" })}>
              Back to the Home Page
            </Link>
          </>
        ) : (
          <>
            <MailX className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="mt-4 text-lg text-muted-foreground" role="alert">
              {view.state === "busy" ? texts.busy : texts.invalid}
            </p>
            <Link to="/" className={buttonVariants({ variant: "outline", size: "lg", className: "mt-8" })}>
              Back to the Home Page
            </Link>
          </>
        )}
      </section>
    </>
  );
}
