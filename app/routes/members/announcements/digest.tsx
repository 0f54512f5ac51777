import { CalendarDays, CircleAlert, LoaderCircle, Mail, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { Panel } from "~/components/panel";
import { StatusBadge } from "~/components/status-badge";
import { StatusMessage } from "~/components/status-message";
import { Button } from "~/components/ui/button";
import { formatDateLong, formatTime12 } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import {
  DIGEST_TIME,
  digestOverview,
  setDigestEnabled,
  type DigestOverview,
  type DigestWeekRecord,
} from "~/server/announcements/weekly-digest.server";
import { requireUser } from "~/server/auth/guards.server";
import { refuse } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Route } from "./+types/digest";

// The weekly digest (issue 35, admins): whether it is on, how many members asked for it and how
// many of them can receive it, when it goes next, this week's digest as the e-mail people get,
// and the switch. A plain form: it works without scripts.

const PATH = "/members/announcements/digest";

const texts = {
  title: "Weekly digest",
  description:
    "A Monday e-mail with the week's events and the newest sermons, made by the website for the members who asked for it.",
  on: "On: it goes every Monday",
  off: "Off: nothing is sent",
  switchOn: "Switch the digest on",
  switchOff: "Switch the digest off",
  howToAsk:
    "Members ask for it on their own Update My Details page (the link the office sends them), or staff record it on the member's profile, under Consents.",
  reachNote:
    "Only those who also agreed to the church's e-mails, with a valid address and not unsubscribed, receive it.",
  nothingThisWeek:
    "This week has no events and no new sermons: no digest would be sent. The preview shows what it would say.",
};

const WEEK_WORDS: Record<"nothing-new" | "nobody", string> = {
  "nothing-new": "This week's digest was not sent: the week had no events and no new sermons.",
  nobody: "This week's digest was not sent: nobody who asked for it could receive e-mails.",
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, texts.title, texts.description);
}

/** What the screen shows of the digest, as plain values. */
function viewOf(overview: DigestOverview) {
  return {
    enabled: overview.enabled,
    askedFor: overview.audience.people,
    reachable: overview.audience.reachable,
    next: `${formatDateLong(overview.nextMonday)}, from ${formatTime12(DIGEST_TIME)}`,
    thisWeek: overview.thisWeek,
    subject: overview.digest.subject,
    events: overview.digest.events.length,
    sermons: overview.digest.sermons.length,
    // The shared prayer requests it lists (issue 38): their words go, never a name.
    prayers: overview.digest.prayers.length,
    previewHtml: overview.previewHtml,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "settings:manage");
  return loadOrEmpty(
    "the weekly digest",
    async () => ({ overview: viewOf(await digestOverview()) as ReturnType<typeof viewOf> | null }),
    { overview: null },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "settings:manage");
  const form = await readForm(request);
  const wanted = form.get("enabled");
  if (form.get("intent") !== "switch" || (wanted !== "on" && wanted !== "off")) {
    return refuse(400, { title: "Not changed", description: "Unknown request." });
  }
  const on = wanted === "on";
  const changed = await setDigestEnabled(user, on);
  throw await redirectWithToast(
    PATH,
    changed
      ? on
        ? { title: "Weekly digest on", description: "It goes every Monday from 7:00 AM (Bahrain time)." }
        : { title: "Weekly digest off", description: "No digest is sent until it is switched on again." }
      : { title: "Nothing to change", description: `The weekly digest was already ${on ? "on" : "off"}.` },
    request,
  );
}

function Figure({ icon: Icon, label, children }: { icon: typeof Users; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-3 rounded-lg border border-border p-4">
      <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <div className="break-words font-semibold text-navy">{children}</div>
      </div>
    </div>
  );
}

