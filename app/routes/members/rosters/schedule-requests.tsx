import { StaffCard } from "~/components/staff-accounts";
import { formatDate } from "~/lib/format";
import { waPersonLink } from "~/lib/whatsapp";
import type { AskedPerson } from "~/server/rosters/requests.server";
import type { FillOutcome } from "~/server/rosters/auto-fill.server";
import { CopyTextButton, WhatsAppText } from "./roster-parts";

// What the schedule's actions answer beyond a toast: the seats "Fill automatically" left empty
// and why, and each person's link with a WhatsApp-ready message when e-mail is not set up.

export function FillLeft({ left }: { left: FillOutcome["left"] }) {
  if (left.length === 0) return null;
  return (
    <StaffCard
      id="fill-left-heading"
      title={`${left.length} ${left.length === 1 ? "seat stays" : "seats stay"} empty`}
      description="Choose someone for these by hand, or add people who can serve."
      className="mb-6 border-destructive/40"
    >
      <ul className="grid gap-1 text-sm" data-testid="fill-left">
        {left.map((seat) => (
          <li key={`${seat.date} ${seat.position} ${seat.seat}`}>
            <span className="font-medium">
              {formatDate(seat.date)} · {seat.position}
              {seat.seat > 1 ? ` (seat ${seat.seat})` : ""}:
            </span>{" "}
            {seat.reason}
          </li>
        ))}
      </ul>
    </StaffCard>
  );
}

export function PeopleLinks({ people, intro }: { people: AskedPerson[]; intro: string }) {
  if (people.length === 0) return null;
  return (
    <StaffCard id="links-heading" title="Links for WhatsApp" description={intro} className="mb-6">
      <ul className="grid gap-5" data-testid="people-links">
        {people.map((person) => {
          const chat = person.mobile ? waPersonLink(person.mobile, person.whatsAppText) : null;
          return (
            <li
              key={person.memberId}
              className="grid gap-2 border-b border-border pb-4 last:border-b-0 last:pb-0"
            >
              <p className="font-semibold text-navy">{person.name}</p>
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="break-all text-muted-foreground">{person.pageUrl}</span>
                <CopyTextButton text={person.pageUrl} label="Copy link" />
              </p>
              <WhatsAppText
                id={`whatsapp-${person.memberId}`}
                text={person.whatsAppText}
                href={chat}
                linkLabel={`Send to ${person.name} on WhatsApp`}
                rows={5}
              />
              {chat ? null : (
                <p className="text-sm text-muted-foreground">No usable mobile number: copy the text.</p>
              )}
            </li>
          );
        })}
      </ul>
    </StaffCard>
  );
}
