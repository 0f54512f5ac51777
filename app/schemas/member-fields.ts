import {
  BIBLE_STUDY_GROUPS,
  CHURCH_POSITIONS,
  COUNTRY_CODES,
  DEFAULT_CHURCH_POSITION,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_MEMBERSHIP_STATUS,
  GENDERS,
  MARITAL_STATUSES,
  MEMBERSHIP_STATUSES,
  type Choice,
  type MemberOptions,
} from "~/content/member-options";

// A member's fields, defined once: the schema (schemas/member.ts) is built from this table, and so
// are the form's labels, limits and defaults, the reading of a posted form, the columns a save
// writes and the rows of the profile. `noun` is how a message names the field ('First name is
// required.'). It holds no zod, so a screen that only shows a member does not load the schema.

interface FieldBase {
  /** As the form and the profile label it. */
  label: string;
  /** As a validation message names it. */
  noun: string;
}

interface TextField extends FieldBase {
  /** 'email' and 'tel' are texts with a format, and the matching input type. */
  kind: "text" | "email" | "tel";
  max: number;
  required?: boolean;
  autoComplete?: string;
}

interface DateField extends FieldBase {
  kind: "date";
}

interface ChoiceField extends FieldBase {
  kind: "choice";
  options: readonly (string | Choice)[];
  /** The first option shown, for a field that may stay empty. */
  placeholder?: string;
  /** What an absent answer means, for a field that always has a value. */
  default?: string;
  /** The message for a value outside the options, for a field with a default. */
  message?: string;
}

/** Several values from the member options (ministries, roles), chosen with checkboxes. */
interface ListField extends FieldBase {
  kind: "list";
  from: keyof MemberOptions;
}

export interface ChildrenField extends FieldBase {
  kind: "children";
  max: number;
  nameMax: number;
}

export type MemberField = TextField | DateField | ChoiceField | ListField | ChildrenField;

/** The languages the site writes to a member in (issue 39), each named in its own words. */
export const MEMBER_LANGUAGES = [
  { value: "en", label: "English" },
  { value: "fil", label: "Filipino" },
] as const satisfies readonly Choice[];
export type MemberLanguage = (typeof MEMBER_LANGUAGES)[number]["value"];

export const MEMBER_FIELDS = {
  firstName: {
    kind: "text",
    label: "First Name",
    noun: "First name",
    max: 80,
    required: true,
    autoComplete: "given-name",
  },
  middleName: {
    kind: "text",
    label: "Middle Name",
    noun: "Middle name",
    max: 80,
    autoComplete: "additional-name",
  },
  lastName: {
    kind: "text",
    label: "Last Name",
    noun: "Last name",
    max: 80,
    required: true,
    autoComplete: "family-name",
  },
  nickname: { kind: "text", label: "Nickname", noun: "Nickname", max: 80, autoComplete: "nickname" },
  email: { kind: "email", label: "Email", noun: "Email", max: 254, required: true, autoComplete: "email" },
  mobile: {
    kind: "tel",
    label: "Mobile",
    noun: "Mobile number",
    max: 30,
    required: true,
    autoComplete: "tel-national",
  },
  countryCode: {
    kind: "choice",
    label: "Code",
    noun: "country code",
    options: COUNTRY_CODES,
    default: DEFAULT_COUNTRY_CODE,
    message: "Please choose +973 or +63.",
  },
  addressBh: { kind: "text", label: "Address (Bahrain)", noun: "Address in Bahrain", max: 300 },
  addressPh: { kind: "text", label: "Address (Philippines)", noun: "Address in the Philippines", max: 300 },
  birthday: { kind: "date", label: "Birthday", noun: "Birthday" },
  waterBaptismDate: { kind: "date", label: "Water Baptism Date", noun: "Water baptism date" },
  gender: { kind: "choice", label: "Gender", noun: "gender", options: GENDERS, placeholder: "Select gender" },
  maritalStatus: {
    kind: "choice",
    label: "Marital Status",
    noun: "marital status",
    options: MARITAL_STATUSES,
    placeholder: "Select marital status",
  },
  spouseName: { kind: "text", label: "Spouse Name", noun: "Spouse name", max: 120 },
  weddingAnniversary: { kind: "date", label: "Wedding Anniversary", noun: "Wedding anniversary" },
  children: { kind: "children", label: "Children Information", noun: "children", max: 20, nameMax: 120 },
  bibleStudyGroup: {
    kind: "choice",
    label: "Bible Study Group",
    noun: "Bible study group",
    options: BIBLE_STUDY_GROUPS,
    placeholder: "Select group",
  },
  saltGroupName: { kind: "text", label: "SALT Group Name", noun: "SALT group name", max: 120 },
  ministryInvolvement: { kind: "list", label: "Ministries", noun: "ministries", from: "ministries" },
  ministryRole: { kind: "list", label: "Ministry Role", noun: "roles", from: "roles" },
  churchPosition: {
    kind: "choice",
    label: "Church Position",
    noun: "church position",
    options: CHURCH_POSITIONS,
    default: DEFAULT_CHURCH_POSITION,
    message: "Please choose a church position from the list.",
  },
  membershipStatus: {
    kind: "choice",
    label: "Membership Status",
    noun: "membership status",
    options: MEMBERSHIP_STATUSES,
    default: DEFAULT_MEMBERSHIP_STATUS,
    message: "Please choose a membership status.",
  },
  // The language of the e-mails the site sends the member, and of the links in them (issue 39).
  language: {
    kind: "choice",
    label: "Language for e-mails",
    noun: "language",
    options: MEMBER_LANGUAGES,
    default: "en",
    message: "Please choose English or Filipino.",
  },
} as const satisfies Record<string, MemberField>;

