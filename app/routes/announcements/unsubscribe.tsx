import { MailCheck, MailX } from "lucide-react";
import { data, Form, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { localeOfPath, translator, useLocalePath, useT } from "~/lib/i18n";
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
// shows only the address the link was made for. In English and, under /fil, in Filipino (issue
// 39): a Filipino member's announcements link to the Filipino page; either address works.

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

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return [...pageMeta(matches, t("unsubscribe.title")), { name: "robots", content: "noindex" }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const t = useT();
  const to = useLocalePath();
  return (
    <>
      <PageHeader eyebrow={t("unsubscribe.eyebrow")} title={t("unsubscribe.title")} />
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-12 text-center sm:px-6 lg:px-8">
        {view.state === "ask" ? (
          <>
            <MailX className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="mt-4 w-full text-lg text-navy [overflow-wrap:anywhere]">
              {t("unsubscribe.askBefore")} <strong>{view.address}</strong>
              {t("unsubscribe.askAfter")}
            </p>
            <p className="mt-2 text-muted-foreground">{t("unsubscribe.note")}</p>
            <Form method="post" className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button type="submit" size="lg">
                {t("unsubscribe.button")}
              </Button>
              <Link to={to("/")} className={buttonVariants({ variant: "outline", size: "lg" })}>
                {t("unsubscribe.keep")}
              </Link>
            </Form>
          </>
        ) : view.state === "done" ? (
          <>
            <MailCheck className="size-10 text-primary" aria-hidden="true" />
            <p className="mt-4 w-full text-lg text-navy [overflow-wrap:anywhere]" role="status">
              {t("unsubscribe.doneBefore")} <strong>{view.address}</strong>
              {t("unsubscribe.doneAfter")}
            </p>
            <Link
              to={to("/")}
              className={buttonVariants({ variant: "outline", size: "lg", className: "mt-8" })}
            >
              {t("linkPages.home")}
            </Link>
          </>
        ) : (
          <>
            <MailX className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="mt-4 text-lg text-muted-foreground" role="alert">
              {view.state === "busy" ? t("unsubscribe.busy") : t("unsubscribe.invalid")}
            </p>
            <Link
              to={to("/")}
              className={buttonVariants({ variant: "outline", size: "lg", className: "mt-8" })}
            >
              {t("linkPages.home")}
            </Link>
          </>
        )}
      </section>
    </>
  );
}
