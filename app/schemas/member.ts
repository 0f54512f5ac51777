import { z } from "zod";
import {
  BIBLE_STUDY_GROUPS,
  CHURCH_POSITIONS,
  COUNTRY_CODES,
  GENDERS,
  MARITAL_STATUSES,
  MEMBERSHIP_STATUSES,
  MINISTRY_NAMES,
  MINISTRY_ROLES,
} from "~/content/member-options";
import { isIsoDate } from "~/lib/dates";

// One schema for the member registration and edit forms, in the browser and in the actions.

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));

const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isIsoDate(value), `${label} is not a valid date.`);

const optionalChoice = <T extends readonly [string, ...string[]]>(options: T, label: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? value : null))
    .refine(
      (value) => value === null || (options as readonly string[]).includes(value),
      `Please choose a valid ${label}.`,
    )
    .transform((value) => value as T[number] | null);

const childSchema = z.object({
  name: z.string().trim().max(120, "A child's name must be at most 120 characters."),
  birthday: optionalDate("A child's birthday"),
  gender: optionalChoice(GENDERS, "gender for the child"),
});

export const memberSchema = z
  .object({
    firstName: z
      .string()
      .trim()
      .min(1, "First name is required.")
      .max(80, "First name must be at most 80 characters."),
    middleName: optionalText(80, "Middle name"),
    lastName: z
      .string()
      .trim()
      .min(1, "Last name is required.")
      .max(80, "Last name must be at most 80 characters."),
    nickname: optionalText(80, "Nickname"),
    email: z
      .string()
      .trim()
      .min(1, "Email is required.")
      .max(254, "Email must be at most 254 characters.")
      .pipe(z.email("Please enter a valid email address.")),
    mobile: z
      .string()
      .trim()
      .min(1, "Mobile number is required.")
      .max(30, "Mobile number must be at most 30 characters.")
      .regex(/^\+?[0-9()\s.-]{6,}$/, "Please enter a valid mobile number."),
    countryCode: z.enum(COUNTRY_CODES, { error: "Please choose +973 or +63." }).default("+973"),
    addressBh: optionalText(300, "Address in Bahrain"),
    addressPh: optionalText(300, "Address in the Philippines"),
    birthday: optionalDate("Birthday"),
    waterBaptismDate: optionalDate("Water baptism date"),
    gender: optionalChoice(GENDERS, "gender"),
    maritalStatus: optionalChoice(MARITAL_STATUSES, "marital status"),
    spouseName: optionalText(120, "Spouse name"),
    weddingAnniversary: optionalDate("Wedding anniversary"),
    children: z.array(childSchema).max(20, "At most 20 children can be listed."),
    bibleStudyGroup: optionalChoice(BIBLE_STUDY_GROUPS, "Bible study group"),
    saltGroupName: optionalText(120, "SALT group name"),
    ministryInvolvement: z.array(
      z.string().refine((value) => MINISTRY_NAMES.includes(value), "Please choose ministries from the list."),
    ),
    ministryRole: z.array(
      z.string().refine((value) => MINISTRY_ROLES.includes(value), "Please choose roles from the list."),
    ),
    churchPosition: z
      .enum(CHURCH_POSITIONS, { error: "Please choose a church position from the list." })
      .default("Member"),
    membershipStatus: z
      .enum(MEMBERSHIP_STATUSES.map((s) => s.value) as [string, ...string[]], {
        error: "Please choose a membership status.",
      })
      .default("active"),
  })
  .transform((member) => ({
    ...member,
    // Spouse and anniversary belong to married members only.
    spouseName: member.maritalStatus === "Married" ? member.spouseName : null,
    weddingAnniversary: member.maritalStatus === "Married" ? member.weddingAnniversary : null,
    // A child row left empty is no child.
    children: member.children.filter((child) => child.name || child.birthday || child.gender),
    ministryInvolvement: [...new Set(member.ministryInvolvement)],
    ministryRole: [...new Set(member.ministryRole)],
  }));

export type MemberInput = z.output<typeof memberSchema>;

/** Reads the member form's fields (children as repeated childName/childBirthday/childGender). */
export function memberFormValues(form: FormData) {
  const one = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const all = (name: string) =>
    form.getAll(name).filter((value): value is string => typeof value === "string");
  const names = all("childName");
  const birthdays = all("childBirthday");
  const genders = all("childGender");
  return {
    firstName: one("firstName") ?? "",
    middleName: one("middleName"),
    lastName: one("lastName") ?? "",
    nickname: one("nickname"),
    email: one("email") ?? "",
    mobile: one("mobile") ?? "",
    countryCode: one("countryCode") || undefined,
    addressBh: one("addressBh"),
    addressPh: one("addressPh"),
    birthday: one("birthday"),
    waterBaptismDate: one("waterBaptismDate"),
    gender: one("gender"),
    maritalStatus: one("maritalStatus"),
    spouseName: one("spouseName"),
    weddingAnniversary: one("weddingAnniversary"),
    children: names.map((name, index) => ({ name, birthday: birthdays[index], gender: genders[index] })),
    bibleStudyGroup: one("bibleStudyGroup"),
    saltGroupName: one("saltGroupName"),
    ministryInvolvement: all("ministryInvolvement"),
    ministryRole: all("ministryRole"),
    churchPosition: one("churchPosition") || undefined,
    membershipStatus: one("membershipStatus") || undefined,
  };
}

export type MemberFormValues = ReturnType<typeof memberFormValues>;

/** The first message per field, keyed by field name ('children' for any child problem). */
export function memberFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}
