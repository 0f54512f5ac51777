import { memberOptions } from "~/content/member-options";
import type { Ministry } from "~/content/ministries";
import { makeMemberSchema } from "~/schemas/member";
import { MEMBER_FIELDS, type MemberFieldName, type MemberInput } from "~/schemas/member-fields";
import { CHOICES } from "./member-import-choices";
import {
  looseKey,
  readSheetDate,
  sheetDateProblem,
  splitFullName,
  splitList,
  splitMobile,
} from "./member-import-cells";
import { markDuplicates, type ExistingMember } from "./member-import-duplicates";

// Importing members from a spreadsheet, the pure part: which member field each column fills
// (guessed from the column names), and what each row would become, with every problem found in
// it, checked with the same schema as the registration form. Written choices are read in
// member-import-choices.ts, repeats of members found in member-import-duplicates.ts. The server
// reads the file, keeps the rows and writes the members (app/server/people/member-import.server.ts).

/** The member fields a column can fill: every field of the form but the children, and a full name. */
export type ImportFieldKey = Exclude<MemberFieldName, "children"> | "fullName";

export interface ImportField {
  key: ImportFieldKey;
  label: string;
  /** Column names that mean this field, compared loosely ("E-mail" = "email"). */
  aliases: string[];
}

/** Column index (as text, the way it is stored) -> member field. Columns not named are not imported. */
export type ColumnMapping = Record<string, ImportFieldKey>;

/** The most rows one file may bring (a larger church splits its sheet). */
export const MAX_IMPORT_ROWS = 10_000;
/** The most columns a sheet may have. */
export const MAX_IMPORT_COLUMNS = 100;
/** The most characters one cell may hold: the longest member detail (an address) is 300. */
export const MAX_IMPORT_CELL_CHARACTERS = 2_000;
/** The most text one sheet may bring in all, in characters (a full 10MB CSV holds about half). */
export const MAX_IMPORT_TEXT_CHARACTERS = 20_000_000;
/** The most the parts of a workbook that are read (its sheet, texts and styles) may unpack to. */
export const MAX_WORKBOOK_UNPACKED_BYTES = 50 * 1024 * 1024;
export const MAX_WORKBOOK_UNPACKED_LABEL = "50MB";
/** The field of the upload form that carries the file. */
export const IMPORT_FILE_FIELD = "file";
/** How many rows the preview shows. */
export const PREVIEW_ROWS = 20;

const field = (key: Exclude<ImportFieldKey, "fullName">, aliases: string[], label?: string): ImportField => ({
  key,
  label: label ?? MEMBER_FIELDS[key].label,
  // The field's own label and name always count ("First Name", "firstName", "first_name").
  aliases: [MEMBER_FIELDS[key].label, key, ...aliases],
});

/**
 * Every field a column can fill, in the order of the member form. The aliases include the column
 * names of the site's own CSV exports (Name, Email, Mobile, Church Position, Ministry Involvement,
 * Ministry Role, Status, Birthday, Spouse Name, Wedding Anniversary), so an export comes back in
 * without choosing by hand; their computed columns (Next Birthday, Days Away ...) are left out.
 */
export const IMPORT_FIELDS: ImportField[] = [
  {
    key: "fullName",
    label: "Full Name (first, middle, last)",
    aliases: ["Name", "Full Name", "Member Name", "Complete Name", "Member", "Names"],
  },
  field("firstName", ["Given Name", "First", "Forename", "First Names", "FName"]),
  field("middleName", ["Middle", "Middle Initial", "MI"]),
  field("lastName", ["Surname", "Family Name", "Last", "LName"]),
  field("nickname", ["Nick Name", "Nick", "Preferred Name", "Known As"]),
  field("email", ["E-mail", "Email Address", "E-mail Address", "Mail"]),
  field("mobile", [
    "Mobile Number",
    "Mobile No",
    "Mobile Phone",
    "Phone",
    "Phone Number",
    "Phone No",
    "Cell",
    "Cell No",
    "Cell Phone",
    "Cellphone",
    "Cellphone Number",
    "Cellphone No",
    "Cell Number",
    "Telephone",
    "Tel",
    "Contact",
    "Contact Number",
    "Contact No",
    "WhatsApp",
  ]),
  field("countryCode", ["Country Code", "Dial Code", "Dialling Code"], "Country Code"),
  field("addressBh", ["Address", "Address Bahrain", "Bahrain Address", "Home Address", "Address BH"]),
  field("addressPh", ["Address Philippines", "Philippines Address", "Address PH", "Provincial Address"]),
  field("birthday", ["Date of Birth", "DOB", "Birth Date", "Birthdate", "Born", "Bday"]),
  field("waterBaptismDate", ["Baptism Date", "Date of Baptism", "Baptism", "Water Baptism", "Baptized"]),
  field("gender", ["Sex"]),
  field("maritalStatus", ["Civil Status", "Marital"]),
  field("spouseName", ["Spouse", "Husband/Wife", "Partner"]),
  field("weddingAnniversary", ["Anniversary", "Wedding Date", "Date of Marriage", "Marriage Date"]),
  field("bibleStudyGroup", ["Bible Study", "Bible Group"]),
  field("saltGroupName", ["SALT Group", "SALT"]),
  field("ministryInvolvement", ["Ministry Involvement", "Ministry", "Ministries Involved"]),
  field("ministryRole", ["Ministry Roles", "Role", "Roles"]),
  field("churchPosition", ["Position"]),
  field("membershipStatus", ["Status", "Member Status", "Membership"]),
];

