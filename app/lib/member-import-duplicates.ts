import { looseKey, phoneKey } from "./member-import-cells";
import { fullName } from "./names";

// Finding the rows of an import that repeat a member already registered, or an earlier row.

/** A live member, as the duplicate check compares them. */
export interface ExistingMember {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string;
  countryCode: string;
  mobile: string;
  birthday: string | null;
}

type Identity = Pick<
  ExistingMember,
  "firstName" | "lastName" | "email" | "countryCode" | "mobile" | "birthday"
>;

/** A row of the import as the check reads it, and marks it with a problem when it repeats someone. */
interface RowToCheck<Field> {
  row: number;
  member: Identity | null;
  problems: { field: Field | null; message: string; existingMember?: { id: string; name: string } }[];
}

/** The three ways a row can repeat a member: e-mail, mobile number, or name and birthday. */
function identityKeys(member: Identity) {
  return {
    email: member.email.trim().toLowerCase(),
    mobile: phoneKey(member.countryCode, member.mobile),
    nameBirthday: member.birthday
      ? `${looseKey(member.firstName)}|${looseKey(member.lastName)}|${member.birthday}`
      : "",
  };
}

const SAME = {
  email: { field: "email", words: "Same e-mail as" },
  mobile: { field: "mobile", words: "Same mobile number as" },
  nameBirthday: { field: null, words: "Same name and birthday as" },
} as const;

/**
 * Marks rows that repeat a member already registered (`existing`: the live members, read once) or
 * an earlier row of the file that will be imported. Such rows get a problem and are skipped.
 */
export function markDuplicates<Field extends string>(
  rows: RowToCheck<Field | "email" | "mobile">[],
  existing: readonly ExistingMember[],
): void {
  const known = { email: new Map<string, ExistingMember>(), mobile: new Map(), nameBirthday: new Map() } as {
    [K in keyof typeof SAME]: Map<string, ExistingMember>;
  };
  for (const member of existing) {
    const keys = identityKeys(member);
    for (const kind of Object.keys(SAME) as (keyof typeof SAME)[]) {
      if (keys[kind] && !known[kind].has(keys[kind])) known[kind].set(keys[kind], member);
    }
  }
  const earlier = { email: new Map<string, number>(), mobile: new Map(), nameBirthday: new Map() } as {
    [K in keyof typeof SAME]: Map<string, number>;
  };
  for (const checked of rows) {
    if (!checked.member) continue;
    const keys = identityKeys(checked.member);
    const before = checked.problems.length;
    for (const kind of Object.keys(SAME) as (keyof typeof SAME)[]) {
      const key = keys[kind];
      if (!key) continue;
      const member = known[kind].get(key);
      const row = earlier[kind].get(key);
      if (member) {
        const name = fullName(member);
        checked.problems.push({
          field: SAME[kind].field,
          message: `${SAME[kind].words} ${name}, already a member.`,
          existingMember: { id: member.id, name },
        });
      } else if (row !== undefined) {
        checked.problems.push({ field: SAME[kind].field, message: `${SAME[kind].words} row ${row}.` });
      }
    }
    // Problems it had before (details left empty) do not skip it; a repeat does.
    if (checked.problems.length > before) checked.member = null;
    else
      for (const kind of Object.keys(SAME) as (keyof typeof SAME)[])
        earlier[kind].set(keys[kind], checked.row);
  }
}
