import { MEMBER_FIELDS, type MemberFieldName } from "~/schemas/member-fields";
import { looseKey } from "./member-import-cells";

// Importing members from a spreadsheet: the member fields a column can fill, the limits of a file,
// and the guess of which field each column fills from its name (member-import.ts checks the rows).

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
  field("language", ["Language", "Preferred Language", "E-mail Language", "Email Language"]),
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
