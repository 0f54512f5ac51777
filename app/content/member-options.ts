import { ministries } from "./ministries";

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

/** SG Leader, Asst. SG Leader, and '{short name} Head' for each ministry. */
export const MINISTRY_ROLES: string[] = [
  "SG Leader",
  "Asst. SG Leader",
  ...ministries.map((ministry) => `${ministry.shortName} Head`),
];

export const MINISTRY_NAMES: string[] = ministries.map((ministry) => ministry.name);
