import { LoaderCircle, Plus, Trash2 } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Form } from "react-router";
import {
  BIBLE_STUDY_GROUPS,
  CHURCH_POSITIONS,
  COUNTRY_CODES,
  DEFAULT_COUNTRY_CODE,
  GENDERS,
  MARITAL_STATUSES,
  MEMBERSHIP_STATUSES,
  MINISTRY_NAMES,
  MINISTRY_ROLES,
} from "~/content/member-options";
import { todayInChurchZone } from "~/lib/dates";
import { ageInYears } from "~/lib/member-dates";
import { cn } from "~/lib/utils";
import { memberFieldErrors, memberFormValues, memberSchema } from "~/schemas/member";
import { FormField } from "./form-field";
import { Button } from "./ui/button";
import { Label } from "./ui/label";
import { NativeSelect } from "./ui/select";

interface ChildRow {
  key: string;
  name: string;
  birthday: string;
  gender: string;
}

/** What the form starts with: a stored member (edit) or what was typed before a refusal. */
export interface MemberFormDefaults {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  nickname?: string | null;
  email?: string | null;
  mobile?: string | null;
  countryCode?: string | null;
  addressBh?: string | null;
  addressPh?: string | null;
  birthday?: string | null;
  waterBaptismDate?: string | null;
  gender?: string | null;
  maritalStatus?: string | null;
  spouseName?: string | null;
  weddingAnniversary?: string | null;
  children?: { name?: string | null; birthday?: string | null; gender?: string | null }[];
  bibleStudyGroup?: string | null;
  saltGroupName?: string | null;
  ministryInvolvement?: string[];
  ministryRole?: string[];
  churchPosition?: string | null;
  membershipStatus?: string | null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-6">
      <legend className="px-2 text-lg font-semibold text-navy">{title}</legend>
      <div className="mt-2 grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function SelectField({
  id,
  name,
  label,
  options,
  defaultValue,
  error,
  placeholder,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly (string | { value: string; label: string })[];
  defaultValue?: string | null;
  error?: string;
  placeholder?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const value = typeof option === "string" ? option : option.value;
          const text = typeof option === "string" ? option : option.label;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </NativeSelect>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TagChoices({
  name,
  legend,
  options,
  selected,
}: {
  name: string;
  legend: string;
  options: readonly string[];
  selected: string[];
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className="cursor-pointer rounded-full border border-input px-3 py-1.5 text-sm transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring"
          >
            <input
              type="checkbox"
              name={name}
              value={option}
              defaultChecked={selected.includes(option)}
              className="sr-only"
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The member registration form, and (mode "edit") the edit form with church position and
 * membership status. Checked with the same schema as the server before it is sent.
 */
export function MemberForm({
  mode,
  defaults = {},
  errors: serverErrors = {},
  isSubmitting,
}: {
  mode: "create" | "edit";
  defaults?: MemberFormDefaults;
  errors?: Record<string, string>;
  isSubmitting: boolean;
}) {
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...clientErrors };
  const [maritalStatus, setMaritalStatus] = useState(defaults.maritalStatus ?? "");
  const [nextKey, setNextKey] = useState(1);
  const [children, setChildren] = useState<ChildRow[]>(() =>
    (defaults.children ?? []).map((child, index) => ({
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
    <Form
      method="post"
      className="grid gap-6"
      noValidate
      onSubmit={(event) => {
        const parsed = memberSchema.safeParse(memberFormValues(new FormData(event.currentTarget)));
        if (parsed.success) {
          setClientErrors({});
          return;
        }
        event.preventDefault();
        const found = memberFieldErrors(parsed.error);
        setClientErrors(found);
        const first = Object.keys(found)[0];
        const field = first ? event.currentTarget.elements.namedItem(first) : null;
        if (field instanceof HTMLElement) field.focus();
      }}
    >
      {Object.keys(errors).length > 0 ? (
        <div
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
        >
          Please correct the highlighted fields: {Object.values(errors).join(" ")}
        </div>
      ) : null}

      <Section title="Personal Information">
        <FormField
          id={id("firstName")}
          name="firstName"
          label="First Name *"
          required
          maxLength={80}
          autoComplete="given-name"
          defaultValue={defaults.firstName ?? ""}
          error={errors.firstName}
        />
        <FormField
          id={id("middleName")}
          name="middleName"
          label="Middle Name"
          maxLength={80}
          autoComplete="additional-name"
          defaultValue={defaults.middleName ?? ""}
          error={errors.middleName}
        />
        <FormField
          id={id("lastName")}
          name="lastName"
          label="Last Name *"
          required
          maxLength={80}
          autoComplete="family-name"
          defaultValue={defaults.lastName ?? ""}
          error={errors.lastName}
        />
        <FormField
          id={id("nickname")}
          name="nickname"
          label="Nickname"
          maxLength={80}
          autoComplete="nickname"
          defaultValue={defaults.nickname ?? ""}
          error={errors.nickname}
        />
        <FormField
          id={id("email")}
          name="email"
          label="Email *"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={defaults.email ?? ""}
          error={errors.email}
        />
        <div className="grid grid-cols-[7rem_1fr] gap-3">
          <SelectField
            id={id("countryCode")}
            name="countryCode"
            label="Code"
            options={COUNTRY_CODES}
            defaultValue={defaults.countryCode ?? DEFAULT_COUNTRY_CODE}
            error={errors.countryCode}
          />
          <FormField
            id={id("mobile")}
            name="mobile"
            label="Mobile *"
            type="tel"
            required
            maxLength={30}
            autoComplete="tel-national"
            defaultValue={defaults.mobile ?? ""}
            error={errors.mobile}
          />
        </div>
        <FormField
          id={id("addressBh")}
          name="addressBh"
          label="Address (Bahrain)"
          maxLength={300}
          defaultValue={defaults.addressBh ?? ""}
          error={errors.addressBh}
        />
        <FormField
          id={id("addressPh")}
          name="addressPh"
          label="Address (Philippines)"
          maxLength={300}
          defaultValue={defaults.addressPh ?? ""}
          error={errors.addressPh}
        />
        <FormField
          id={id("birthday")}
          name="birthday"
          label="Birthday"
          type="date"
          defaultValue={defaults.birthday ?? ""}
          error={errors.birthday}
        />
        <SelectField
          id={id("gender")}
          name="gender"
          label="Gender"
          options={GENDERS}
          placeholder="Select gender"
          defaultValue={defaults.gender}
          error={errors.gender}
        />
        <SelectField
          id={id("maritalStatus")}
          name="maritalStatus"
          label="Marital Status"
          options={MARITAL_STATUSES}
          placeholder="Select marital status"
          defaultValue={defaults.maritalStatus}
          error={errors.maritalStatus}
          onChange={setMaritalStatus}
        />
        {maritalStatus === "Married" ? (
          <>
            <FormField
              id={id("spouseName")}
              name="spouseName"
              label="Spouse Name"
              maxLength={120}
              defaultValue={defaults.spouseName ?? ""}
              error={errors.spouseName}
            />
            <FormField
              id={id("weddingAnniversary")}
              name="weddingAnniversary"
              label="Wedding Anniversary"
              type="date"
              defaultValue={defaults.weddingAnniversary ?? ""}
              error={errors.weddingAnniversary}
            />
          </>
        ) : null}
      </Section>

      <fieldset
        className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-6"
        aria-describedby={errors.children ? id("children-error") : undefined}
      >
        <legend className="px-2 text-lg font-semibold text-navy">Children Information</legend>
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
                  name="childName"
                  label={`Child ${index + 1} Name`}
                  maxLength={120}
                  value={child.name}
                  onChange={(event) => updateChild(child.key, { name: event.target.value })}
                />
                <FormField
                  id={id(`child-${child.key}-birthday`)}
                  name="childBirthday"
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
                    name="childGender"
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

      <Section title="Spiritual Information">
        <FormField
          id={id("waterBaptismDate")}
          name="waterBaptismDate"
          label="Water Baptism Date"
          type="date"
          defaultValue={defaults.waterBaptismDate ?? ""}
          error={errors.waterBaptismDate}
        />
        <SelectField
          id={id("bibleStudyGroup")}
          name="bibleStudyGroup"
          label="Bible Study Group"
          options={BIBLE_STUDY_GROUPS}
          placeholder="Select group"
          defaultValue={defaults.bibleStudyGroup}
          error={errors.bibleStudyGroup}
        />
        <FormField
          id={id("saltGroupName")}
          name="saltGroupName"
          label="SALT Group Name"
          maxLength={120}
          defaultValue={defaults.saltGroupName ?? ""}
          error={errors.saltGroupName}
        />
        {mode === "edit" ? (
          <>
            <SelectField
              id={id("churchPosition")}
              name="churchPosition"
              label="Church Position"
              options={CHURCH_POSITIONS}
              defaultValue={defaults.churchPosition ?? "Member"}
              error={errors.churchPosition}
            />
            <SelectField
              id={id("membershipStatus")}
              name="membershipStatus"
              label="Membership Status"
              options={MEMBERSHIP_STATUSES}
              defaultValue={defaults.membershipStatus ?? "active"}
              error={errors.membershipStatus}
            />
          </>
        ) : null}
      </Section>

      <fieldset
        className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-6"
        aria-describedby={
          errors.ministryInvolvement || errors.ministryRole ? id("ministries-error") : undefined
        }
      >
        <legend className="px-2 text-lg font-semibold text-navy">Ministry Involvement</legend>
        <div className="mt-2 grid gap-6">
          <TagChoices
            name="ministryInvolvement"
            legend="Ministries"
            options={MINISTRY_NAMES}
            selected={defaults.ministryInvolvement ?? []}
          />
          <TagChoices
            name="ministryRole"
            legend="Ministry Role"
            options={MINISTRY_ROLES}
            selected={defaults.ministryRole ?? []}
          />
        </div>
        {errors.ministryInvolvement || errors.ministryRole ? (
          <p id={id("ministries-error")} className="mt-2 text-sm text-destructive">
            {errors.ministryInvolvement ?? errors.ministryRole}
          </p>
        ) : null}
      </fieldset>

      <div className={cn("flex justify-end")}>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {mode === "create" ? "Register Member" : "Save Changes"}
        </Button>
      </div>
    </Form>
  );
}
