import { data } from "react-router";
import { AttendanceFields, type AttendanceWords } from "~/components/group-attendance-fields";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { firstErrors } from "~/lib/action-result";
import { isIsoDate, todayInChurchZone } from "~/lib/dates";
import { dateLongIn, dateShortIn } from "~/lib/dates-in-language";
import { localeOfPath, localeOfRequest, translator, useT, type Locale, type Translate } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { attendanceFields, attendanceSchema } from "~/schemas/group-attendance";
import { attendanceSheet, latestMeetingDate, type AttendanceSheet } from "~/server/groups/attendance.server";
import { getGroup } from "~/server/groups/groups.server";
import {
  openLeaderLink,
  recordAttendanceByLeader,
  type ClosedLeaderLink,
} from "~/server/groups/leader-links.server";
import { AppError } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { factsOf } from "~/server/http/request-context.server";
import { hitRateLimits } from "~/server/platform/rate-limit.server";
import { services } from "~/server/platform/services.server";
import type { Route } from "./+types/attendance";
import { attendanceMessage } from "./attendance-messages.server";
import { attendanceTexts, CLOSED_STATUS, ClosedLink, KEEP_TOKEN_HERE, Notice } from "./attendance-pieces";

// A group leader's attendance page (issue 37), reached by the signed link staff made for them: no
// account, no script, a phone first. Choose the date (the latest meeting day by default), tick who
// came, name the guests, Save: one page, one post. Recording a date again replaces it. A changed
// link, another group's form, a member not in the group or a future date writes nothing. In
// English and, under /fil, in Filipino (issue 39).

type View =
  | { state: "closed"; closed: ClosedLeaderLink }
  | { state: "too-many" }
  | {
      state: "open";
      firstName: string;
      sheet: AttendanceSheet | null;
      /** The date asked for is in the future: no form. */
      future: string | null;
      saved: string | null;
      error: string | null;
      errors: Record<string, string>;
    };

export const clientLoader = loadAsDocument;

export function headers() {
  return KEEP_TOKEN_HERE;
}

const closed = (reason: ClosedLeaderLink) =>
  data<View>(
    { state: "closed", closed: reason },
    { status: CLOSED_STATUS[reason], headers: KEEP_TOKEN_HERE },
  );

/** The sheet's dates in the page's language (the server writes them in English). */
function inLanguage(sheet: AttendanceSheet, locale: Locale): AttendanceSheet {
  if (locale === "en") return sheet;
  return {
    ...sheet,
    dateInWords: dateLongIn(locale, sheet.date),
    dates: sheet.dates.map((choice) => ({ ...choice, label: dateShortIn(locale, choice.value) })),
  };
}

async function allowed(clientIp: string) {
  const limit = await hitRateLimits(services().db, [
    { key: `forms:minute:${clientIp}`, limit: 30, windowMs: 60_000 },
    { key: `forms:day:${clientIp}`, limit: 300, windowMs: 24 * 60 * 60_000 },
  ]);
  return limit.allowed;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!(await allowed(factsOf(context).clientIp))) {
    return data<View>({ state: "too-many" }, { status: 429, headers: KEEP_TOKEN_HERE });
  }
  const { db } = services();
  const link = await openLeaderLink(db, params.token);
  if (!link.ok) return closed(link.closed);
  const group = await getGroup(link.groupId);
  const asked = new URL(request.url).searchParams.get("date") ?? "";
  const date = isIsoDate(asked) ? asked : latestMeetingDate(group.meetingDay);
  const base = { state: "open" as const, firstName: link.firstName, saved: null, error: null, errors: {} };
  if (date > todayInChurchZone()) {
    return data<View>({ ...base, sheet: null, future: date }, { headers: KEEP_TOKEN_HERE });
  }
  const locale = localeOfRequest(request);
  return data<View>(
    { ...base, sheet: inLanguage(await attendanceSheet(group.id, date), locale), future: null },
    { headers: KEEP_TOKEN_HERE },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!(await allowed(factsOf(context).clientIp))) {
    return data<View>({ state: "too-many" }, { status: 429, headers: KEEP_TOKEN_HERE });
  }
  const { db } = services();
  const link = await openLeaderLink(db, params.token);
  if (!link.ok) return closed(link.closed);
  const locale = localeOfRequest(request);
  const t = translator(locale);
  const fields = attendanceFields(await readForm(request));
  const parsed = attendanceSchema.safeParse(fields);
  const base = { state: "open" as const, firstName: link.firstName, future: null };
  const sheetFor = async (date: string) =>
    inLanguage(
      await attendanceSheet(
        link.groupId,
        isIsoDate(date) && date <= todayInChurchZone()
          ? date
          : latestMeetingDate((await getGroup(link.groupId)).meetingDay),
      ),
      locale,
    );
  if (!parsed.success) {
    const errors = Object.fromEntries(
      Object.entries(firstErrors(parsed.error.issues)).map(([field, message]) => [
        field,
        attendanceMessage(locale, message),
      ]),
    );
    return data<View>(
      {
        ...base,
        sheet: await sheetFor(fields.date),
        saved: null,
        error: Object.values(errors)[0] ?? null,
        errors,
      },
      { status: 400, headers: KEEP_TOKEN_HERE },
    );
  }
  try {
    const outcome = await recordAttendanceByLeader(params.token, parsed.data);
    if (!outcome.ok) return closed(outcome.closed);
    const sheet = inLanguage(await attendanceSheet(link.groupId, parsed.data.date), locale);
    const guests = parsed.data.guests.length;
    const present = String(outcome.present);
    const saved = guests
      ? t("attendance.savedGuests", { date: sheet.dateInWords, present, guests })
      : t("attendance.saved", { date: sheet.dateInWords, present });
    return data<View>({ ...base, sheet, saved, error: null, errors: {} }, { headers: KEEP_TOKEN_HERE });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = attendanceMessage(locale, error.message);
    return data<View>(
      {
        ...base,
        sheet: await sheetFor(fields.date),
        saved: null,
        error: message,
        errors: error.field ? { [error.field]: message } : {},
      },
      { status: error.status, headers: KEEP_TOKEN_HERE },
    );
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return [...pageMeta(matches, t("attendance.title")), { name: "robots", content: "noindex" }];
}