export type MemberFields = typeof MEMBER_FIELDS;
export type MemberFieldName = keyof MemberFields;
/** The names of the fields of some kinds, e.g. MemberFieldNameOf<"date">. */
export type MemberFieldNameOf<Kind extends MemberField["kind"]> = {
  [K in MemberFieldName]: MemberFields[K]["kind"] extends Kind ? K : never;
}[MemberFieldName];

export const MEMBER_FIELD_NAMES = Object.keys(MEMBER_FIELDS) as MemberFieldName[];

/** The inputs of one child's row; the form repeats them once per child. */
export const CHILD_INPUTS = { name: "childName", birthday: "childBirthday", gender: "childGender" } as const;

export interface MemberChild {
  name: string;
  birthday: string | null;
  gender: string | null;
}

/** The type a checked field holds. */
export type MemberFieldValue<F> = F extends { kind: "children" }
  ? MemberChild[]
  : F extends { kind: "list" }
    ? string[]
    : F extends { required: true } | { default: string }
      ? string
      : string | null;

/** A member as a save writes it: every field of the table, checked and tidied. */
export type MemberInput = { [K in MemberFieldName]: MemberFieldValue<MemberFields[K]> };

type DraftOf<F> = F extends { kind: "children" }
  ? { name?: string | null; birthday?: string | null; gender?: string | null }[]
  : F extends { kind: "list" }
    ? string[]
    : string | null;

/** What the form starts with or was sent: a stored member (edit), or what was typed before a refusal. */
export type MemberDraft = { [K in MemberFieldName]?: DraftOf<MemberFields[K]> };

/** Every field of a checked member, and nothing else, for a save to write. */
export function pickMemberFields(input: MemberInput): MemberInput {
  return Object.fromEntries(MEMBER_FIELD_NAMES.map((name) => [name, input[name]])) as MemberInput;
}

/**
 * The fields kept as the member's place in groups (issue 37), not as columns of the member: the
 * Bible study group and the SALT group, each the name of a group of that kind.
 */
export const GROUP_FIELD_NAMES = ["bibleStudyGroup", "saltGroupName"] as const;
export type GroupFieldName = (typeof GROUP_FIELD_NAMES)[number];
export type MemberGroupNames = Pick<MemberInput, GroupFieldName>;
export type MemberColumnsInput = Omit<MemberInput, GroupFieldName | "language"> & {
  language: MemberLanguage;
};

/** The fields a save writes into the member's own row (the group fields go through the groups). */
export function pickMemberColumns(input: MemberInput): MemberColumnsInput {
  const { bibleStudyGroup: _bible, saltGroupName: _salt, ...columns } = pickMemberFields(input);
  return { ...columns, language: columns.language === "fil" ? "fil" : "en" };
}

/** The group fields of a checked member. */
export function pickGroupNames(input: MemberGroupNames): MemberGroupNames {
  return { bibleStudyGroup: input.bibleStudyGroup, saltGroupName: input.saltGroupName };
}

/** Reads the member form's fields (children as repeated childName/childBirthday/childGender). */
export function readMemberForm(form: FormData): MemberDraft {
  const one = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const all = (name: string) =>
    form.getAll(name).filter((value): value is string => typeof value === "string");
  const draft: Record<string, unknown> = {};
  for (const name of MEMBER_FIELD_NAMES) {
    const field: MemberField = MEMBER_FIELDS[name];
    if (field.kind === "list") draft[name] = all(name);
    else if (field.kind === "children") {
      const birthdays = all(CHILD_INPUTS.birthday);
      const genders = all(CHILD_INPUTS.gender);
      draft[name] = all(CHILD_INPUTS.name).map((childName, index) => ({
        name: childName,
        birthday: birthdays[index],
        gender: genders[index],
      }));
    } else if (field.kind === "choice") draft[name] = field.default ? one(name) || undefined : one(name);
    else if (field.kind !== "date" && field.required) draft[name] = one(name) ?? "";
    else draft[name] = one(name);
  }
  return draft as MemberDraft;
}

/** The inputs the form may repeat; an answer's `values` numbers them (childName.0, childName.1 ...). */
const REPEATED_INPUTS = new Set<string>([
  ...MEMBER_FIELD_NAMES.filter((name) => MEMBER_FIELDS[name].kind === "list"),
  ...Object.values(CHILD_INPUTS),
]);
const INPUTS = new Set<string>([...MEMBER_FIELD_NAMES, ...REPEATED_INPUTS]);

/** What was typed into the member form, as the flat record a refused answer carries back. */
export function typedMemberValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  const counts = new Map<string, number>();
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || !INPUTS.has(name)) continue;
    if (!REPEATED_INPUTS.has(name)) {
      values[name] ??= value;
      continue;
    }
    const index = counts.get(name) ?? 0;
    counts.set(name, index + 1);
    values[`${name}.${index}`] = value;
  }
  return values;
}

/** The form's starting values from what typedMemberValues kept. */
export function memberDraftFrom(values: Record<string, string>): MemberDraft {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key.replace(/\.\d+$/, ""), value);
  return readMemberForm(form);
}
