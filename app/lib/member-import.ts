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
import { isImportField, type ColumnMapping, type ImportFieldKey } from "./member-import-fields";

export * from "./member-import-fields";

// Importing members from a spreadsheet, the pure part: which member field each column fills
// (guessed from the column names), and what each row would become, with every problem found in
// it, checked with the same schema as the registration form. Written choices are read in
// member-import-choices.ts, repeats of members found in member-import-duplicates.ts. The server
// reads the file, keeps the rows and writes the members (app/server/people/member-import.server.ts).

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
