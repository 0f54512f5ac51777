import { CircleCheck } from "lucide-react";
import { data, Form, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { localeOfPath, pathWithoutLocale, translator, useLocalePath, useT } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { factsOf } from "~/server/http/request-context.server";
import { allowServePost, type SeatRefusal } from "~/server/rosters/answers.server";
import { openOffer, takeOffer, type OfferState } from "~/server/rosters/replacements.server";
import type { SeatView } from "~/server/rosters/roster-seats.server";
import type { Route } from "./+types/offer";
import {
  ClosedLinkPage,
  KEEP_TOKEN_HERE,
  REFUSAL_STATUS,
  SeatCard,
  ServeColumn,
  serveTexts,
} from "./serve-pieces";

// A date someone asked to be replaced in, offered by e-mail to another member qualified for it
// and free that day (issue 36). Opening the link changes nothing; "Take this date" is a plain
// form post, and the first to take it serves. Whoever comes later reads that it is taken. In
// English and, under /fil, in Filipino (issue 39).

type Offer = {
  state: OfferState | "busy";
  firstName: string;
  seat: SeatView;
  /** Just taken: the link to their own page. */
  pageUrl: string | null;
};
type View = Offer | { state: "refused"; refusal: SeatRefusal } | { state: "too-many" };

export function headers() {
  return KEEP_TOKEN_HERE;
}

const refused = (refusal: SeatRefusal) =>
  data<View>({ state: "refused", refusal }, { status: REFUSAL_STATUS[refusal], headers: KEEP_TOKEN_HERE });

const STATUS: Record<Offer["state"], number> = { open: 200, yours: 200, taken: 410, busy: 409 };

export const clientLoader = loadAsDocument;

export async function loader({ params }: Route.LoaderArgs) {
  const opened = await openOffer(params.token);
  if (!opened.ok) return refused(opened.refusal);
  const { ok: _ok, ...offer } = opened;
  return data<View>({ ...offer, pageUrl: null }, { status: STATUS[offer.state], headers: KEEP_TOKEN_HERE });
}

export async function action({ params, context }: Route.ActionArgs) {
  if (!(await allowServePost(factsOf(context).clientIp))) {
    return data<View>({ state: "too-many" }, { status: 429, headers: KEEP_TOKEN_HERE });
  }
  const outcome = await takeOffer(params.token);
  if (!outcome.ok) return refused(outcome.refusal);
  const { ok: _ok, ...offer } = outcome;
  return data<View>(offer, { status: STATUS[offer.state], headers: KEEP_TOKEN_HERE });
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return [...pageMeta(matches, t("serve.offer.title")), { name: "robots", content: "noindex" }];
}

/** The person's own page at this page's address (/fil/serve/me/... on a Filipino page). */
function pageInThisLanguage(pageUrl: string, to: (path: string) => string): string {
  const url = new URL(pageUrl);
  return `${url.origin}${to(pathWithoutLocale(url.pathname))}`;
}

function OfferBody({ view }: { view: Offer }) {
  const t = useT();
  const to = useLocalePath();
  if (view.state === "taken") return <ClosedLinkPage message={t("serve.offer.taken")} />;
  if (view.state === "busy") return <ClosedLinkPage message={t("serve.offer.busy")} />;
  if (view.state === "yours") {
    return (
      <>
        <div className="grid justify-items-center gap-3 text-center">
          <CircleCheck className="size-10 text-primary" aria-hidden="true" />
          <p className="text-lg text-navy" role="status" data-testid="offer-taken">
            {view.pageUrl ? t("serve.offer.yoursNow", { name: view.firstName }) : t("serve.offer.yours")}
          </p>
        </div>
        <SeatCard seat={view.seat} showStatus={false} />
        {view.pageUrl ? (
          <a
            href={pageInThisLanguage(view.pageUrl, to)}
            className={buttonVariants({ variant: "outline", size: "lg" })}
          >
            {t("serve.offer.allDates")}
          </a>
        ) : (
          <Link to={to("/")} className={buttonVariants({ variant: "outline", size: "lg" })}>
            {t("linkPages.home")}
          </Link>
        )}
      </>
    );
  }
  return (
    <>
      <p className="text-lg text-navy">{t("serve.offer.hello", { name: view.firstName })}</p>
      <SeatCard seat={view.seat} showStatus={false} />
      <Form method="post" className="grid">
        <Button type="submit" size="lg">
          {t("serve.offer.take")}
        </Button>
      </Form>
    </>
  );
}

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t(serveTexts.eyebrow)} title={t("serve.offer.title")} />
      <ServeColumn>
        {view.state === "refused" ? (
          <ClosedLinkPage message={t(serveTexts.refusals[view.refusal])} />
        ) : view.state === "too-many" ? (
          <ClosedLinkPage message={t(serveTexts.busy)} />
        ) : (
          <OfferBody view={view} />
        )}
      </ServeColumn>
    </>
  );
}
