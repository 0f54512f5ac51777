import { Save } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { FormField } from "~/components/form-field";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import { AREAS, AREA_DEFINITIONS, levelsOf, type Area, type AreaLevels, type Level } from "~/lib/permissions";
import { useIsSubmitting } from "~/lib/use-is-submitting";
import { cn } from "~/lib/utils";
import { ROLE_NAME_MAX, levelField, type RoleForm } from "~/schemas/staff-role";
import { AccessSummary, LEVEL_NAMES } from "./staff-role-parts";

// The form of one role: its name, whether it is limited to the account's ministries, and one
// choice per permission area offering only the levels that area has. The summary beside it is
// drawn from the same state, so the server draws it too (a page without scripts shows the saved
// role's summary after each save) and it follows each choice once the page's scripts run.

/** What a level of an area lets a person do: its own words and those of the levels below it. */
function levelWords(area: Area, level: Level): string {
  if (level === "none") return "No access.";
  const offered = levelsOf(area);
  const words = offered
    .slice(1, offered.indexOf(level) + 1)
    .map((each) => AREA_DEFINITIONS[area].levels[each as Exclude<Level, "none">]!);
  return `${words.join("; ")}.`.replace(/^./, (first) => first.toUpperCase());
}

function AreaChoice({
  area,
  level,
  ministryOnly,
  onChange,
}: {
  area: Area;
  level: Level;
  ministryOnly: boolean;
  onChange: (level: Level) => void;
}) {
  const definition = AREA_DEFINITIONS[area];
  const unreached = ministryOnly && definition.forMinistries === undefined;
  const labelId = `area-${area}-label`;
  const wordsId = `area-${area}-words`;
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-x-6">
      <div className="min-w-0">
        <p id={labelId} className={cn("font-semibold", unreached ? "text-muted-foreground" : "text-navy")}>
          {definition.label}
          {ministryOnly && definition.forMinistries !== undefined ? (
            <span className="ml-2 whitespace-nowrap rounded-full bg-gold/20 px-2 py-0.5 text-xs font-semibold text-accent-text">
              By ministry
            </span>
          ) : null}
        </p>
        <p id={wordsId} className="mt-0.5 text-sm text-muted-foreground" data-testid={`area-words-${area}`}>
          {unreached
            ? "A role limited to ministries does not reach this area."
            : ministryOnly && level !== "none"
              ? // What a limited role does here, in its ministries' words ("see their ministries' sign-ups").
                `${definition.forMinistries!.replace(/^./, (first) => first.toUpperCase())}.`
              : levelWords(area, level)}
        </p>
      </div>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={wordsId}
        className="flex w-fit flex-wrap rounded-lg border border-input p-0.5"
      >
        {levelsOf(area).map((offered) => (
          <label
            key={offered}
            className="relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium transition-colors hover:bg-muted has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring has-[:disabled]:cursor-default"
          >
            <input
              type="radio"
              name={levelField(area)}
              value={offered}
              checked={level === offered}
              onChange={() => onChange(offered)}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
            />
            {LEVEL_NAMES[offered]}
          </label>
        ))}
      </div>
    </li>
  );
}

export function RoleEditor({
  initial,
  readOnly,
  isNew,
  nameError,
}: {
  initial: RoleForm;
  readOnly: boolean;
  isNew: boolean;
  nameError?: string;
}) {
  const [levels, setLevels] = useState<AreaLevels>(initial.levels);
  const [ministryOnly, setMinistryOnly] = useState(initial.ministryOnly);
  const busy = useIsSubmitting("save");
  return (
    <Form method="post" className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:items-start">
      <input type="hidden" name="intent" value="save" />
      <fieldset disabled={readOnly} className="grid min-w-0 gap-6 lg:col-span-2">
        <StaffCard id="role-name-heading" title="Name">
          <FormField
            id="role-name"
            name="name"
            label="Name of the role"
            hint="As the staff screens show it, such as “Sermons volunteer”."
            required
            maxLength={ROLE_NAME_MAX}
            defaultValue={initial.name}
            error={nameError}
            autoComplete="off"
          />
          <div className="mt-5 flex gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
            <input
              id="role-ministry-only"
              type="checkbox"
              name="ministryOnly"
              checked={ministryOnly}
              onChange={(event) => setMinistryOnly(event.currentTarget.checked)}
              aria-describedby="role-ministry-only-hint"
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            <div className="min-w-0">
              <label htmlFor="role-ministry-only" className="block cursor-pointer font-semibold text-navy">
                Limited to the account&apos;s ministries
              </label>
              <p id="role-ministry-only-hint" className="text-sm text-muted-foreground">
                An account with this role reaches only what belongs to the ministries set on its screen: their
                pages, videos and images, sign-ups, members and announcements. Areas that do not belong to a
                ministry give nothing.
              </p>
            </div>
          </div>
        </StaffCard>
        <StaffCard
          id="role-areas-heading"
          title="What it may do"
          description="One choice per area of the members area. View lets a person look; Edit lets them change."
        >
          <ul className="divide-y divide-border">
            {AREAS.map((area) => (
              <AreaChoice
                key={area}
                area={area}
                level={levels[area] ?? "none"}
                ministryOnly={ministryOnly}
                onChange={(level) => setLevels((before) => ({ ...before, [area]: level }))}
              />
            ))}
          </ul>
        </StaffCard>
      </fieldset>
      <section
        aria-labelledby="role-summary-heading"
        className="grid gap-4 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6 lg:sticky lg:top-6"
      >
        <h2 id="role-summary-heading" className="text-lg font-semibold text-navy">
          In plain words
        </h2>
        <AccessSummary access={{ levels, ministryOnly }} />
        {readOnly ? null : (
          <div>
            <Button type="submit" disabled={busy}>
              <BusyIcon busy={busy} icon={Save} />
              {isNew ? "Create role" : "Save role"}
            </Button>
          </div>
        )}
      </section>
    </Form>
  );
}
