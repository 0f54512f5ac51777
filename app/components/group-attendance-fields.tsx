import { GROUP_LIMITS } from "~/schemas/groups";

// The fields of a meeting's attendance (issue 37), shared by the leader's page (no script) and the
// staff screen: the members as big checkboxes to tick present, the guests one per line. The page
// wraps them in its own form with its Save button.

export function AttendanceFields({
  sheet,
  errors = {},
}: {
  sheet: {
    group: { id: string };
    date: string;
    people: { memberId: string; name: string; isLeader: boolean; present: boolean }[];
    guests: string[];
  };
  errors?: Record<string, string | undefined>;
}) {
  const present = sheet.people.filter((person) => person.present).length;
  return (
    <>
      <input type="hidden" name="groupId" value={sheet.group.id} />
      <input type="hidden" name="date" value={sheet.date} />
      <fieldset className="grid gap-2">
        <legend className="mb-4 text-base font-semibold text-navy">
          Who came? <span className="font-medium text-muted-foreground">({sheet.people.length} members)</span>
        </legend>
        {errors.present ? (
          <p className="text-sm text-destructive" role="alert">
            {errors.present}
          </p>
        ) : null}
        {sheet.people.length === 0 ? (
          <p className="text-muted-foreground">This group has no members yet.</p>
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
                      <span className="ml-1 text-xs text-muted-foreground">(leader)</span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {present > 0 ? (
          <p className="text-sm text-muted-foreground">Recorded so far: {present} present.</p>
        ) : null}
      </fieldset>
      <div className="grid gap-2">
        <label htmlFor="guests" className="text-base font-semibold text-navy">
          Guests <span className="font-medium text-muted-foreground">(one name per line)</span>
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
