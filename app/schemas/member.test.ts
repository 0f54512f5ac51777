import { describe, expect, it } from "vitest";
import { memberOptions } from "~/content/member-options";
import { firstErrors } from "~/lib/action-result";
import { ministries } from "~/content/ministries";
import { makeMemberSchema } from "./member";
import {
  MEMBER_FIELD_NAMES,
  memberDraftFrom,
  pickMemberFields,
  readMemberForm,
  typedMemberValues,
} from "./member-fields";

const schema = makeMemberSchema(memberOptions(ministries));

function formOf(entries: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

const required: [string, string][] = [
  ["firstName", "Ana"],
  ["lastName", "Cruz"],
  ["email", "ana@example.org"],
  ["mobile", "33334444"],
];

function errorsOf(entries: [string, string][]) {
  const parsed = schema.safeParse(readMemberForm(formOf(entries)));
  return parsed.success ? {} : firstErrors(parsed.error.issues);
}

describe("the member schema built from the field table", () => {
  it("says what is missing, in the form's order", () => {
    const parsed = schema.safeParse(readMemberForm(formOf([])));
    expect(parsed.success).toBe(false);
    expect(Object.values(firstErrors(parsed.error!.issues))).toEqual([
      "First name is required.",
      "Last name is required.",
      "Email is required.",
      "Mobile number is required.",
    ]);
  });

  it("keeps the limits and messages of every kind of field", () => {
    expect(
      errorsOf([
        ...required,
        ["middleName", "x".repeat(81)],
        ["addressBh", "x".repeat(301)],
        ["spouseName", "x".repeat(121)],
        ["birthday", "2026-02-30"],
        ["gender", "Other"],
        ["countryCode", "+1"],
        ["childName", "x".repeat(121)],
        ["ministryInvolvement", "Amplify (Music)"],
        ["ministryRole", "Amplify Head"],
      ]),
    ).toEqual({
      middleName: "Middle name must be at most 80 characters.",
      addressBh: "Address in Bahrain must be at most 300 characters.",
      spouseName: "Spouse name must be at most 120 characters.",
      birthday: "Birthday is not a valid date.",
      gender: "Please choose a valid gender.",
      countryCode: "Please choose +973 or +63.",
      children: "A child's name must be at most 120 characters.",
      ministryInvolvement: "Please choose ministries from the list.",
      ministryRole: "Please choose roles from the list.",
    });
    expect(errorsOf([...required.slice(0, 2), ["email", "nope"], ["mobile", "12"]])).toEqual({
      email: "Please enter a valid email address.",
      mobile: "Please enter a valid mobile number.",
    });
    expect(errorsOf([...required, ["churchPosition", "Pope"], ["membershipStatus", "gone"]])).toEqual({
      churchPosition: "Please choose a church position from the list.",
      membershipStatus: "Please choose a membership status.",
    });
  });

  it("fills defaults, empties to null, and keeps ministries and roles by key", () => {
    const member = schema.parse(
      readMemberForm(
        formOf([
          ...required,
          ["middleName", "  "],
          ["maritalStatus", "Single"],
          ["spouseName", "Sam"],
          ["ministryInvolvement", "yadah"],
          ["ministryInvolvement", "tee"],
          ["ministryInvolvement", "yadah"],
          ["ministryRole", "head:yadah"],
          ["childName", "Mia"],
          ["childBirthday", "2016-05-01"],
          ["childGender", "Female"],
          ["childName", ""],
          ["childBirthday", ""],
          ["childGender", ""],
        ]),
      ),
    );
    expect(member).toMatchObject({
      countryCode: "+973",
      churchPosition: "Member",
      membershipStatus: "active",
      middleName: null,
      spouseName: null,
      ministryInvolvement: ["yadah", "tee"],
      ministryRole: ["head:yadah"],
      children: [{ name: "Mia", birthday: "2016-05-01", gender: "Female" }],
    });
    expect(Object.keys(pickMemberFields({ ...member, id: "x" } as typeof member)).sort()).toEqual(
      [...MEMBER_FIELD_NAMES].sort(),
    );
  });

  it("gives back what was typed, repeated inputs and children in their order", () => {
    const form = formOf([
      ["intent", "register"],
      ...required,
      ["ministryInvolvement", "tee"],
      ["ministryInvolvement", "amplify"],
      ["childName", "Mia"],
      ["childBirthday", "2016-05-01"],
      ["childGender", "Female"],
      ["childName", "Leo"],
      ["childBirthday", ""],
      ["childGender", "Male"],
    ]);
    const values = typedMemberValues(form);
    expect(values).toMatchObject({
      firstName: "Ana",
      "ministryInvolvement.1": "amplify",
      "childName.1": "Leo",
    });
    expect(values).not.toHaveProperty("intent");
    expect(memberDraftFrom(values)).toEqual(readMemberForm(form));
    expect(memberDraftFrom(values).children).toEqual([
      { name: "Mia", birthday: "2016-05-01", gender: "Female" },
      { name: "Leo", birthday: "", gender: "Male" },
    ]);
  });
});
