import { CircleCheck } from "lucide-react";
import { data, Form, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
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
// form post, and the first to take it serves. Whoever comes later reads that it is taken.

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

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, "Can You Take This Date?"), { name: "robots", content: "noindex" }];
}

function OfferBody({ view }: { view: Offer }) {
  if (view.state === "taken") {
    return (
      <ClosedLinkPage message="Someone has already taken this date. Thank you for being ready to help!" />
    );
  }
  if (view.state === "busy") {
    return (
      <ClosedLinkPage message="You are already on the roster that day, so you cannot take this date as well." />
    );
  }
  if (view.state === "yours") {
    return (
      <>
        <div className="grid justify-items-center gap-3 text-center">
          <CircleCheck className="size-10 text-primary" aria-hidden="true" />
          <p className="text-lg text-navy" role="status" data-testid="offer-taken">
            {view.pageUrl
              ? `Thank you, ${view.firstName}: this date is yours now. You will get a reminder before it.`
              : "This date is yours: you took it."}
          </p>
        </div>
        <SeatCard seat={view.seat} showStatus={false} />
        {view.pageUrl ? (
          <a href={view.pageUrl} className={buttonVariants({ variant: "outline", size: "lg" })}>
            See all my dates
          </a>
        ) : (
          <Link to="/" className={buttonVariants({ variant: "outline", size: "lg" })}>
            Back to the Home Page
          </Link>
        )}
      </>
    );
  }
  return (
    <>
      <p className="text-lg text-navy">
        Hello {view.firstName}. Someone on the team can no longer serve on this date. Can you take it? The
        first to take it serves.
      </p>
      <SeatCard seat={view.seat} showStatus={false} />
      <Form method="post" className="grid">
        <Button type="submit" size="lg">
          Take this date
        </Button>
      </Form>
    </>
  );
}

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  return (
    <>
      <PageHeader eyebrow={serveTexts.eyebrow} title="Can You Take This Date?" />
      <ServeColumn>
        {view.state === "refused" ? (
          <ClosedLinkPage message={serveTexts.refusals[view.refusal]} />
        ) : view.state === "too-many" ? (
          <ClosedLinkPage message={serveTexts.busy} />
        ) : (
          <OfferBody view={view} />
        )}
      </ServeColumn>
    </>
  );
}
