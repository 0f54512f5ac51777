import { CircleCheck } from "lucide-react";
import { ClosedLinkPage } from "~/components/link-page-notices";
import { data, Form } from "react-router";
import { HeadcountFields } from "~/components/headcount-fields";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { dateShortIn } from "~/lib/dates-in-language";
import { localeOfPath, localeOfRequest, translator, useT, type Locale, type MessageKey } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { COUNT_FIELDS, occasionValue } from "~/schemas/headcount";
import {
  allowUsherPost,
  openUsherLink,
  saveUsherHeadcount,
  usherOccasions,
} from "~/server/attendance/usher-links.server";
import { AppError } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { factsOf } from "~/server/http/request-context.server";
import type { Route } from "./+types/usher";
import { headcountMessage } from "./usher-messages.server";
import { COUNT_LABEL_KEYS } from "./usher-words";

// An usher's headcount page (issue 37), from a signed link made by staff: no account, no script.
// Choose today's or a recent service or event (the last 7 days), enter the four counts, Save;
// saving the same one again replaces its counts. An altered, revoked or expired link opens a page
// that says so, and writes nothing. In English and, under /fil, in Filipino (issue 39).

const KEEP_TOKEN_HERE = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };

type Choice = { value: string; label: string; summary: string | null };
type Open = {
  state: "open";
  usher: string;
  choices: Choice[];
  saved: string | null;
  error: { field: string; message: string } | null;
  values: Record<string, string>;
};
type View = Open | { state: "closed"; message: MessageKey; status: number };

const CLOSED = {
  invalid: { message: "headcount.closed.invalid", status: 404 },
  expired: { message: "headcount.closed.expired", status: 410 },
  busy: { message: "headcount.busy", status: 429 },
} as const satisfies Record<string, { message: MessageKey; status: number }>;

const closed = (reason: keyof typeof CLOSED) =>
  data<View>(
    { state: "closed", ...CLOSED[reason] },
    { status: CLOSED[reason].status, headers: KEEP_TOKEN_HERE },
  );

export function headers() {
  return KEEP_TOKEN_HERE;
}

async function choices(locale: Locale): Promise<Choice[]> {
  const t = translator(locale);
  return (await usherOccasions()).map((row) => ({
    value: occasionValue(row.occasion),
    label: `${row.title}, ${dateShortIn(locale, row.date)}`,
    summary: row.counts
      ? t("headcount.countedSoFar", { count: String(row.counts.adults + row.counts.children) })
      : null,
  }));
}

export const clientLoader = loadAsDocument;

export async function loader({ params, request }: Route.LoaderArgs) {
  const link = await openUsherLink(params.token);
  if (!link.ok) return closed(link.closed);
  const locale = localeOfRequest(request);
  return data<View>(
    {
      state: "open",
      usher: link.usher,
      choices: await choices(locale),
      saved: null,
      error: null,
      values: {},
    },
    { headers: KEEP_TOKEN_HERE },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!(await allowUsherPost(factsOf(context).clientIp))) return closed("busy");
  const locale = localeOfRequest(request);
  const t = translator(locale);
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const name of ["occasion", ...COUNT_FIELDS]) values[name] = String(form.get(name) ?? "");
  try {
    const outcome = await saveUsherHeadcount(params.token, values);
    if (!outcome.ok) return closed(outcome.closed);
    const { saved } = outcome;
    return data<View>(
      {
        state: "open",
        usher: outcome.usher,
        choices: await choices(locale),
        saved: t(saved.replaced ? "headcount.savedReplaced" : "headcount.saved", {
          title: saved.title,
          date: dateShortIn(locale, saved.date),
        }),
        error: null,
        values: {},
      },
      { headers: KEEP_TOKEN_HERE },
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const link = await openUsherLink(params.token);
    if (!link.ok) return closed(link.closed);
    return data<View>(
      {
        state: "open",
        usher: link.usher,
        choices: await choices(locale),
        saved: null,
        error: { field: error.field ?? "occasion", message: headcountMessage(locale, error.message) },
        values,
      },
      { status: error.status, headers: KEEP_TOKEN_HERE },
    );
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return [...pageMeta(matches, t("headcount.eyebrow")), { name: "robots", content: "noindex" }];
}

function CountForm({ view }: { view: Open }) {
  const t = useT();
  const occasionError = view.error?.field === "occasion" ? view.error.message : null;
  if (view.choices.length === 0) {
    return <p className="text-lg text-navy">{t("headcount.none")}</p>;
  }
  const labels = {
    adults: t(COUNT_LABEL_KEYS.adults),
    children: t(COUNT_LABEL_KEYS.children),
    online: t(COUNT_LABEL_KEYS.online),
    firstTime: t(COUNT_LABEL_KEYS.firstTime),
  };
  return (
    <Form method="post" className="grid gap-5">
      <p className="text-navy">{t("headcount.hello", { name: view.usher })}</p>
      <div className="grid gap-2">
        <Label htmlFor="occasion">{t("headcount.occasion")}</Label>
        <select
          id="occasion"
          name="occasion"
          defaultValue={view.values.occasion ?? view.choices[0]!.value}
          className="h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base"
          aria-invalid={occasionError ? true : undefined}
          aria-describedby={occasionError ? "occasion-error" : undefined}
        >
          {view.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
              {choice.summary ? ` (${choice.summary})` : ""}
            </option>
          ))}
        </select>
        {occasionError ? (
          <p id="occasion-error" className="text-sm text-destructive">
            {occasionError}
          </p>
        ) : null}
      </div>
      <HeadcountFields
        idPrefix="count"
        values={view.values}
        error={occasionError ? null : view.error}
        labels={labels}
      />
      <p className="text-sm text-muted-foreground">{t("headcount.note")}</p>
      <Button type="submit" size="lg">
        {t("headcount.save")}
      </Button>
    </Form>
  );
}

export default function UsherPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("headcount.eyebrow")} title={t("headcount.title")} />
      <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8">
        {view.state === "closed" ? (
          <ClosedLinkPage message={t(view.message)} />
        ) : (
          <>
            {view.saved ? (
              <p
                role="status"
                data-testid="notice"
                className="flex items-center gap-2 rounded-md bg-success/10 px-3 py-2 text-success"
              >
                <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
                {view.saved}
              </p>
            ) : null}
            {view.error ? (
              <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-destructive">
                {t("headcount.notSaved", { message: view.error.message })}
              </p>
            ) : null}
            <CountForm view={view} />
          </>
        )}
      </div>
    </>
  );
}
