import { useState } from "react";
import type { MemberOptions } from "~/content/member-options";
import {
  MemberInputField,
  MemberSelectField,
  MemberTagChoices,
  Section,
  type MemberFormState,
} from "./member-form-controls";

/** Name, contact, birthday and marriage; spouse and anniversary show for married members only. */
export function PersonalSection({ form }: { form: MemberFormState }) {
  const [maritalStatus, setMaritalStatus] = useState(form.defaults.maritalStatus ?? "");
  return (
    <Section title="Personal Information">
      <MemberInputField name="firstName" form={form} />
      <MemberInputField name="middleName" form={form} />
      <MemberInputField name="lastName" form={form} />
      <MemberInputField name="nickname" form={form} />
      <MemberInputField name="email" form={form} />
      <div className="grid grid-cols-[7rem_1fr] gap-3">
        <MemberSelectField name="countryCode" form={form} />
        <MemberInputField name="mobile" form={form} />
      </div>
      <MemberSelectField name="language" form={form} />
      <MemberInputField name="addressBh" form={form} />
      <MemberInputField name="addressPh" form={form} />
      <MemberInputField name="birthday" form={form} />
      <MemberSelectField name="gender" form={form} />
      <MemberSelectField name="maritalStatus" form={form} onChange={setMaritalStatus} />
      {maritalStatus === "Married" ? (
        <>
          <MemberInputField name="spouseName" form={form} />
          <MemberInputField name="weddingAnniversary" form={form} />
        </>
      ) : null}
    </Section>
  );
}

/** Baptism and groups; staff editing a member also set the church position and status here. */
export function SpiritualSection({ form, mode }: { form: MemberFormState; mode: "create" | "edit" }) {
  return (
    <Section title="Spiritual Information">
      <MemberInputField name="waterBaptismDate" form={form} />
      <MemberSelectField name="bibleStudyGroup" form={form} />
      <MemberInputField name="saltGroupName" form={form} />
      {mode === "edit" ? (
        <>
          <MemberSelectField name="churchPosition" form={form} />
          <MemberSelectField name="membershipStatus" form={form} />
        </>
      ) : null}
    </Section>
  );
}

export function MinistrySection({ form, options }: { form: MemberFormState; options: MemberOptions }) {
  const error = form.errors.ministryInvolvement ?? form.errors.ministryRole;
  return (
    <fieldset
      className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-6"
      aria-describedby={error ? form.id("ministries-error") : undefined}
    >
      <legend className="px-2 text-lg font-semibold text-navy">Ministry Involvement</legend>
      <div className="mt-2 grid gap-6">
        <MemberTagChoices name="ministryInvolvement" choices={options.ministries} form={form} />
        <MemberTagChoices name="ministryRole" choices={options.roles} form={form} />
      </div>
      {error ? (
        <p id={form.id("ministries-error")} className="mt-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
