import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { GENDERS } from "~/content/member-options";
import { todayInChurchZone } from "~/lib/dates";
import { ageInYears } from "~/lib/member-dates";
import { CHILD_INPUTS, MEMBER_FIELDS } from "~/schemas/member-fields";
import { FormField } from "./form-field";
import type { MemberFormState } from "./member-form-controls";
import { Button } from "./ui/button";
import { Label } from "./ui/label";
import { NativeSelect } from "./ui/select";

interface ChildRow {
  key: string;
  name: string;
  birthday: string;
  gender: string;
}

/** One row per child, added and removed in place; each row shows the child's age as it is typed. */
export function ChildrenSection({ form }: { form: MemberFormState }) {
  const { id, errors } = form;
  const [nextKey, setNextKey] = useState(1);
  const [children, setChildren] = useState<ChildRow[]>(() =>
    (form.defaults.children ?? []).map((child, index) => ({
      key: `c${index}-initial`,
      name: child.name ?? "",
      birthday: child.birthday ?? "",
      gender: child.gender ?? "",
    })),
  );
  const today = todayInChurchZone();

  const updateChild = (key: string, change: Partial<ChildRow>) =>
    setChildren((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <fieldset
      className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-6"
      aria-describedby={errors.children ? id("children-error") : undefined}
    >
      <legend className="px-2 text-lg font-semibold text-navy">{MEMBER_FIELDS.children.label}</legend>
      {children.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No children added.</p>
      ) : null}
      <ol className="mt-2 grid gap-4">
        {children.map((child, index) => {
          const age = ageInYears(child.birthday || null, today);
          return (
            <li
              key={child.key}
              className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-[2fr_1.3fr_1fr_5rem_auto] sm:items-end"
              data-testid="child-row"
            >
              <FormField
                id={id(`child-${child.key}-name`)}
                name={CHILD_INPUTS.name}
                label={`Child ${index + 1} Name`}
                maxLength={MEMBER_FIELDS.children.nameMax}
                value={child.name}
                onChange={(event) => updateChild(child.key, { name: event.target.value })}
              />
              <FormField
                id={id(`child-${child.key}-birthday`)}
                name={CHILD_INPUTS.birthday}
                label={
                  <>
                    <span className="sr-only">Child {index + 1} </span>Birthday
                  </>
                }
                type="date"
                value={child.birthday}
                onChange={(event) => updateChild(child.key, { birthday: event.target.value })}
              />
              <div className="grid gap-2">
                <Label htmlFor={id(`child-${child.key}-gender`)}>
                  <span className="sr-only">Child {index + 1} </span>Gender
                </Label>
                <NativeSelect
                  id={id(`child-${child.key}-gender`)}
                  name={CHILD_INPUTS.gender}
                  value={child.gender}
                  onChange={(event) => updateChild(child.key, { gender: event.target.value })}
                >
                  <option value="">Select</option>
                  {GENDERS.map((gender) => (
                    <option key={gender} value={gender}>
                      {gender}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-2">
                <span className="text-sm font-medium">Age</span>
                <output
                  className="flex h-11 items-center rounded-md bg-muted px-3 text-sm"
                  aria-label={`Child ${index + 1} age`}
                >
                  {age ?? ""}
                </output>
              </div>
              <Button
                type="button"
                variant="ghost"
                className="text-destructive"
                onClick={() => setChildren((rows) => rows.filter((row) => row.key !== child.key))}
              >
                <Trash2 aria-hidden="true" />
                Remove<span className="sr-only"> Child {index + 1}</span>
              </Button>
            </li>
          );
        })}
      </ol>
      {errors.children ? (
        <p id={id("children-error")} className="mt-2 text-sm text-destructive">
          {errors.children}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        className="mt-4"
        onClick={() => {
          setChildren((rows) => [...rows, { key: `c${nextKey}`, name: "", birthday: "", gender: "" }]);
          setNextKey((key) => key + 1);
        }}
      >
        <Plus aria-hidden="true" />
        Add Child
      </Button>
    </fieldset>
  );
}
