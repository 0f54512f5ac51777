import { Link } from "react-router";
import { ChoiceOption } from "~/components/staff-accounts";
import { StatusBadge, type StatusTone } from "~/components/status-badge";
import { PRAYER_VISIBILITIES, PRAYER_VISIBILITY_LABELS, type PrayerVisibility } from "~/lib/care";
import { formatDate, formatDateTime } from "~/lib/format";
import { prayerPath } from "~/schemas/prayer";
import type { PrayerRequestView } from "~/server/prayer/prayer-requests.server";

// Pieces the prayer request screens share (issue 38): who may read a request, its card in the
// list, its contacts (on pastors' screens only: the prayer team's loaders never send them), and the
// visibility choice of the forms.

const TONES: Record<PrayerVisibility, StatusTone> = { private: "waiting", team: "neutral", shared: "good" };

/** Short words for the badge (the full label is in the forms). */
const SHORT: Record<PrayerVisibility, string> = { private: "Private", team: "Prayer team", shared: "Shared" };

export const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

export function VisibilityBadge({ visibility }: { visibility: PrayerVisibility }) {
  return (
    <StatusBadge tone={TONES[visibility]} testId="prayer-visibility">
      {SHORT[visibility]}
    </StatusBadge>
  );
}

/** Who sent it: their name, or that they gave none. */
export const fromWhom = (request: Pick<PrayerRequestView, "name">) => request.name || "No name given";

/** Where it came from and when: "From the website, Fri 3 Oct 2026, 3:30 PM". */
export function receivedWords(request: Pick<PrayerRequestView, "source" | "createdAt" | "createdBy">) {
  const when = formatDateTime(request.createdAt);
  return request.source === "form"
    ? `From the website, ${when}`
    : `Recorded by ${request.createdBy || "staff"}, ${when}`;
}

/** E-mail and mobile, for a pastor's screen. */
export function ContactLine({ contact }: { contact: NonNullable<PrayerRequestView["contact"]> }) {
  const parts = [contact.email, contact.mobile].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" data-testid="prayer-contact">
      {parts.join(" · ")}
    </p>
  );
}

/** One request in a list: who, when, who may read it, its words, and the way to its page. */
export function PrayerItem({ request }: { request: PrayerRequestView }) {
  return (
    <li className="grid grid-cols-1 gap-2 p-3 sm:p-4" data-testid="prayer-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={prayerPath(request.id)} className={`${linkClass} break-words`}>
          {fromWhom(request)}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          {request.contact?.wantsCall && !request.answeredAt ? (
            <StatusBadge tone="new">Asked for a call</StatusBadge>
          ) : null}
          <VisibilityBadge visibility={request.visibility} />
        </div>
      </div>
      {request.contact ? <ContactLine contact={request.contact} /> : null}
      <p className="line-clamp-4 whitespace-pre-line break-words text-sm">{request.request}</p>
      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
        {receivedWords(request)} ·{" "}
        {request.answeredAt
          ? `Answered ${formatDateTime(request.answeredAt)}`
          : `Until ${formatDate(request.expiresOn)}`}
      </p>
    </li>
  );
}

const HINTS: Record<PrayerVisibility, string> = {
  private: "Only those who read private requests (the pastors).",
  team: "The prayer team too, by name, without the contact details.",
  shared: "The prayer team too, and its words in the weekly digest, without the name.",
};

/** The visibility choice of the staff forms, in the staff's words. */
export function VisibilityChoices({
  chosen,
  error,
  legendHidden = false,
}: {
  chosen: string;
  error?: string;
  /** Under a heading that already says it (the request's page). */
  legendHidden?: boolean;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "visibility-error" : undefined}>
      <legend className={legendHidden ? "sr-only" : "mb-1 text-sm font-medium"}>Who may read it</legend>
      {PRAYER_VISIBILITIES.map((value) => (
        <ChoiceOption
          key={value}
          id={`visibility-${value}`}
          name="visibility"
          value={value}
          label={PRAYER_VISIBILITY_LABELS[value]}
          description={HINTS[value]}
          defaultChecked={chosen === value}
        />
      ))}
      {error ? (
        <p id="visibility-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
