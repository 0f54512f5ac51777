import { Field, FormField } from "~/components/form-field";
import { NativeSelect } from "~/components/ui/select";
import { hourLabel, ROSTER_LIMITS } from "~/schemas/roster";

// A team's settings as the new-team and team screens ask for them.

export interface TeamValues {
  name: string;
  ministrySlug: string;
  maxPerFourWeeks: number | string;
  reminderDays: number | string;
  reminderHour: number | string;
}

export const NEW_TEAM_VALUES: TeamValues = {
  name: "",
  ministrySlug: "",
  maxPerFourWeeks: 2,
  reminderDays: 2,
  reminderHour: 9,
};

/** The team form's fields from a form post, to check and to put back after a refusal. */
export function teamFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ["name", "ministrySlug", "maxPerFourWeeks", "reminderDays", "reminderHour"])
    fields[name] = String(form.get(name) ?? "");
  return fields;
}

export function TeamFields({
  values,
  ministries,
  errors = {},
}: {
  values: TeamValues;
  ministries: { slug: string; name: string }[];
  errors?: Record<string, string>;
}) {
  const { perFourWeeks, reminderDays } = ROSTER_LIMITS;
  return (
    <div className="grid gap-4">
      <FormField
        id="name"
        name="name"
        label="Name"
        required
        maxLength={ROSTER_LIMITS.name}
        defaultValue={values.name}
        error={errors.name}
        hint="Such as SoundTech, Ushers or Driver, Riffa route."
      />
      <Field
        id="ministrySlug"
        label="Ministry"
        error={errors.ministrySlug}
        control={(aria) => (
          <NativeSelect
            id="ministrySlug"
            name="ministrySlug"
            defaultValue={values.ministrySlug}
            required
            {...aria}
          >
            {ministries.length > 1 ? <option value="">Choose the ministry</option> : null}
            {ministries.map((ministry) => (
              <option key={ministry.slug} value={ministry.slug}>
                {ministry.name}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <FormField
        id="maxPerFourWeeks"
        name="maxPerFourWeeks"
        type="number"
        inputMode="numeric"
        min={perFourWeeks.min}
        max={perFourWeeks.max}
        label="Serves at most (times in 4 weeks)"
        required
        defaultValue={values.maxPerFourWeeks}
        error={errors.maxPerFourWeeks}
        hint="Picking someone more often warns you; Fill automatically keeps to it."
      />
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Reminder e-mail before each accepted date</legend>
        <div className="grid grid-cols-2 gap-4">
          <FormField
            id="reminderDays"
            name="reminderDays"
            type="number"
            inputMode="numeric"
            min={reminderDays.min}
            max={reminderDays.max}
            label="Days before"
            required
            defaultValue={values.reminderDays}
            error={errors.reminderDays}
          />
          <Field
            id="reminderHour"
            label="At"
            error={errors.reminderHour}
            control={(aria) => (
              <NativeSelect
                id="reminderHour"
                name="reminderHour"
                defaultValue={String(values.reminderHour)}
                {...aria}
              >
                {Array.from({ length: 24 }, (_, hour) => (
                  <option key={hour} value={hour}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </div>
      </fieldset>
    </div>
  );
}