const FIELDS_BY_KEY = new Map(IMPORT_FIELDS.map((item) => [item.key, item]));

export function importFieldLabel(key: ImportFieldKey): string {
  return FIELDS_BY_KEY.get(key)?.label ?? key;
}

export function isImportField(value: string): value is ImportFieldKey {
  return FIELDS_BY_KEY.has(value as ImportFieldKey);
}

const ALIASES = new Map<string, ImportFieldKey>(
  IMPORT_FIELDS.flatMap((item) => item.aliases.map((alias) => [looseKey(alias), item.key] as const)),
);

/** The member field a column name means, if any ("E-mail" -> email, "DOB" -> birthday). */
export function guessField(header: string): ImportFieldKey | undefined {
  return ALIASES.get(looseKey(header));
}

/**
 * The first guess of the mapping from the column names: each field goes to the first column that
 * names it, and a full-name column is left out when first and last names have columns of their own.
 */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<ImportFieldKey>();
  headers.forEach((header, index) => {
    const guess = guessField(header);
    if (guess && !taken.has(guess)) {
      mapping[String(index)] = guess;
      taken.add(guess);
    }
  });
  if (taken.has("fullName") && (taken.has("firstName") || taken.has("lastName"))) {
    for (const [column, key] of Object.entries(mapping)) if (key === "fullName") delete mapping[column];
  }
  return mapping;
}

export interface MappingProblems {
  /** Mistakes that stop the import until the columns are chosen again. */
  blocking: string[];
  /** What every row will lack (shown; the rows are then skipped). */
  missing: string[];
}

/** What is wrong with a mapping as a whole: a field chosen twice, or required fields with no column. */
export function mappingProblems(mapping: ColumnMapping, headers: readonly string[]): MappingProblems {
  const blocking: string[] = [];
  const columnsOf = new Map<ImportFieldKey, string[]>();
  for (const [column, key] of Object.entries(mapping)) {
    const name = headers[Number(column)] ?? `Column ${Number(column) + 1}`;
    columnsOf.set(key, [...(columnsOf.get(key) ?? []), `“${name}”`]);
  }
  for (const [key, columns] of columnsOf) {
    if (columns.length > 1)
      blocking.push(
        `${importFieldLabel(key)} is chosen for ${columns.length} columns (${columns.join(", ")}).`,
      );
  }
  const has = (key: ImportFieldKey) => columnsOf.has(key);
  if (has("fullName") && (has("firstName") || has("middleName") || has("lastName"))) {
    blocking.push(
      "Choose either a full name column or separate first, middle and last name columns, not both.",
    );
  }
  const missing: string[] = [];
  if (!has("fullName") && !has("firstName")) missing.push("First Name");
  if (!has("fullName") && !has("lastName")) missing.push("Last Name");
  if (!has("email")) missing.push("Email");
  if (!has("mobile")) missing.push("Mobile");
  return { blocking, missing };
}

/**
 * One problem in one row: which field (null for the row as a whole) and what is wrong. A required
 * detail that is missing or wrong, or a repeat of a member, skips the row; an optional detail that
 * cannot be read is `leftEmpty`, and the row is imported without it.
 */
export interface RowProblem {
  field: ImportFieldKey | null;
  message: string;
  /** The row is imported all the same, with this detail left empty. */
  leftEmpty?: true;
  /** The member already registered that this row repeats. */
  existingMember?: { id: string; name: string };
}

export interface CheckedRow {
  /** The row's number in the spreadsheet (the column names are row 1). */
  row: number;
  /** The member to save; null when the row is skipped. */
  member: MemberInput | null;
  problems: RowProblem[];
  /** Ministries the row names that are not the church's (as written), unless staff chose one for them. */
  unknownMinistries: string[];
}

/**
 * The ministry staff chose for a name the sheet uses that is not one of ours, by the name's loose
 * key ("choir" for “Choir”): a ministry's slug.
 */