function ThisWeek({ record }: { record: DigestWeekRecord | null }) {
  if (!record) return null;
  return (
    <p className="text-sm" data-testid="digest-this-week">
      {"announcementId" in record ? (
        <>
          This week&apos;s digest was made for {record.recipients}{" "}
          {record.recipients === 1 ? "person" : "people"}.{" "}
          <Link
            to={`/members/announcements/${record.announcementId}`}
            className="text-primary underline underline-offset-2"
          >
            See who received it
          </Link>
        </>
      ) : (
        WEEK_WORDS[record.skipped]
      )}
    </p>
  );
}

export default function WeeklyDigest({ loaderData }: Route.ComponentProps) {
  const { overview, loadFailed } = loaderData;
  useLoadFailedToast(loadFailed, "Error fetching the weekly digest");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "switch";
  if (!overview) {
    return (
      <AdminScreen title={texts.title} backTo="/members/announcements" backLabel="Back to Announcements">
        <StatusMessage icon={CircleAlert} title="Error fetching the weekly digest" tone="error">
          Please reload the page in a moment.
        </StatusMessage>
      </AdminScreen>
    );
  }
  const nothing = overview.events === 0 && overview.sermons === 0 && overview.prayers === 0;
  return (
    <AdminScreen
      title={texts.title}
      description={texts.description}
      backTo="/members/announcements"
      backLabel="Back to Announcements"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <Panel title="Sending" testId="digest-status">
          <div className="mt-4 grid gap-4">
            <div className="flex flex-wrap items-center gap-3">
              <StatusBadge tone={overview.enabled ? "good" : "neutral"} testId="digest-state">
                {overview.enabled ? texts.on : texts.off}
              </StatusBadge>
            </div>
            <div className="grid gap-3">
              <Figure icon={Users} label="Members who asked for it">
                <span data-testid="digest-asked">{overview.askedFor}</span>
              </Figure>
              <Figure icon={Mail} label="Of them, can receive it now">
                <span data-testid="digest-reachable">{overview.reachable}</span>
              </Figure>
              <Figure
                icon={CalendarDays}
                label={overview.enabled ? "Next digest" : "Switched on, the next goes"}
              >
                <span data-testid="digest-next">{overview.next}</span>
                <span className="block text-sm font-normal text-muted-foreground">Bahrain time</span>
              </Figure>
            </div>
            <ThisWeek record={overview.thisWeek} />
            <p className="text-sm text-muted-foreground">
              {texts.reachNote} {texts.howToAsk}
            </p>
            <Form method="post" className="grid">
              <input type="hidden" name="intent" value="switch" />
              <input type="hidden" name="enabled" value={overview.enabled ? "off" : "on"} />
              <Button
                type="submit"
                variant={overview.enabled ? "outline" : "default"}
                disabled={busy}
                className="w-full sm:w-auto sm:justify-self-start"
              >
                {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                {overview.enabled ? texts.switchOff : texts.switchOn}
              </Button>
            </Form>
          </div>
        </Panel>
        <Panel
          title="This week's digest"
          description={
            <>
              <span className="font-medium text-foreground">Subject:</span> {overview.subject}
              <span className="block">
                {overview.events} {overview.events === 1 ? "event" : "events"}, {overview.sermons}{" "}
                {overview.sermons === 1 ? "sermon" : "sermons"}
                {overview.prayers > 0
                  ? `, ${overview.prayers} shared prayer ${overview.prayers === 1 ? "request" : "requests"}`
                  : ""}
              </span>
            </>
          }
        >
          {nothing ? (
            <p className="mt-3 rounded-lg border border-gold bg-gold/10 p-3 text-sm">
              {texts.nothingThisWeek}
            </p>
          ) : null}
          <iframe
            title="Preview of this week's digest e-mail"
            sandbox=""
            srcDoc={overview.previewHtml}
            className="mt-4 h-[32rem] w-full rounded-lg border border-border bg-white"
            data-testid="digest-preview"
          />
        </Panel>
      </div>
    </AdminScreen>
  );
}
