import { isIsoDate } from "./dates";

// Reading one spreadsheet cell as a member's value: dates written the ways people write them,
// full names, mobile numbers with their country code, and lists of names. Pure, so the rules are
// unit-tested; the import's row checks (member-import.ts) call these.

/** A date as read from a cell: the YYYY-MM-DD value, or why it could not be read. */
export type SheetDate =
  { date: string } | { problem: "unreadable" } | { problem: "not-a-day" } | { problem: "month-first" };

const MONTH_NAMES = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
/** Every way a month's name is written: whole, in three letters, and 'Sept'. */
const MONTHS = new Map<string, number>([
  ...MONTH_NAMES.map((name, index) => [name, index + 1] as const),
  ...MONTH_NAMES.map((name, index) => [name.slice(0, 3), index + 1] as const),
  ["sept", 9],
]);

/** 'Oct', 'October', 'oct.' -> 10; undefined for anything else ('Octopus' is no month). */
function monthNumber(word: string): number | undefined {
  return MONTHS.get(word.toLowerCase().replace(/\.$/, ""));
}

const WEEKDAY = String.raw`(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+`;
const ISO =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMERIC_DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const DAY_MONTH_YEAR = new RegExp(
  String.raw`^(?:${WEEKDAY})?(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]+\.?),?[\s-]+(\d{4})$`,
  "i",
);
const MONTH_DAY_YEAR = new RegExp(
  String.raw`^(?:${WEEKDAY})?([a-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$`,
  "i",
);

function isoOf(year: number, month: number, day: number): SheetDate {
  const iso = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return isIsoDate(iso) ? { date: iso } : { problem: "not-a-day" };
}

/**
 * A date as people write it in a spreadsheet: 1990-10-03, 03/10/1990 or 3/10/1990 (day first, as
 * in Bahrain), 3.10.1990, "3 Oct 1990", "Wed 3 October 1990", "October 3, 1990". Excel's own date
 * cells arrive as YYYY-MM-DD (the file reader converts them). Two-digit years are not guessed.
 */
export function readSheetDate(text: string): SheetDate {
  const value = text.trim().replace(/\s+/g, " ");
  let match = ISO.exec(value);
  if (match) return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  match = NUMERIC_DAY_FIRST.exec(value);
  if (match) {
    const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    // 10/25/1990 can only be month first: say so rather than guess for the other rows.
    if (second > 12 && first <= 12) return { problem: "month-first" };
    return isoOf(year, second, first);
  }
  match = DAY_MONTH_YEAR.exec(value);
  if (match) {
    const month = monthNumber(match[2]!);
    return month ? isoOf(Number(match[3]), month, Number(match[1])) : { problem: "unreadable" };
  }
  match = MONTH_DAY_YEAR.exec(value);
  if (match) {
    const month = monthNumber(match[1]!);
    return month ? isoOf(Number(match[3]), month, Number(match[2])) : { problem: "unreadable" };
  }
  return { problem: "unreadable" };
}

/** Why a date could not be read, as the preview says it (after the field's name). */
export function sheetDateProblem(text: string, problem: Exclude<SheetDate, { date: string }>["problem"]) {
  switch (problem) {
    case "not-a-day":
      return `“${text}” is not a real date.`;
    case "month-first":
      return `“${text}” has the month first; write dates day first (DD/MM/YYYY) or as YYYY-MM-DD.`;
    case "unreadable":
      return `“${text}” is not a date we can read; write it as DD/MM/YYYY, YYYY-MM-DD or 3 Oct 1990.`;
  }
}

export interface NameParts {
  firstName: string;
  middleName: string;
  lastName: string;
}

/**
 * A full name in one cell, as the site's own exports write it ("Ana Maria Cruz": first, middle,
 * last) or with the surname first ("Cruz, Ana Maria"). One word is a first name only.
 */
export function splitFullName(text: string): NameParts {
  const comma = text.indexOf(",");
  if (comma >= 0) {
    const lastName = text.slice(0, comma).trim().replace(/\s+/g, " ");
    const [firstName = "", ...middle] = text
      .slice(comma + 1)
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return { firstName, middleName: middle.join(" "), lastName };
  }
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? "", middleName: "", lastName: "" };
  return {
    firstName: words[0]!,
    middleName: words.slice(1, -1).join(" "),
    lastName: words.at(-1)!,
  };
}

/** The country codes a mobile number may start with (the member form's choices). */
const KNOWN_CODES = [
  { code: "+973", digits: "973", nationalLength: 8 },
  { code: "+63", digits: "63", nationalLength: 10 },
];

/**
 * A mobile number as written in a sheet, split from its country code when it carries one of the
 * member form's ("+973 3333 4444", "0063 917 123 4567", "97333334444" as exported by a phone):
 * the site's own exports write "+973 33334444". Anything else is kept whole, without a code.
 */
export function splitMobile(text: string): { countryCode: string | null; mobile: string } {
  const value = text.trim();
  const international = /^(?:\+|00)\s*(.*)$/.exec(value);
  if (international) {
    const rest = international[1]!;
    for (const { code, digits } of KNOWN_CODES) {
      if (rest.startsWith(digits)) {
        const mobile = rest
          .slice(digits.length)
          .replace(/^[\s.-]+/, "")
          .trim();
        if (mobile) return { countryCode: code, mobile };
      }
    }
    return { countryCode: null, mobile: value };
  }
  if (/^\d+$/.test(value)) {
    for (const { code, digits, nationalLength } of KNOWN_CODES) {
      if (value.length === digits.length + nationalLength && value.startsWith(digits))
        return { countryCode: code, mobile: value.slice(digits.length) };
    }
  }
  return { countryCode: null, mobile: value };
}

/** The digits of a phone number with its code, to find the same number written differently. */
export function phoneKey(countryCode: string, mobile: string): string {
  const digits = mobile.replace(/\D/g, "").replace(/^0+/, "");
  return digits ? `${countryCode.replace(/\D/g, "")}:${digits}` : "";
}

/** "Amplify (Music), TEE; Yadah" -> ["Amplify (Music)", "TEE", "Yadah"]. */
export function splitList(text: string): string[] {
  return text
    .split(/[,;\n|]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** How names are compared: letters and digits only, lower case ("Asst. SG Leader" = "asst sg leader"). */
export function looseKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}
