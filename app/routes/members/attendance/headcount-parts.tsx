import { Link2, Save, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { HeadcountFields } from "~/components/headcount-fields";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ActionResult } from "~/lib/action-result";
import { formatDate, formatDateTime } from "~/lib/format";
import { occasionValue, type Occasion } from "~/schemas/headcount";

// Pieces of the headcounts screen (issue 37): one service date or event with its counts and its
// form, and the ushers' links. Plain forms: the screen works without scripts.

export interface OccasionView {
  occasion: Occasion;
  title: string;
  date: string;
  counts: { adults: number; children: number; online: number; firstTime: number; recordedBy: string } | null;
  checkedIn: number | null;
  attendance: number | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What is known of an occasion, in words: the counts, and for an event its QR check-ins. */
export function attendanceWords(row: OccasionView): string {
  const checked = row.checkedIn ?? 0;
  if (!row.counts) return checked > 0 ? `${checked} checked in by QR, no headcount yet` : "No headcount yet";
  const { adults, children, online, firstTime } = row.counts;
  const counted = adults + children;
  const parts = [`${counted} counted (${plural(adults, "adult")}, ${plural(children, "child", "children")})`];
  if (row.occasion.kind === "event" && checked > 0) {
    parts[0] =
      checked <= counted
        ? `${parts[0]}, of whom ${checked} checked in by QR`
        : `${checked} checked in by QR, more than the ${counted} counted: ${checked} came`;
  }
  parts.push(`${online} online`, plural(firstTime, "first-time visitor"));
  return parts.join("; ");
}

const keyOf = (occasion: Occasion) =>
  occasion.kind === "service"
    ? `s-${occasion.date}-${occasion.serviceName.replace(/\W+/g, "")}`
    : `e-${occasion.eventId}`;

export function OccasionCard({
  row,
  canWrite,
  answer,
  open = false,
}: {
  row: OccasionView;
  canWrite: boolean;
  answer: ActionResult | undefined;
  /** The form shows at once (the newest service); the others open from their summary line. */
  open?: boolean;
}) {
  const value = occasionValue(row.occasion);
  const key = keyOf(row.occasion);
  const mine = answer?.ok === false && answer.values?.occasion === value;
  const values = mine ? answer.values! : (row.counts ?? {});
  const fieldError =
    mine && answer.fieldErrors
      ? Object.entries(answer.fieldErrors).map(([field, message]) => ({ field, message: String(message) }))[0]
      : null;
  return (
    <article
      className="grid gap-3 rounded-xl border border-border bg-background p-4"
      aria-labelledby={`${key}-title`}
      data-testid="occasion"
      data-occasion={value}
    >
      <div className="min-w-0">
        <h3 id={`${key}-title`} className="font-semibold text-navy [overflow-wrap:anywhere]">
          {row.title}, {formatDate(row.date)}
        </h3>
        <p className="text-sm text-muted-foreground" data-testid="occasion-summary">
          {attendanceWords(row)}
          {row.counts ? ` (by ${row.counts.recordedBy.replace(/^usher:/, "usher ")})` : ""}
        </p>
      </div>
      {canWrite ? (
        <details open={open || mine} className="group">
          <summary className="w-fit cursor-pointer text-sm font-medium text-primary">
            {row.counts ? "Correct the counts" : "Enter the counts"}
            <span className="sr-only">
              {" "}
              of {row.title}, {formatDate(row.date)}
            </span>
          </summary>
          <Form method="post" className="mt-3 grid gap-3">
            <input type="hidden" name="occasion" value={value} />
            <HeadcountFields idPrefix={key} values={values} error={fieldError} />
            <Button type="submit" name="intent" value="save" variant="outline" className="w-fit">
              <Save aria-hidden="true" />
              Save counts
              <span className="sr-only">
                {" "}
                of {row.title}, {formatDate(row.date)}
              </span>
            </Button>
          </Form>
        </details>
      ) : null}
    </article>
  );
}

export function UsherLinks({
  links,
  made,
  error,
}: {
  links: { id: string; usher: string; createdAt: Date | string; expiresAt: Date | string | null }[];
  made: { usher: string; url: string } | null;
  error: string | null;
}) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        An usher can enter the counts from a phone without an account: make a link for them and send it. It
        opens for 90 days, for today&apos;s and the last 7 days&apos; services and events.
      </p>
      {made ? (
        <div
          role="status"
          className="grid gap-2 rounded-lg border border-success/30 bg-success/5 p-3 text-sm"
        >
          <p className="font-semibold">The link for {made.usher} (shown once: copy it now)</p>
          <Input
            readOnly
            value={made.url}
            aria-label={`The headcount link for ${made.usher}`}
            data-testid="usher-url"
          />
        </div>
      ) : null}
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 gap-1.5 sm:max-w-xs">
          <Label htmlFor="usher">The usher&apos;s name</Label>
          <Input
            id="usher"
            name="usher"
            maxLength={60}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "usher-error" : undefined}
          />
        </div>
        <Button type="submit" name="intent" value="make-link">
          <Link2 aria-hidden="true" />
          Make a link
        </Button>
        {error ? (
          <p id="usher-error" className="w-full text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </Form>
      {links.length > 0 ? (
        <ul className="grid gap-2" aria-label="Open links">
          {links.map((link) => (
            <li
              key={link.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm"
            >
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium">{link.usher}</span>{" "}
                <span className="text-muted-foreground">
                  made {formatDateTime(new Date(link.createdAt))}
                  {link.expiresAt ? `, open until ${formatDateTime(new Date(link.expiresAt))}` : ""}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="linkId" value={link.id} />
                <Button type="submit" name="intent" value="revoke-link" variant="outline" size="sm">
                  <Trash2 aria-hidden="true" />
                  Revoke<span className="sr-only"> the link of {link.usher}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No usher&apos;s link is open.</p>
      )}
    </div>
  );
}
