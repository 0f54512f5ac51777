import {
  BIBLE_STUDY_GROUPS,
  CHURCH_POSITIONS,
  COUNTRY_CODES,
  GENDERS,
  MARITAL_STATUSES,
  MEMBERSHIP_STATUSES,
  type Choice,
} from "~/content/member-options";
import { MEMBER_LANGUAGES } from "~/schemas/member-fields";
import { looseKey } from "./member-import-cells";

// Reading a sheet's written choice (a gender, a status, a country code) as the form's value, with
// the other ways people write it.

/** A choice matched loosely by its value or label, plus other ways to write it. */
function choiceMatcher(choices: readonly (string | Choice)[], extra: Record<string, string> = {}) {
  const byKey = new Map<string, string>();
  for (const choice of choices) {
    const { value, label } = typeof choice === "string" ? { value: choice, label: choice } : choice;
    byKey.set(looseKey(value), value);
    byKey.set(looseKey(label), value);
  }
  for (const [written, value] of Object.entries(extra)) byKey.set(looseKey(written), value);
  const labels = choices.map((choice) => (typeof choice === "string" ? choice : choice.label));
  return {
    match: (text: string) => byKey.get(looseKey(text)),
    /** "Active, Inactive, Left or Transferred". */
    hint: `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`,
  };
}

export const CHOICES = {
  gender: choiceMatcher(GENDERS, { M: "Male", F: "Female" }),
  maritalStatus: choiceMatcher(MARITAL_STATUSES),
  bibleStudyGroup: choiceMatcher(BIBLE_STUDY_GROUPS, { 1: "Group 1", 2: "Group 2", 3: "Group 3" }),
  churchPosition: choiceMatcher(CHURCH_POSITIONS),
  membershipStatus: choiceMatcher(MEMBERSHIP_STATUSES),
  countryCode: choiceMatcher(COUNTRY_CODES, { "00973": "+973", "0063": "+63" }),
  // The language for e-mails (issue 39): "Tagalog" and the codes read as the site's two.
  language: choiceMatcher(MEMBER_LANGUAGES, { Tagalog: "fil", Pilipino: "fil", tl: "fil", eng: "en" }),
} as const;
