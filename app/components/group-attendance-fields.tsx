import { GROUP_LIMITS } from "~/schemas/groups";

// The fields of a meeting's attendance (issue 37), shared by the leader's page (no script) and the
// staff screen: the members as big checkboxes to tick present, the guests one per line. The page
// wraps them in its own form with its Save button. The leader's page gives its words in its own
// language (issue 39); the staff screen keeps English.

export interface AttendanceWords {
  whoCame: string;
  members: (count: number) => string;
  noMembers: string;
  leader: string;
  soFar: (count: number) => string;
  guests: string;
  guestsHint: string;
}

const ENGLISH: AttendanceWords = {
  whoCame: "Who came?",
  members: (count) => `(${count} members)`,
  noMembers: "This group has no members yet.",
  leader: "(leader)",
  soFar: (count) => `Recorded so far: ${count} present.`,
  guests: "Guests",
  guestsHint: "(one name per line)",
};

export function AttendanceFields({
  sheet,
  errors = {},
  words = ENGLISH,
}: {
  sheet: {
    group: { id: string };
    date: string;
    people: { memberId: string; name: string; isLeader: boolean; present: boolean }[];
    guests: string[];
  };
  errors?: Record<string, string | undefined>;
  words?: AttendanceWords;
}) {
  const present = sheet.people.filter((person) => person.present).length;
  return (
    <>
      <input type="hidden" name="groupId" value={sheet.group.id} />
      <input type="hidden" name="date" value={sheet.date} />
      <fieldset className="grid gap-2">
        <legend className="mb-4 text-base font-semibold text-navy">
          {words.whoCame}{" "}
          <span className="font-medium text-muted-foreground">{words.members(sheet.people.length)}</span>
        </legend>
        {errors.present ? (
          <p className="text-sm text-destructive" role="alert">
            {errors.present}
          </p>
        ) : null}
        {sheet.people.length === 0 ? (
          <p className="text-muted-foreground">{words.noMembers}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="attendance-people">
            {sheet.people.map((person) => (
              <li key={person.memberId}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border bg-background px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                  <input
                    type="checkbox"
                    name="present"
                    value={person.memberId}
                    defaultChecked={person.present}
                    className="size-6 shrink-0 accent-primary"
                  />
                  <span className="min-w-0 break-words text-base text-navy">
                    {person.name}
                    {person.isLeader ? (
                      <span className="ml-1 text-xs text-muted-foreground">{words.leader}</span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {present > 0 ? <p className="text-sm text-muted-foreground">{words.soFar(present)}</p> : null}
      </fieldset>
      <div className="grid gap-2">
        <label htmlFor="guests" className="text-base font-semibold text-navy">
          {words.guests} <span className="font-medium text-muted-foreground">{words.guestsHint}</span>
        </label>
        <textarea
          id="guests"
          name="guests"
          rows={3}
          maxLength={GROUP_LIMITS.guests * (GROUP_LIMITS.guestName + 2)}
          defaultValue={sheet.guests.join("\n")}
          aria-invalid={errors.guests ? true : undefined}
          aria-describedby={errors.guests ? "guests-error" : undefined}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base"
        />
        {errors.guests ? (
          <p id="guests-error" className="text-sm text-destructive">
            {errors.guests}
          </p>
        ) : null}
      </div>
    </>
  );
}
