import { CalendarDays, MapPin, Users } from "lucide-react";
import type { ReactNode } from "react";
import { GROUP_KIND_LABELS, meetingInWords } from "~/lib/groups";
import type { FinderGroup } from "~/server/groups/finder.server";

// One group as the group finder shows it (issue 37): its kind, when and where it meets, whether
// it is full, and its description. Plain HTML: the finder runs no script.

export const finderTexts = {
  eyebrow: "Groups",
  title: "Find a Group",
  description:
    "Bible study and SALT groups meet through the week across Bahrain. Find one near you and ask to join: its leaders will get in touch.",
  empty:
    "No group is taking new members through the website just now. Please send us a message from the Connect page.",
  full: "Full at the moment: you can still ask, and the leaders will tell you when there is room.",
};

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-sm text-muted-foreground">
      <span className="mt-0.5 shrink-0 text-primary">{icon}</span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}

export function GroupFacts({ group }: { group: FinderGroup }) {
  return (
    <>
      <p className="text-xs font-semibold tracking-wide text-primary uppercase">
        {GROUP_KIND_LABELS[group.kind]}
      </p>
      <ul className="grid gap-2">
        <Fact icon={<CalendarDays className="size-4" aria-hidden="true" />}>
          {meetingInWords(group.meetingDay, group.meetingTime)}
        </Fact>
        {group.area ? (
          <Fact icon={<MapPin className="size-4" aria-hidden="true" />}>{group.area}</Fact>
        ) : null}
        {group.isFull ? (
          <Fact icon={<Users className="size-4" aria-hidden="true" />}>
            <span data-testid="group-full">{finderTexts.full}</span>
          </Fact>
        ) : null}
      </ul>
    </>
  );
}
