import { data, Form } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { localeOfPath, localeOfRequest, translator, useT, type Translate } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { MAX_DECLINE_REASON } from "~/schemas/serving";
import { AppError } from "~/server/http/errors.server";
import { factsOf } from "~/server/http/request-context.server";
import {
  allowServePost,
  answerByLink,
  openAnswer,
  type Answer,
  type SeatRefusal,
} from "~/server/rosters/answers.server";
import type { SeatView } from "~/server/rosters/roster-seats.server";
import type { Route } from "./+types/answer";
import {
  ClosedLinkPage,
  FieldError,
  KEEP_TOKEN_HERE,
  Notice,
  REFUSAL_STATUS,
  SeatCard,
  ServeColumn,
  serveTexts,
} from "./serve-pieces";
import { fieldMessage } from "./serve-messages.server";

// The Accept and Decline link of one date in a request to serve (issue 36). Opening it changes
// nothing (mail programs open links to check them): the page shows the date and both choices,
// each a plain form post; Decline takes an optional reason. The answer can be changed until the
// date. `?answer=accept|decline` only puts the choice the person clicked in the e-mail first.
// In English and, under /fil, in Filipino (issue 39).

type Open = {
  state: "open";
  firstName: string;
  seat: SeatView;
  first: Answer;
  /** After a post: what was recorded, or that it was already so. */
  done: { answer: Answer; changed: boolean } | null;
  reason: string;
  reasonError: string | null;
};
type View = Open | { state: "refused"; refusal: SeatRefusal } | { state: "busy" };

export function headers() {
  return KEEP_TOKEN_HERE;
}

const refused = (refusal: SeatRefusal) =>
  data<View>({ state: "refused", refusal }, { status: REFUSAL_STATUS[refusal], headers: KEEP_TOKEN_HERE });

export const clientLoader = loadAsDocument;

export async function loader({ params, request }: Route.LoaderArgs) {
  const opened = await openAnswer(params.token);
  if (!opened.ok) return refused(opened.refusal);
  const first: Answer = new URL(request.url).searchParams.get("answer") === "decline" ? "decline" : "accept";
  return data<View>(
    {
      state: "open",
      ...opened,
      first,
      done: null,
      reason: opened.seat.declineReason ?? "",
      reasonError: null,
    },
    { headers: KEEP_TOKEN_HERE },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!(await allowServePost(factsOf(context).clientIp))) {
    return data<View>({ state: "busy" }, { status: 429, headers: KEEP_TOKEN_HERE });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const answer: Answer = form.get("answer") === "decline" ? "decline" : "accept";
  const reason = String(form.get("reason") ?? "");
  try {
    const outcome = await answerByLink(params.token, answer, reason);
    if (!outcome.ok) return refused(outcome.refusal);
    return data<View>(
      {
        state: "open",
        firstName: outcome.firstName,
        seat: outcome.seat,
        first: answer,
        done: { answer, changed: outcome.changed },
        reason: outcome.seat.declineReason ?? "",
        reasonError: null,
      },
      { headers: KEEP_TOKEN_HERE },
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 400) throw error;
    const opened = await openAnswer(params.token);
    if (!opened.ok) return refused(opened.refusal);
    const reasonError = fieldMessage(localeOfRequest(request), error.message);
    return data<View>(
      { state: "open", ...opened, first: "decline", done: null, reason, reasonError },
      { status: 400, headers: KEEP_TOKEN_HERE },
    );
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return [...pageMeta(matches, t("serve.answer.title")), { name: "robots", content: "noindex" }];
}

function doneText(view: Open, t: Translate): string {
  const { done, firstName } = view;
  if (!done) return "";
  if (!done.changed)
    return done.answer === "accept" ? t("serve.answer.alreadyAccepted") : t("serve.answer.alreadyDeclined");
  return done.answer === "accept"
    ? t("serve.answer.accepted", { name: firstName })
    : t("serve.answer.declined", { name: firstName });
}

function AcceptForm({ primary }: { primary: boolean }) {
  const t = useT();
  return (
    <Form method="post" className="grid">
      <Button type="submit" name="answer" value="accept" size="lg" variant={primary ? "default" : "outline"}>
        {t("serve.accept")}
      </Button>
    </Form>
  );
}

function DeclineForm({ view, primary }: { view: Open; primary: boolean }) {
  const t = useT();
  return (
    <Form method="post" className="grid gap-2">
      <Label htmlFor="reason">{t("serve.reasonOptional")}</Label>
      <Textarea
        id="reason"
        name="reason"
        rows={3}
        maxLength={MAX_DECLINE_REASON}
        defaultValue={view.reason}
        aria-invalid={view.reasonError ? true : undefined}
        aria-describedby={view.reasonError ? "reason-error" : "reason-help"}
        className="min-h-20"
      />
      <p id="reason-help" className="text-sm text-muted-foreground">
        {t("serve.answer.reasonHelp")}
      </p>
      <FieldError id="reason-error" message={view.reasonError ?? undefined} />
      <Button type="submit" name="answer" value="decline" size="lg" variant={primary ? "default" : "outline"}>
        {t("serve.decline")}
      </Button>
    </Form>
  );
}

function ChangeHeading({ text }: { text: string }) {
  return <h2 className="text-base font-semibold text-navy">{text}</h2>;
}

function OpenAnswer({ view }: { view: Open }) {
  const t = useT();
  const or = (
    <p key="or" className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
      <span className="h-px flex-1 bg-border" />
      {t("serve.answer.or")}
      <span className="h-px flex-1 bg-border" />
    </p>
  );
  // Once answered, the page offers only the change: a second Accept after accepting would read as
  // if the first had not counted.
  const status = view.seat.status;
  const forms =
    status === "accepted"
      ? [
          <ChangeHeading key="heading" text={t("serve.answer.changeToDecline")} />,
          <DeclineForm key="decline" view={view} primary={false} />,
        ]
      : status === "declined"
        ? [
            <ChangeHeading key="heading" text={t("serve.answer.changeToAccept")} />,
            <AcceptForm key="accept" primary />,
          ]
        : view.first === "decline"
          ? [
              <DeclineForm key="decline" view={view} primary />,
              or,
              <AcceptForm key="accept" primary={false} />,
            ]
          : [
              <AcceptForm key="accept" primary />,
              or,
              <DeclineForm key="decline" view={view} primary={false} />,
            ];
  return (
    <>
      <p className="text-lg text-navy">{t("serve.answer.hello", { name: view.firstName })}</p>
      {view.done ? <Notice tone="ok">{doneText(view, t)}</Notice> : null}
      {view.reasonError ? <Notice tone="error">{t("serve.answer.checkReason")}</Notice> : null}
      <SeatCard seat={view.seat} />
      <div className="grid gap-4 rounded-xl border border-border bg-muted/40 p-4 sm:p-5">{forms}</div>
    </>
  );
}

export default function AnswerPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t(serveTexts.eyebrow)} title={t("serve.answer.title")} />
      <ServeColumn>
        {view.state === "open" ? (
          <OpenAnswer view={view} />
        ) : (
          <ClosedLinkPage
            message={t(view.state === "busy" ? serveTexts.busy : serveTexts.refusals[view.refusal])}
          />
        )}
      </ServeColumn>
    </>
  );
}