/** The fields' words in the page's language. */
function fieldWords(t: Translate): AttendanceWords {
  return {
    whoCame: t("attendance.fields.whoCame"),
    members: (count) => t("attendance.fields.members", { count: String(count) }),
    noMembers: t("attendance.fields.noMembers"),
    leader: t("attendance.fields.leader"),
    soFar: (count) => t("attendance.fields.soFar", { count: String(count) }),
    guests: t("attendance.fields.guests"),
    guestsHint: t("attendance.fields.guestsHint"),
  };
}

function DateChoice({ sheet }: { sheet: AttendanceSheet | null; future: string | null }) {
  const t = useT();
  const today = todayInChurchZone();
  return (
    <form method="get" className="flex flex-wrap items-end gap-2" aria-label={t("attendance.chooseDate")}>
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor="date" className="text-sm font-medium text-navy">
          {t("attendance.meetingDate")}
        </label>
        <select
          id="date"
          name="date"
          defaultValue={sheet?.date}
          className="h-11 w-full min-w-0 rounded-md border border-input bg-background px-2 text-base"
        >
          {(sheet?.dates ?? [{ value: today, label: t("attendance.today"), recorded: false }]).map(
            (choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
                {choice.recorded ? ` ${t("attendance.recordedMark")}` : ""}
              </option>
            ),
          )}
        </select>
      </div>
      <Button type="submit" variant="outline" size="lg">
        {t("attendance.show")}
      </Button>
    </form>
  );
}

export default function LeaderAttendance({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const t = useT();
  const title = view.state === "open" && view.sheet ? view.sheet.group.name : t("attendance.title");
  return (
    <>
      <PageHeader eyebrow={t(attendanceTexts.eyebrow)} title={title} />
      <section className="mx-auto grid max-w-2xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        {view.state === "closed" ? (
          <ClosedLink message={t(attendanceTexts.closed[view.closed])} />
        ) : view.state === "too-many" ? (
          <ClosedLink message={t(attendanceTexts.busy)} />
        ) : (
          <>
            <p className="text-lg text-navy">{t("attendance.hello", { name: view.firstName })}</p>
            {view.saved ? <Notice tone="ok">{view.saved}</Notice> : null}
            {view.error ? <Notice tone="error">{view.error}</Notice> : null}
            <DateChoice sheet={view.sheet} future={view.future} />
            {view.future ? (
              <Notice tone="error">{t(attendanceTexts.future)}</Notice>
            ) : view.sheet ? (
              <form method="post" className="grid gap-6">
                <h2 className="text-xl font-bold text-navy">{view.sheet.dateInWords}</h2>
                <AttendanceFields sheet={view.sheet} errors={view.errors} words={fieldWords(t)} />
                <Button type="submit" size="lg" className="h-12 text-base">
                  {t("attendance.save")}
                </Button>
                {view.sheet.recordedBy ? (
                  <p className="text-sm text-muted-foreground">{t("attendance.again")}</p>
                ) : null}
              </form>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
