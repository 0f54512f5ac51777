import { data } from "react-router";
import { PageHeader } from "~/components/page-header";
import { localeOfPath, localeOfRequest, translator, useT, type MessageKey } from "~/lib/i18n";
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
import { fieldMessage } from "./serve-messages.server";

// A volunteer's own serving page (issue 36), reached by the signed link in their requests and
// reminders (no account): their upcoming dates in any team with their answers, "find me a
// replacement", the days they are away, and their calendar feed. The link is the only key: the
// forms carry a seat's or a blockout's id, and the server acts only on the link's member's own.
// In English and, under /fil, in Filipino (issue 39): the notices are written in the action's
// language, the page's words by its components.

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

const seatRefusals: Record<SeatRefusal, MessageKey> = {
  invalid: "serve.me.notOnList",
  expired: "serve.me.notOnList",
  gone: "serve.me.changed",
  "not-yours": "serve.me.changed",
  past: "serve.me.past",
};

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!(await allowServePost(factsOf(context).clientIp))) {
    return data<View>({ state: "busy" }, { status: 429, headers: KEEP_TOKEN_HERE });
  }
  const link = await openPersonalLink(params.token);
  if (!link.ok) return refused(link.closed);
  const { memberId } = link;
  const locale = localeOfRequest(request);
  const t = translator(locale);
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
        return pageView(memberId, { notice: problem(t(seatRefusals[outcome.refusal])) }, 409);
      const text =
        intent === "accept"
          ? outcome.changed
            ? t("serve.me.accepted")
            : t("serve.me.alreadyAccepted")
          : outcome.changed
            ? t("serve.me.declined")
            : t("serve.me.alreadyDeclined");
      return pageView(memberId, { notice: ok(text) });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      const message = fieldMessage(locale, error.message);
      return pageView(memberId, { notice: problem(message), errors: { [`reason-${seat}`]: message } }, 400);
    }
  }

  if (intent === "replace") {
    const outcome = await askForReplacement(memberId, seat);
    if (!outcome.ok) return pageView(memberId, { notice: problem(t(seatRefusals[outcome.refusal])) }, 409);
    const text =
      outcome.offered > 0 ? t("serve.me.offered", { count: outcome.offered }) : t("serve.me.headSees");
    return pageView(memberId, { notice: ok(text) });
  }

  if (intent === "add-blockout") {
    const values = { from: field("from"), to: field("to"), reason: field("reason") };
    try {
      await addBlockout(memberId, values);
      return pageView(memberId, { notice: ok(t("serve.me.blockoutAdded")) });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      const name = error.field ?? "from";
      return pageView(
        memberId,
        {
          notice: problem(t("serve.me.blockoutCheck")),
          errors: { [name]: fieldMessage(locale, error.message) },
          values,
        },
        400,
      );
    }
  }

  if (intent === "remove-blockout") {
    const removed = await removeBlockout(memberId, field("blockout"));
    return pageView(memberId, { notice: ok(removed ? t("serve.me.removed") : t("serve.me.alreadyRemoved")) });
  }

  if (intent === "calendar") {
    const calendar = await newCalendarFeed(memberId);
    return pageView(memberId, {
      calendar,
      notice: ok(t("serve.me.calendarReady")),
    });
  }

  return pageView(memberId, { notice: problem(t("serve.me.unknown")) }, 400);
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return [...pageMeta(matches, t("serve.me.title")), { name: "robots", content: "noindex" }];
}

export default function ServingPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t(serveTexts.eyebrow)} title={t("serve.me.title")} />
      <ServeColumn>
        {view.state === "open" ? (
          <>
            <p className="text-lg text-navy">{t("serve.me.hello", { name: view.page.firstName })}</p>
            {view.notice ? <Notice tone={view.notice.tone}>{view.notice.text}</Notice> : null}
            <SeatsSection view={view} />
            <BlockoutsSection view={view} />
            <CalendarSection view={view} />
          </>
        ) : (
          <ClosedLinkPage
            message={t(view.state === "busy" ? serveTexts.busy : serveTexts.refusals[view.refusal])}
          />
        )}
      </ServeColumn>
    </>
  );
}
