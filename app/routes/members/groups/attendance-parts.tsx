import { MessageCircle } from "lucide-react";
import { Form } from "react-router";
import { CopyTextButton } from "~/components/change-notice";
import { buttonVariants } from "~/components/ui/button";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import { waShareLink } from "~/lib/whatsapp";

// Pieces of a group's attendance screen (issue 37): the leader's link panel (make it, copy it,
// WhatsApp it, or e-mail it) and the group's attendance rates.

export interface MadeLink {
  url: string;
  leaderName: string;
  emailedTo: string | null;
}

export function LeaderLinkPanel({
  groupName,
  leaders,
  made,
}: {
  groupName: string;
  leaders: { memberId: string; name: string; hasEmail: boolean }[];
  made: MadeLink | null;
}) {
  if (leaders.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        This group has no leader yet. Make a member its leader first; then make their link here.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="link" />
        <div className="grid gap-1">
          <label htmlFor="leader" className="text-sm font-medium">
            Leader
          </label>
          <select
            id="leader"
            name="memberId"
            className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm"
          >
            {leaders.map((leader) => (
              <option key={leader.memberId} value={leader.memberId}>
                {leader.name}
                {leader.hasEmail ? "" : " (no e-mail)"}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="email" className="mt-0.5 size-4 accent-primary" />
          <span>Also send it to the leader by e-mail</span>
        </label>
        <Button type="submit" variant="outline" className="justify-self-start">
          Make a link
        </Button>
        <p className="text-xs text-muted-foreground">
          A new link replaces the leader's earlier one. It works for six months, and only while they lead the
          group.
        </p>
      </Form>
      {made ? (
        <div className="grid gap-2 rounded-lg border border-border bg-muted/30 p-3" data-testid="leader-link">
          <p className="text-sm">
            {made.leaderName}'s link{made.emailedTo ? ` (sent to ${made.emailedTo})` : ""}. It is shown only
            now: copy it or send it on WhatsApp.
          </p>
          <input
            readOnly
            value={made.url}
            aria-label="The leader's link"
            className="w-full min-w-0 rounded-md border border-input bg-background px-2 py-1.5 font-mono text-xs"
            data-testid="leader-link-url"
          />
          <div className="flex flex-wrap gap-2">
            <CopyTextButton text={made.url} label="Copy link" />
            <a
              href={waShareLink(
                `${made.leaderName}, here is your link to record ${groupName}'s attendance: ${made.url}`,
              )}
              target="_blank"
              rel="noreferrer"
              className={buttonVariants({ size: "sm" })}
            >
              <MessageCircle aria-hidden="true" />
              WhatsApp
            </a>
          </div>
        </div>
      ) : null}
    </div>
  );
}

type Window = "d30" | "d60" | "d90";

/** "64%", or a dash when no meeting was recorded in the window. */
const percent = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 100)}%`);

/** The group's attendance rate over the last 30, 60 and 90 days, with the meetings it counts. */
export function RatesCard({
  rates,
}: {
  rates: { meetings: Record<Window, number>; rate: Record<Window, number | null> };
}) {
  return (
    <StaffCard
      id="rates-heading"
      title="Attendance rate"
      description="Members present out of the members who could have come (those in the group by each meeting's date)."
    >
      <dl className="grid grid-cols-3 gap-3 text-center" data-testid="attendance-rates">
        {(["d30", "d60", "d90"] as const).map((window) => (
          <div key={window} className="rounded-lg border border-border p-3">
            <dt className="text-xs text-muted-foreground">Last {window.slice(1)} days</dt>
            <dd className="text-2xl font-semibold text-navy" data-testid={`rate-${window}`}>
              {percent(rates.rate[window])}
            </dd>
            <dd className="text-xs text-muted-foreground">
              {rates.meetings[window]} {rates.meetings[window] === 1 ? "meeting" : "meetings"}
            </dd>
          </div>
        ))}
      </dl>
    </StaffCard>
  );
}
