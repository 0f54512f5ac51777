import { data } from "react-router";
import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { AppError } from "~/server/http/errors.server";
import { factsOf } from "~/server/http/request-context.server";
import { allowServePost, answerFromPage, type SeatRefusal } from "~/server/rosters/answers.server";
import { askForReplacement } from "~/server/rosters/replacements.server";
import {
  addBlockout,
  newCalendarFeed,
  openPersonalLink,
  personalPage,
  removeBlockout,
} from "~/server/rosters/volunteer.server";
import type { Route } from "./+types/me";
import {
  BlockoutsSection,
  CalendarSection,
  SeatsSection,
  type MeView,
  type Notice as NoticeView,
} from "./me-sections";
import {
  ClosedLinkPage,
  KEEP_TOKEN_HERE,
  Notice,
  REFUSAL_STATUS,
  ServeColumn,
  serveTexts,
} from "./serve-pieces";

// A volunteer's own serving page (issue 36), reached by the signed link in their requests and
// reminders (no account): their upcoming dates in any team with their answers, "find me a
// replacement", the days they are away, and their calendar feed. The link is the only key: the
// forms carry a seat's or a blockout's id, and the server acts only on the link's member's own.

type View = MeView | { state: "refused"; refusal: SeatRefusal } | { state: "busy" };

export function headers() {
  return KEEP_TOKEN_HERE;
}

const refused = (refusal: SeatRefusal) =>
  data<View>({ state: "refused", refusal }, { status: REFUSAL_STATUS[refusal], headers: KEEP_TOKEN_HERE });

const EMPTY_VALUES = { from: "", to: "", reason: "" };

async function pageView(memberId: string, extra: Partial<Omit<MeView, "state" | "page">> = {}, status = 200) {
  const page = await personalPage(memberId);
  if (!page) return refused("invalid");
  const view: MeView = {
    state: "open",
    page,
    notice: null,
    errors: {},
    values: EMPTY_VALUES,
    calendar: null,
    ...extra,
  };
  return data<View>(view, { status, headers: KEEP_TOKEN_HERE });
}

export const clientLoader = loadAsDocument;

export async function loader({ params }: Route.LoaderArgs) {
  const link = await openPersonalLink(params.token);
  if (!link.ok) return refused(link.closed);
  return pageView(link.memberId);
}

const ok = (text: string): NoticeView => ({ tone: "ok", text });
const problem = (text: string): NoticeView => ({ tone: "error", text });

const seatRefusals: Record<SeatRefusal, string> = {
  invalid: "That date is not on your list.",
  expired: "That date is not on your list.",
  gone: "That date is no longer on your list: the roster may have changed.",
  "not-yours": "That date is no longer on your list: the roster may have changed.",
  past: "That date has passed.",
};

function replacementText(offered: number): string {
  return offered > 0
    ? `We have offered your date to ${offered === 1 ? "1 other person" : `${offered} other people`} who can serve then. You keep it until one of them takes it, and you will get an e-mail when someone does.`
    : "Your team's head can see that you need someone to take your place. You keep the date until then.";
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!(await allowServePost(factsOf(context).clientIp))) {
    return data<View>({ state: "busy" }, { status: 429, headers: KEEP_TOKEN_HERE });
  }
  const link = await openPersonalLink(params.token);
  if (!link.ok) return refused(link.closed);
  const { memberId } = link;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = field("intent");
  const seat = field("seat");

  if (intent === "accept" || intent === "decline") {
    try {
      const outcome = await answerFromPage(memberId, seat, intent, field("reason"));
      if ("refusal" in outcome)
        return pageView(memberId, { notice: problem(seatRefusals[outcome.refusal]) }, 409);
      const text =
        intent === "accept"
          ? outcome.changed
            ? "Thank you: you are serving on that date."
            : "You had already accepted that date."
          : outcome.changed
            ? "Thank you for letting us know: you have declined that date."
            : "You had already declined that date.";
      return pageView(memberId, { notice: ok(text) });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      return pageView(
        memberId,
        { notice: problem(error.message), errors: { [`reason-${seat}`]: error.message } },
        400,
      );
    }
  }

  if (intent === "replace") {
    const outcome = await askForReplacement(memberId, seat);
    if (!outcome.ok) return pageView(memberId, { notice: problem(seatRefusals[outcome.refusal]) }, 409);
    return pageView(memberId, { notice: ok(replacementText(outcome.offered)) });
  }

  if (intent === "add-blockout") {
    const values = { from: field("from"), to: field("to"), reason: field("reason") };
    try {
      await addBlockout(memberId, values);
      return pageView(memberId, { notice: ok("Added: your team's heads will not ask you for those days.") });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      const name = error.field ?? "from";
      return pageView(
        memberId,
        {
          notice: problem("Please check the days you are away: nothing has been saved."),
          errors: { [name]: error.message },
          values,
        },
        400,
      );
    }
  }

  if (intent === "remove-blockout") {
    const removed = await removeBlockout(memberId, field("blockout"));
    return pageView(memberId, { notice: ok(removed ? "Removed." : "That was already removed.") });
  }

  if (intent === "calendar") {
    const calendar = await newCalendarFeed(memberId);
    return pageView(memberId, {
      calendar,
      notice: ok("Your calendar link is ready below. Any link you made before no longer works."),
    });
  }

  return pageView(
    memberId,
    { notice: problem("We could not tell what you wanted to do. Please try again.") },
    400,
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [...pageMeta(matches, "Where I Serve"), { name: "robots", content: "noindex" }];
}

export default function ServingPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  return (
    <>
      <PageHeader eyebrow={serveTexts.eyebrow} title="Where I Serve" />
      <ServeColumn>
        {view.state === "open" ? (
          <>
            <p className="text-lg text-navy">
              Hello {view.page.firstName}. Here are the dates you are asked to serve, and the days you are
              away.
            </p>
            {view.notice ? <Notice tone={view.notice.tone}>{view.notice.text}</Notice> : null}
            <SeatsSection view={view} />
            <BlockoutsSection view={view} />
            <CalendarSection view={view} />
          </>
        ) : (
          <ClosedLinkPage
            message={view.state === "busy" ? serveTexts.busy : serveTexts.refusals[view.refusal]}
          />
        )}
      </ServeColumn>
    </>
  );
}
