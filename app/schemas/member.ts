import { z } from "zod";
import { GENDERS, type Choice, type MemberOptions } from "~/content/member-options";
import { isIsoDate } from "~/lib/dates";
import {
  MEMBER_FIELD_NAMES,
  MEMBER_FIELDS,
  type ChildrenField,
  type MemberField,
  type MemberFieldName,
  type MemberFields,
  type MemberFieldValue,
  type MemberInput,
} from "./member-fields";

const valueOf = (option: string | Choice) => (typeof option === "string" ? option : option.value);

const optionalText = (max: number, noun: string) =>
  z
    .string()
    .trim()
    .max(max, `${noun} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));

const optionalDate = (noun: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isIsoDate(value), `${noun} is not a valid date.`);

const optionalChoice = (options: readonly string[], noun: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || options.includes(value), `Please choose a valid ${noun}.`);

function childSchema(field: ChildrenField) {
  return z.object({
    name: z.string().trim().max(field.nameMax, `A child's name must be at most ${field.nameMax} characters.`),
    birthday: optionalDate("A child's birthday"),
    gender: optionalChoice(GENDERS, "gender for the child"),
  });
}

/** One member field's check, for a form that shows only some fields (a member's own update form). */
export function fieldSchema(field: MemberField, options: MemberOptions): z.ZodType {
  switch (field.kind) {
    case "text":
    case "email":
    case "tel": {
      if (!field.required) return optionalText(field.max, field.noun);
      const text = z
        .string()
        .trim()
        .min(1, `${field.noun} is required.`)
        .max(field.max, `${field.noun} must be at most ${field.max} characters.`);
      if (field.kind === "email") return text.pipe(z.email("Please enter a valid email address."));
      if (field.kind === "tel")
        return text.regex(/^\+?[0-9()\s.-]{6,}$/, "Please enter a valid mobile number.");
      return text;
    }
    case "date":
      return optionalDate(field.noun);
    case "choice": {
      const values = field.options.map(valueOf);
      if (field.default === undefined) return optionalChoice(values, field.noun);
      return z.enum(values as [string, ...string[]], { error: field.message }).default(field.default);
    }
    case "list": {
      const allowed = new Set(options[field.from].map((choice) => choice.value));
      return z.array(
        z.string().refine((value) => allowed.has(value), `Please choose ${field.noun} from the list.`),
      );
    }
    case "children":
      return z.array(childSchema(field)).max(field.max, `At most ${field.max} ${field.noun} can be listed.`);
  }
}

/**
 * The one schema of the member registration and edit forms, in the browser and in the actions.
 * It is made per request because the ministries and roles come from the church's content.
 */
export function makeMemberSchema(options: MemberOptions) {
  const shape = Object.fromEntries(
    MEMBER_FIELD_NAMES.map((name) => [name, fieldSchema(MEMBER_FIELDS[name], options)]),
  ) as { [K in MemberFieldName]: z.ZodType<MemberFieldValue<MemberFields[K]>> };
  return z.object(shape).transform((member): MemberInput => ({
    ...member,
    // Spouse and anniversary belong to married members only.
    spouseName: member.maritalStatus === "Married" ? member.spouseName : null,
    weddingAnniversary: member.maritalStatus === "Married" ? member.weddingAnniversary : null,
    // A child row left empty is no child.
    children: member.children.filter((child) => child.name || child.birthday || child.gender),
    ministryInvolvement: [...new Set(member.ministryInvolvement)],
    ministryRole: [...new Set(member.ministryRole)],
  }));
}
