import { Field, FormField, TextareaField } from "~/components/form-field";
import { NativeSelect } from "~/components/ui/select";
import { GROUP_KIND_LABELS, WEEKDAYS } from "~/lib/groups";
import { GROUP_LIMITS } from "~/schemas/groups";

// A group's settings as the new-group and group screens ask for them.

export const GROUP_FIELD_NAMES = [
  "name",
  "kind",
  "description",
  "meetingDay",
  "meetingTime",
  "area",
  "capacity",
  "isOpen",
  "absentWeeks",
] as const;

export type GroupValues = Record<(typeof GROUP_FIELD_NAMES)[number], string>;

export const NEW_GROUP_VALUES: GroupValues = {
  name: "",
  kind: "bible-study",
  description: "",
  meetingDay: "",
  meetingTime: "",
  area: "",
  capacity: "",
  isOpen: "on",
  absentWeeks: "3",
};

/** The group form's fields from a form post, to check and to put back after a refusal. */
export function groupFields(form: FormData): GroupValues {
  const fields = {} as GroupValues;
  for (const name of GROUP_FIELD_NAMES) fields[name] = String(form.get(name) ?? "");
  return fields;
}

/** A stored group as the form's values. */
export function groupValues(group: {
  name: string;
  kind: string;
  description: string;
  meetingDay: number | null;
  meetingTime: string | null;
  area: string;
  capacity: number | null;
  isOpen: boolean;
  absentWeeks: number;
}): GroupValues {
  return {
    name: group.name,
    kind: group.kind,
    description: group.description,
    meetingDay: group.meetingDay === null ? "" : String(group.meetingDay),
    meetingTime: group.meetingTime?.slice(0, 5) ?? "",
    area: group.area,
    capacity: group.capacity === null ? "" : String(group.capacity),
    isOpen: group.isOpen ? "on" : "",
    absentWeeks: String(group.absentWeeks),
  };
}

export function GroupFields({
  values,
  errors = {},
}: {
  values: GroupValues;
  errors?: Record<string, string>;
}) {
  const { capacity, absentWeeks } = GROUP_LIMITS;
  return (
    <div className="grid gap-4">
      <FormField
        id="name"
        name="name"
        label="Name"
        required
        maxLength={GROUP_LIMITS.name}
        defaultValue={values.name}
        error={errors.name}
        hint="Such as Group 2, SALT Riffa or Young Professionals."
      />
      <Field
        id="kind"
        label="Kind"
        error={errors.kind}
        control={(aria) => (
          <NativeSelect id="kind" name="kind" defaultValue={values.kind} {...aria}>
            {Object.entries(GROUP_KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="meetingDay"
          label="Meets on"
          error={errors.meetingDay}
          control={(aria) => (
            <NativeSelect id="meetingDay" name="meetingDay" defaultValue={values.meetingDay} {...aria}>
              <option value="">Not set</option>
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={index}>
                  {day}s
                </option>
              ))}
            </NativeSelect>
          )}
        />
        <FormField
          id="meetingTime"
          name="meetingTime"
          type="time"
          label="At"
          defaultValue={values.meetingTime}
          error={errors.meetingTime}
        />
      </div>
      <FormField
        id="area"
        name="area"
        label="Area"
        maxLength={GROUP_LIMITS.area}
        defaultValue={values.area}
        error={errors.area}
        hint="A district such as Riffa or Juffair, never a home address: the group finder shows it."
      />
      <TextareaField
        id="description"
        name="description"
        label="Description"
        rows={3}
        maxLength={GROUP_LIMITS.description}
        defaultValue={values.description}
        error={errors.description}
        hint="A few words for newcomers: who it is for and what the group does."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="capacity"
          name="capacity"
          type="number"
          inputMode="numeric"
          min={capacity.min}
          max={capacity.max}
          label="Capacity"
          defaultValue={values.capacity}
          error={errors.capacity}
          hint="Leave empty for no limit."
        />
        <FormField
          id="absentWeeks"
          name="absentWeeks"
          type="number"
          inputMode="numeric"
          min={absentWeeks.min}
          max={absentWeeks.max}
          label="Not seen lately after (meetings missed)"
          required
          defaultValue={values.absentWeeks}
          error={errors.absentWeeks}
        />
      </div>
      <div className="flex min-h-11 items-start gap-3 text-sm">
        <input
          id="isOpen"
          type="checkbox"
          name="isOpen"
          defaultChecked={values.isOpen === "on"}
          aria-describedby="isOpen-hint"
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <div>
          <label htmlFor="isOpen" className="font-medium">
            Open to newcomers
          </label>
          <p id="isOpen-hint" className="text-muted-foreground">
            Listed in the group finder on the website, where visitors can ask to join.
          </p>
        </div>
      </div>
    </div>
  );
}