export type MinistryChoices = Record<string, string>;

type Vocabulary = readonly Pick<Ministry, "slug" | "name" | "shortName">[];

const DATE_FIELDS = ["birthday", "waterBaptismDate", "weddingAnniversary"] as const;
const TEXT_FIELDS = [
  "middleName",
  "nickname",
  "email",
  "addressBh",
  "addressPh",
  "spouseName",
  "saltGroupName",
] as const;

/**
 * Reads rows of a sheet as members, for one church's ministries: a checker made once per import,
 * then called per row. Each row is checked like the registration form (the same zod schema), and
 * each cell that cannot be read (a date, a ministry, a status) is named.
 */
export function makeRowChecker(ministries: Vocabulary, ministryChoices: MinistryChoices = {}) {
  const options = memberOptions(ministries);
  const schema = makeMemberSchema(options);
  const ministryBySpelling = new Map<string, string>();
  for (const ministry of ministries) {
    for (const spelling of [ministry.slug, ministry.name, ministry.shortName])
      ministryBySpelling.set(looseKey(spelling), ministry.slug);
  }
  const ours = new Set(ministries.map((ministry) => ministry.slug));
  const chosenMinistry = new Map(
    Object.entries(ministryChoices).filter(
      ([name, slug]) => name && ours.has(slug) && !ministryBySpelling.has(name),
    ),
  );
  const roleBySpelling = new Map<string, string>();
  for (const role of options.roles) {
    roleBySpelling.set(looseKey(role.value), role.value);
    roleBySpelling.set(looseKey(role.label), role.value);
  }

  return function checkRow(cells: readonly string[], mapping: ColumnMapping, row: number): CheckedRow {
    const text = new Map<ImportFieldKey, string>();
    for (const [column, key] of Object.entries(mapping)) {
      text.set(key, String(cells[Number(column)] ?? "").trim());
    }
    const problems: RowProblem[] = [];
    const problem = (key: ImportFieldKey | null, message: string) => problems.push({ field: key, message });
    const leaveEmpty = (key: ImportFieldKey | null, message: string) =>
      problems.push({ field: key, message, leftEmpty: true });
    const unknownMinistries: string[] = [];
    const value = (key: ImportFieldKey) => text.get(key) ?? "";
    // Required texts start empty, so a missing one reads "First name is required." like the form.
    const draft: Record<string, unknown> = {
      firstName: value("firstName"),
      lastName: value("lastName"),
      email: "",
      mobile: "",
      children: [],
      ministryInvolvement: [],
      ministryRole: [],
    };
    if (text.has("fullName")) Object.assign(draft, splitFullName(value("fullName")));
    for (const key of TEXT_FIELDS) if (text.has(key)) draft[key] = value(key);

    if (text.has("mobile")) {
      const { countryCode, mobile } = splitMobile(value("mobile"));
      draft.mobile = mobile;
      if (countryCode) draft.countryCode = countryCode;
    }
    for (const key of Object.keys(CHOICES) as (keyof typeof CHOICES)[]) {
      const written = value(key);
      if (!written) continue;
      const chosen = CHOICES[key].match(written);
      if (chosen) draft[key] = chosen;
      else if (key === "countryCode") {
        // Without its code a mobile number (required) is not known: +973 would make it another's.
        problem(key, `Unknown country code “${written}”: use ${CHOICES[key].hint}.`);
      } else {
        leaveEmpty(
          key,
          `Unknown ${MEMBER_FIELDS[key].noun} “${written}”: use ${CHOICES[key].hint}.${leftAs(key)}`,
        );
      }
    }
    for (const key of DATE_FIELDS) {
      const written = value(key);
      if (!written) continue;
      const read = readSheetDate(written);
      if ("date" in read) draft[key] = read.date;
      else
        leaveEmpty(
          key,
          `${MEMBER_FIELDS[key].label}: ${sheetDateProblem(written, read.problem)} Left empty.`,
        );
    }
    draft.ministryInvolvement = splitList(value("ministryInvolvement")).flatMap((name) => {
      const slug = ministryBySpelling.get(looseKey(name)) ?? chosenMinistry.get(looseKey(name));
      if (slug) return [slug];
      unknownMinistries.push(name);
      leaveEmpty("ministryInvolvement", `Unknown ministry “${name}”: left out.`);
      return [];
    });
    draft.ministryRole = splitList(value("ministryRole")).flatMap((name) => {
      const role = roleBySpelling.get(looseKey(name));
      if (!role) leaveEmpty("ministryRole", `Unknown ministry role “${name}”: left out.`);
      return role ? [role] : [];
    });
    // A sheet with a spouse or a wedding day but no marital status (the anniversaries export)
    // describes a married member; the schema would otherwise drop both.
    if (
      !draft.maritalStatus &&
      !text.get("maritalStatus") &&
      (draft.spouseName || draft.weddingAnniversary)
    ) {
      draft.maritalStatus = "Married";
    }

    // Checked as the form checks it. An optional detail the form refuses (a nickname too long) is
    // left out and the rest checked again; a required one skips the row.
    let parsed = schema.safeParse(draft);
    const reported = new Set(problems.map((item) => item.field));
    const skipping = new Set(problems.filter((item) => !item.leftEmpty).map((item) => item.field));
    for (let tries = 0; !parsed.success && tries < 2; tries++) {
      let leftOut = false;
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0] ?? "");
        const key = importKeyOf(path, text);
        if (isMemberField(path) && !isRequiredField(path) && draft[path] !== undefined) {
          delete draft[path];
          leftOut = true;
          if (!(key && reported.has(key))) leaveEmpty(key, `${issue.message} Left empty.`);
        } else if (!(key && skipping.has(key))) {
          skipping.add(key);
          problem(key, issue.message);
        }
        reported.add(key);
      }
      if (!leftOut) break;
      parsed = schema.safeParse(draft);
    }
    const isSkipped = problems.some((item) => !item.leftEmpty);
    const member = parsed.success && !isSkipped ? parsed.data : null;
    return { row, member, problems, unknownMinistries };
  };
}

