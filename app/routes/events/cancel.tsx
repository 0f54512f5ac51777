import { CalendarCheck, CalendarX2 } from "lucide-react";
import { data, Form, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { localeOfPath, translator, useLocalePath, useT } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { isCancelSignature } from "~/server/people/registration-links.server";
import { cancelRegistration, getRegistrationForCancel } from "~/server/people/event-seats.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { readForm } from "~/server/http/forms.server";
import type { Route } from "./+types/cancel";

// The page a confirmation e-mail's "Cancel my registration" link opens. Opening it changes
// nothing (mail programs open links to check them): the person confirms with the button, and the
// form is sent without scripts like every public form. A link works once. The page and its
// answers are in the language of its address (a Filipino confirmation links to /fil/..., issue 39).

type View =
  | { state: "ask"; eventTitle: string; name: string; waitlisted: boolean }
  | { state: "cancelled"; eventTitle: string }
  | { state: "already" | "invalid" };

async function signedRegistration(url: URL) {
  const id = url.searchParams.get("r") ?? "";
  const signature = url.searchParams.get("s") ?? "";
  if (!id || !isCancelSignature(id, signature)) return null;
  return getRegistrationForCancel(id);
}

export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const registration = await signedRegistration(new URL(request.url));
  if (!registration) return data<View>({ state: "invalid" }, { status: 404 });
  if (registration.status === "cancelled") return { state: "already" } satisfies View as View;
  return {
    state: "ask",
    eventTitle: registration.eventTitle,
    name: registration.name,
    waitlisted: registration.status === "waitlisted",
  } satisfies View as View;
}

export async function action({ request }: Route.ActionArgs) {
  await readForm(request);
  const registration = await signedRegistration(new URL(request.url));
  if (!registration) return data<View>({ state: "invalid" }, { status: 404 });
  const outcome = await cancelRegistration(registration.id, siteOrigin());
  if (!outcome.ok) {
    return data<View>(
      { state: outcome.reason === "already-cancelled" ? "already" : "invalid" },
      { status: 409 },
    );
  }
  return { state: "cancelled", eventTitle: outcome.eventTitle } satisfies View as View;
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return [...pageMeta(matches, t("events.cancelTitle")), { name: "robots", content: "noindex" }];
}

export default function CancelRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const t = useT();
  const href = useLocalePath();
  return (
    <>
      <PageHeader eyebrow={t("events.eyebrow")} title={t("events.cancelTitle")} />
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-12 text-center sm:px-6 lg:px-8">
        {view.state === "ask" ? (
          <>
            <CalendarX2 className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="mt-4 text-lg text-navy">
              {view.waitlisted
                ? t("events.cancelAskWaitlist", { event: view.eventTitle, name: view.name })
                : t("events.cancelAsk", { event: view.eventTitle, name: view.name })}
            </p>
            <p className="mt-2 text-muted-foreground">
              {view.waitlisted ? t("events.cancelWaitlistNote") : t("events.cancelNote")}
            </p>
            <Form method="post" className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button type="submit" variant="destructive" size="lg">
                {view.waitlisted ? t("events.cancelLeaveWaitlist") : t("events.cancelButton")}
              </Button>
              <Link to={href("/events")} className={buttonVariants({ variant: "outline", size: "lg" })}>
                {t("events.cancelKeep")}
              </Link>
            </Form>
          </>
        ) : view.state === "cancelled" ? (
          <>
            <CalendarCheck className="size-10 text-primary" aria-hidden="true" />
            <p className="mt-4 text-lg text-navy" role="status">
              {t("events.cancelled", { event: view.eventTitle })}
            </p>
            <Link
              to={href("/events")}
              className={buttonVariants({ variant: "outline", size: "lg", className: "mt-8" })}
            >
              {t("events.seeOthers")}
            </Link>
          </>
        ) : (
          <>
            <CalendarX2 className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="mt-4 text-lg text-muted-foreground" role="alert">
              {view.state === "already" ? t("events.cancelAlready") : t("events.cancelInvalid")}
            </p>
            <Link
              to={href("/events")}
              className={buttonVariants({ variant: "outline", size: "lg", className: "mt-8" })}
            >
              {t("events.back")}
            </Link>
          </>
        )}
      </section>
    </>
  );
}
