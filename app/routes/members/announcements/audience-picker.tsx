import type { ReactNode } from "react";
import { NativeSelect } from "~/components/ui/select";
import type { AnnouncementFormValues } from "~/schemas/announcement-form";
import type { ComposeOptions } from "~/server/announcements/compose-options.server";

// Who receives an announcement, as boxes to tick (issue 35): everyone, ministries (their members
// and their sign-ups), Bible study and SALT groups, saved lists, and an event's registrants; then
// whether a person must be in any of them or in all. Plain form fields: it works with scripts off.

function Box({
  name,
  value,
  label,
  checked,
}: {
  name: string;
  value: string;
  label: ReactNode;
  checked: boolean;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        className="size-5 shrink-0 accent-primary"
      />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
}

/** A box in a table cell, named for screen readers by its row and column. */
function CellBox({
  name,
  value,
  label,
  checked,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
}) {
  return (
    <td className="text-center">
      <label className="inline-flex min-h-11 min-w-11 items-center justify-center">
        <input
          type="checkbox"
          name={name}
          value={value}
          defaultChecked={checked}
          aria-label={label}
          className="size-5 accent-primary"
        />
      </label>
    </td>
  );
}

function Group({
  title,
  open,
  children,
  hint,
}: {
  title: string;
  open: boolean;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <details open={open} className="group rounded-lg border border-border">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 py-2 font-medium text-navy">
        {title}
        {hint ? <span className="text-xs font-normal text-muted-foreground">{hint}</span> : null}
      </summary>
      <div className="border-t border-border px-3 py-2">{children}</div>
    </details>
  );
}

const ticked = (n: number) => (n > 0 ? `${n} chosen` : undefined);

export function AudiencePicker({
  options,
  form,
  error,
}: {
  options: ComposeOptions;
  form: AnnouncementFormValues;
  error?: string;
}) {
  const chosenMinistries = form.ministry.length + form.signUps.length;
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? "audience-error" : undefined}>
      <legend className="sr-only">Who receives it</legend>
      {error ? (
        <p id="audience-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {options.wholeChurch ? (
        <div className="rounded-lg border border-border px-3">
          <Box name="allMembers" value="on" label="All active members" checked={form.allMembers} />
        </div>
      ) : null}
      <Group
        title="Ministries"
        open={chosenMinistries > 0 || !options.wholeChurch || Boolean(error)}
        hint={ticked(chosenMinistries)}
      >
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Ministry
              </th>
              <th scope="col" className="w-20 py-1 text-center font-medium">
                Members
              </th>
              <th scope="col" className="w-20 py-1 text-center font-medium">
                Sign-ups
              </th>
            </tr>
          </thead>
          <tbody>
            {options.ministries.map((ministry) => (
              <tr key={ministry.value} className="border-t border-border/60">
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {ministry.label}
                </th>
                <CellBox
                  name="ministry"
                  value={ministry.value}
                  label={`Members of ${ministry.label}`}
                  checked={form.ministry.includes(ministry.value)}
                />
                <CellBox
                  name="signUps"
                  value={ministry.value}
                  label={`Sign-ups for ${ministry.label}`}
                  checked={form.signUps.includes(ministry.value)}
                />
              </tr>
            ))}
          </tbody>
        </table>
      </Group>
      {options.wholeChurch ? (
        <>
          <Group
            title="Groups"
            open={form.bibleStudy.length + form.salt.length + form.group.length > 0}
            hint={ticked(form.bibleStudy.length + form.salt.length + form.group.length)}
          >
            {options.bibleStudyGroups.length + options.saltGroups.length + options.otherGroups.length ===
            0 ? (
              <p className="py-2 text-sm text-muted-foreground">No member is in a group yet.</p>
            ) : null}
            <div className="grid gap-x-4 sm:grid-cols-2">
              {options.bibleStudyGroups.map((group) => (
                <Box
                  key={`b-${group}`}
                  name="bibleStudy"
                  value={group}
                  label={`Bible study: ${group}`}
                  checked={form.bibleStudy.includes(group)}
                />
              ))}
              {options.saltGroups.map((group) => (
                <Box
                  key={`s-${group}`}
                  name="salt"
                  value={group}
                  label={`SALT: ${group}`}
                  checked={form.salt.includes(group)}
                />
              ))}
              {options.otherGroups.map((group) => (
                <Box
                  key={`g-${group.value}`}
                  name="group"
                  value={group.value}
                  label={group.label}
                  checked={form.group.includes(group.value)}
                />
              ))}
            </div>
          </Group>
          <Group title="Event registrants" open={form.event !== ""} hint={form.event ? "1 event" : undefined}>
            <div className="grid gap-2 py-1">
              <label htmlFor="audience-event" className="text-sm font-medium">
                Event
              </label>
              <NativeSelect id="audience-event" name="event" defaultValue={form.event}>
                <option value="">No event</option>
                {options.events.map((event) => (
                  <option key={event.value} value={event.value}>
                    {event.label}
                  </option>
                ))}
              </NativeSelect>
              <fieldset className="flex flex-wrap gap-x-5">
                <legend className="text-sm font-medium">Registrants who are</legend>
                <Box
                  name="eventStatus"
                  value="confirmed"
                  label="Confirmed"
                  checked={form.eventStatus.includes("confirmed")}
                />
                <Box
                  name="eventStatus"
                  value="waitlisted"
                  label="Waitlisted"
                  checked={form.eventStatus.includes("waitlisted")}
                />
                <Box
                  name="eventStatus"
                  value="checked-in"
                  label="Checked in"
                  checked={form.eventStatus.includes("checked-in")}
                />
              </fieldset>
            </div>
          </Group>
          <Group title="Saved lists" open={form.list.length > 0} hint={ticked(form.list.length)}>
            {options.lists.length === 0 ? (
              <p className="py-2 text-sm text-muted-foreground">
                No saved lists yet. Make one on{" "}
                <a href="/members/announcements/lists" className="text-primary underline">
                  Saved lists
                </a>
                .
              </p>
            ) : (
              options.lists.map((list) => (
                <Box
                  key={list.id}
                  name="list"
                  value={list.id}
                  label={`${list.name} (${list.people} ${list.people === 1 ? "person" : "people"})`}
                  checked={form.list.includes(list.id)}
                />
              ))
            )}
          </Group>
        </>
      ) : null}
      <fieldset className="grid gap-1 rounded-lg bg-muted/40 px-3 py-2">
        <legend className="sr-only">When several are chosen</legend>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="radio"
            name="combine"
            value="any"
            defaultChecked={form.combine === "any"}
            className="size-5 accent-primary"
          />
          Anyone in any of these
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="radio"
            name="combine"
            value="all"
            defaultChecked={form.combine === "all"}
            className="size-5 accent-primary"
          />
          Only people in all of these
        </label>
      </fieldset>
    </fieldset>
  );
}
