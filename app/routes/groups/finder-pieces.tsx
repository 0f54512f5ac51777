import { CalendarDays, MapPin, Users } from "lucide-react";
import type { ReactNode } from "react";
import { formatTime12 } from "~/lib/format";
import { weekdayIn } from "~/lib/dates-in-language";
import { WEEKDAYS } from "~/lib/groups";
import { textLang } from "~/lib/text-lang";
import { translator, useLocale, useT, type Locale, type MessageKey } from "~/lib/i18n";
import type { FinderGroup } from "~/server/groups/finder.server";

// One group as the group finder shows it (issue 37): its kind, when and where it meets, whether
// it is full, and its description. Plain HTML: the finder runs no script. Its words are in the
// page's language (issue 39); what staff typed (a group's name, area and description) is as typed.

const KIND_KEYS: Record<FinderGroup["kind"], MessageKey> = {
  "bible-study": "groups.kindBibleStudy",
  salt: "groups.kindSalt",
  "ministry-team": "groups.kindMinistryTeam",
  other: "groups.kindOther",
};

/** "Tuesdays, 7:30 PM" / "Tuwing Martes, 7:30 PM", "At 7:30 PM", "Day and time to be arranged". */
export function meetingIn(locale: Locale, day: number | null, time: string | null): string {
  const t = translator(locale);
  const weekday = day === null ? null : locale === "en" ? WEEKDAYS[day]! : weekdayIn(locale, day);
  const clock = time ? formatTime12(time) : null;
  if (weekday && clock) return t("groups.meetsDayTime", { weekday, time: clock });
  if (weekday) return t("groups.meetsDay", { weekday });
  return clock ? t("groups.meetsAt", { time: clock }) : t("groups.meetsUnarranged");
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-sm text-muted-foreground">
      <span className="mt-0.5 shrink-0 text-primary">{icon}</span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}

export function GroupFacts({ group }: { group: FinderGroup }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <p className="text-xs font-semibold tracking-wide text-primary uppercase">{t(KIND_KEYS[group.kind])}</p>
      <ul className="grid gap-2">
        <Fact icon={<CalendarDays className="size-4" aria-hidden="true" />}>
          {meetingIn(locale, group.meetingDay, group.meetingTime)}
        </Fact>
        {group.area ? (
          <Fact icon={<MapPin className="size-4" aria-hidden="true" />}>{group.area}</Fact>
        ) : null}
        {group.isFull ? (
          <Fact icon={<Users className="size-4" aria-hidden="true" />}>
            <span data-testid="group-full">{t("groups.full")}</span>
          </Fact>
        ) : null}
      </ul>
    </>
  );
}

/** What staff typed about a group, marked English on a page in another language. */
export function typedLang(locale: Locale): "en" | undefined {
  return textLang(locale) === "en" ? "en" : undefined;
}