function isMemberField(name: string): name is MemberFieldName {
  return Object.hasOwn(MEMBER_FIELDS, name);
}

function isRequiredField(name: MemberFieldName): boolean {
  const item = MEMBER_FIELDS[name];
  return "required" in item && item.required === true;
}

/** What an unreadable choice becomes: nothing, or the field's default ("Active"). */
function leftAs(key: Exclude<keyof typeof CHOICES, "countryCode">): string {
  const item = MEMBER_FIELDS[key];
  if (!("default" in item) || item.default === undefined) return " Left empty.";
  const choice = item.options.find(
    (option) => (typeof option === "string" ? option : option.value) === item.default,
  );
  const label = typeof choice === "object" ? choice.label : item.default;
  return ` Left empty, so ${label}.`;
}

/** The column a schema message belongs to: a name part read from the full name belongs to it. */
function importKeyOf(path: string, text: Map<ImportFieldKey, string>): ImportFieldKey | null {
  if (!isImportField(path)) return null;
  if (["firstName", "middleName", "lastName"].includes(path) && !text.has(path) && text.has("fullName"))
    return "fullName";
  return path;
}

/** True for a row with nothing in any cell (it is passed over, and not counted). */
export function isEmptyRow(cells: readonly string[]): boolean {
  return cells.every((cell) => String(cell ?? "").trim() === "");
}

/** A ministry the sheet names that is not one of ours, with how many rows name it. */
export interface UnknownMinistry {
  /** As first written in the sheet. */
  name: string;
  /** Its loose key, which staff's choice is kept under. */
  key: string;
  rows: number;
}

export interface ImportCheck {
  rows: CheckedRow[];
  /** Rows with anything in them. */
  total: number;
  /** Rows that will be imported, `withEmptyCells` of them without a detail that could not be read. */
  ready: number;
  withEmptyCells: number;
  skipped: number;
  /** Ministries no choice was made for, in the order the sheet first names them. */
  unknownMinistries: UnknownMinistry[];
}

/** Every row of a sheet checked, duplicates included: what an import of it would do. */
export function checkImportRows(
  sheet: readonly (readonly string[])[],
  mapping: ColumnMapping,
  ministries: Vocabulary,
  existing: readonly ExistingMember[],
  ministryChoices: MinistryChoices = {},
): ImportCheck {
  const checkRow = makeRowChecker(ministries, ministryChoices);
  const rows: CheckedRow[] = [];
  sheet.forEach((cells, index) => {
    // Row 1 holds the column names, so the first data row is row 2, as the spreadsheet shows it.
    if (!isEmptyRow(cells)) rows.push(checkRow(cells, mapping, index + 2));
  });
  markDuplicates(rows, existing);
  const unknown = new Map<string, UnknownMinistry>();
  for (const row of rows) {
    for (const key of new Set(row.unknownMinistries.map(looseKey))) {
      const seen = unknown.get(key);
      if (seen) seen.rows++;
      else
        unknown.set(key, {
          name: row.unknownMinistries.find((name) => looseKey(name) === key)!,
          key,
          rows: 1,
        });
    }
  }
  const ready = rows.filter((row) => row.member);
  return {
    rows,
    total: rows.length,
    ready: ready.length,
    withEmptyCells: ready.filter((row) => row.problems.length > 0).length,
    skipped: rows.length - ready.length,
    unknownMinistries: [...unknown.values()],
  };
}
