import { ExternalLink, MessageCircle } from "lucide-react";
import type { AnnouncementStatus } from "../../../../database/schema";
import { StaffCard } from "~/components/staff-accounts";
import { CopyTextButton } from "~/components/change-notice";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { WhatsAppPeople } from "~/server/announcements/announcement-views.server";
import type { AudienceCount } from "~/server/announcements/audiences.server";
import type { ComposePreview } from "~/server/announcements/compose-preview.server";

// Parts of the announcement screens (issue 35): the status badge, the audience's count, the
// e-mail's preview in a sandboxed frame, and the WhatsApp panel.

const STATUS_WORDS: Record<AnnouncementStatus, { label: string; tone: string }> = {
  draft: { label: "Draft", tone: "bg-muted text-foreground" },
  scheduled: { label: "Scheduled", tone: "bg-gold/20 text-accent-text" },
  sending: { label: "Sending", tone: "bg-primary/10 text-primary" },
  sent: { label: "Sent", tone: "bg-emerald-100 text-emerald-900" },
  cancelled: { label: "Cancelled", tone: "bg-destructive/10 text-destructive" },
};

export function AnnouncementStatusBadge({ status }: { status: AnnouncementStatus }) {
  const { label, tone } = STATUS_WORDS[status];
  return (
    <span
      className={cn("w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold", tone)}
      data-testid="announcement-status"
    >
      {label}
    </span>
  );
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "12 people: 9 can receive it; 2 have not agreed to e-mails, 1 has no e-mail address". */
export function AudienceCountLine({ count, error }: { count: AudienceCount | null; error: string | null }) {
  if (error) {
    return (
      <p role="status" className="text-sm text-destructive" data-testid="audience-count">
        {error}
      </p>
    );
  }
  if (!count) {
    return (
      <p role="status" className="text-sm text-muted-foreground" data-testid="audience-count">
        Choose who receives it to see how many people it reaches.
      </p>
    );
  }
  const left = [
    count.noConsent ? `${plural(count.noConsent, "has", "have")} not agreed to the church's e-mails` : null,
    count.unsubscribed ? `${plural(count.unsubscribed, "has", "have")} unsubscribed` : null,
    count.noAddress ? `${plural(count.noAddress, "has", "have")} no usable e-mail address` : null,
  ].filter(Boolean);
  return (
    <div role="status" className="grid gap-1" data-testid="audience-count">
      <p className="text-2xl font-bold text-navy">
        {count.reachable.toLocaleString("en-US")}
        <span className="ml-1.5 text-base font-medium text-foreground">
          of {plural(count.people, "person", "people")} can receive it
        </span>
      </p>
      {left.length > 0 ? <p className="text-sm text-muted-foreground">Left out: {left.join("; ")}.</p> : null}
    </div>
  );
}

/** The e-mail as people will see it, in a frame that runs nothing and opens nothing. */
export function EmailPreview({ html }: { html: string }) {
  return (
    <iframe
      title="Preview of the e-mail"
      sandbox=""
      srcDoc={html}
      className="h-[28rem] w-full rounded-lg border border-border bg-white"
      data-testid="email-preview"
    />
  );
}

/** The WhatsApp-ready text with a copy button and a share link; for a short audience, a link per person. */
export function WhatsAppPanel({
  whatsApp,
  people,
}: {
  whatsApp: ComposePreview["whatsApp"];
  people: WhatsAppPeople | null;
}) {
  return (
    <StaffCard
      id="whatsapp-heading"
      title="WhatsApp"
      description="The same message, ready for a WhatsApp group or broadcast list."
    >
      <div className="grid gap-3">
        <label htmlFor="whatsapp-text" className="sr-only">
          WhatsApp text
        </label>
        <textarea
          id="whatsapp-text"
          readOnly
          value={whatsApp.text}
          rows={8}
          className="w-full rounded-md border border-input bg-muted/40 p-3 font-mono text-sm"
          data-testid="whatsapp-text"
        />
        <div className="flex flex-wrap gap-2">
          <CopyTextButton text={whatsApp.text} />
          <a
            href={whatsApp.shareLink}
            target="_blank"
            rel="noreferrer"
            className={buttonVariants({ size: "sm" })}
            data-testid="whatsapp-share"
          >
            <MessageCircle aria-hidden="true" />
            Share on WhatsApp
            <span className="sr-only">(opens WhatsApp)</span>
          </a>
        </div>
        <WhatsAppPeopleList people={people} />
      </div>
    </StaffCard>
  );
}

function WhatsAppPeopleList({ people }: { people: WhatsAppPeople | null }) {
  if (!people) return null;
  if (people.kind === "too-many") {
    return (
      <p className="text-sm text-muted-foreground">
        {plural(people.count, "person", "people")}: too many to message one by one. Share it to a group or
        broadcast list instead.
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold text-navy">One by one</h3>
      {people.people.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nobody in this audience has agreed to the church's messages.
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" data-testid="whatsapp-people">
          {people.people.map((person) => (
            <li
              key={`${person.name}-${person.mobile}`}
              className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
            >
              <span className="min-w-0 break-words">{person.name}</span>
              {person.link ? (
                <a
                  href={person.link}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex min-h-11 shrink-0 items-center gap-1 font-medium text-primary underline underline-offset-4"
                >
                  Message
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only"> {person.name} on WhatsApp</span>
                </a>
              ) : (
                <span className="shrink-0 text-muted-foreground">Number needs its country code</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {people.left > 0 ? (
        <p className="text-xs text-muted-foreground">
          {plural(people.left, "person is", "people are")} left out: no agreement to the church's messages.
        </p>
      ) : null}
    </div>
  );
}
