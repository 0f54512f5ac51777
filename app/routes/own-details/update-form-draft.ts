import { readMemberForm } from "~/schemas/member-fields";
import type { OwnDetails } from "~/schemas/own-details";
import type { Draft } from "./update-form-view";

// Reading the update form as it was sent: what was typed, to show again, and what to check.

export function draftOf(details: OwnDetails): Draft {
  return { ...details, addressBh: details.addressBh ?? "", addressPh: details.addressPh ?? "" };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 1000) : "";
};

const isBlank = (child: { name?: string | null; birthday?: string | null; gender?: string | null }) =>
  !child.name?.trim() && !child.birthday && !child.gender;

/** How many empty child rows were sent (the rows offered for new children, left empty). */
export function blankRows(form: FormData): number {
  return (readMemberForm(form).children ?? []).filter(isBlank).length;
}

/** What was typed, for the form to show again; rows marked "remove" and empty rows are gone. */
export function typedDraft(form: FormData): Draft {
  const member = readMemberForm(form);
  const removed = new Set(form.getAll("removeChild").map(String));
  return {
    email: text(form, "email"),
    countryCode: text(form, "countryCode"),
    mobile: text(form, "mobile"),
    addressBh: text(form, "addressBh"),
    addressPh: text(form, "addressPh"),
    children: (member.children ?? [])
      .map((child) => ({
        name: (child.name ?? "").slice(0, 1000),
        birthday: child.birthday || null,
        gender: child.gender || null,
      }))
      .filter((child, index) => !removed.has(String(index)) && !isBlank(child)),
    ministryInvolvement: member.ministryInvolvement ?? [],
  };
}

/** The member form's reading of the fields, without the children marked "remove". */
export function readMemberFormWithout(form: FormData) {
  const draft = readMemberForm(form);
  const removed = new Set(form.getAll("removeChild").map(String));
  return { ...draft, children: (draft.children ?? []).filter((_, index) => !removed.has(String(index))) };
}
