import type { Ministry } from "./ministries";

// The choices of the member form, exactly as the spec lists them.

export const COUNTRY_CODES = ["+973", "+63"] as const;
export const DEFAULT_COUNTRY_CODE = "+973";

export const GENDERS = ["Male", "Female"] as const;
export const MARITAL_STATUSES = ["Single", "Married", "Widowed"] as const;
export const BIBLE_STUDY_GROUPS = ["Group 1", "Group 2", "Group 3"] as const;

export const CHURCH_POSITIONS = [
  "Acts Pastor",
  "Church Board Chairman",
  "Elder",
  "Deacon",
  "Deaconess",
  "Member",
] as const;
export const DEFAULT_CHURCH_POSITION = "Member";

/** Stored lowercase, shown capitalised. */
export const MEMBERSHIP_STATUSES = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "left", label: "Left" },
  { value: "transferred", label: "Transferred" },
] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number]["value"];
export const DEFAULT_MEMBERSHIP_STATUS: MembershipStatus = "active";

/** One choice of a select or a set of checkboxes: what is stored, and what a person reads. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * The member form's choices that come from the church's content, built on each request from
 * `getSiteContent()` and handed to the browser in loader data: the ministries, and the roles
 * (SG Leader, Asst. SG Leader, and '{short name} Head' for each ministry).
 *
 * A member keeps the values, which outlive a ministry's renaming: a ministry's slug, and a role's
 * key (see database/schema.ts); every screen and export shows the labels.
 */
export interface MemberOptions {
  ministries: Choice[];
  roles: Choice[];
}

export const SG_LEADER_ROLE = "sg-leader";
export const ASST_SG_LEADER_ROLE = "asst-sg-leader";

/** The key of the role of a ministry's head, shown as '{short name} Head'. */
export function headRoleKey(slug: string): string {
  return `head:${slug}`;
}

export function memberOptions(
  ministries: readonly Pick<Ministry, "slug" | "name" | "shortName">[],
): MemberOptions {
  return {
    ministries: ministries.map((ministry) => ({ value: ministry.slug, label: ministry.name })),
    roles: [
      { value: SG_LEADER_ROLE, label: "SG Leader" },
      { value: ASST_SG_LEADER_ROLE, label: "Asst. SG Leader" },
      ...ministries.map((ministry) => ({
        value: headRoleKey(ministry.slug),
        label: `${ministry.shortName} Head`,
      })),
    ],
  };
}

/** The labels of stored values, in their order; a value no choice has any more shows as stored. */
export function labelsOf(values: readonly string[], choices: readonly Choice[]): string[] {
  const labels = new Map(choices.map((choice) => [choice.value, choice.label]));
  return values.map((value) => labels.get(value) ?? value);
}

/** The choice a link names, by its value or (links saved before values were keys) by its label. */
export function choiceFor(text: string, choices: readonly Choice[]): Choice | undefined {
  return choices.find((choice) => choice.value === text) ?? choices.find((choice) => choice.label === text);
}
