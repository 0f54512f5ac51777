import { z } from "zod";
import type { MemberOptions } from "~/content/member-options";
import { fieldSchema } from "./member";
import { MEMBER_FIELDS, type MemberChild, type MemberDraft } from "./member-fields";

// What a member may change themselves through an update link (privacy issue 23): how to reach
// them, where they live, their children and their ministries. Everything else (names, status,
// roles, position) stays with the church office. Each field is checked as the member form checks it.

/** How long a member's update link works. */
export const UPDATE_LINK_DAYS = 7;

export const OWN_DETAIL_FIELDS = [
  "email",
  "countryCode",
  "mobile",
  "addressBh",
  "addressPh",
  "children",
  "ministryInvolvement",
] as const;

export type OwnDetailField = (typeof OWN_DETAIL_FIELDS)[number];

export interface OwnDetails {
  email: string;
  countryCode: string;
  mobile: string;
  addressBh: string | null;
  addressPh: string | null;
  children: MemberChild[];
  ministryInvolvement: string[];
}

export function isOwnDetailField(value: unknown): value is OwnDetailField {
  return typeof value === "string" && (OWN_DETAIL_FIELDS as readonly string[]).includes(value);
}

/** The update form's schema, made per request because the ministries come from the church's content. */
export function makeOwnDetailsSchema(options: MemberOptions) {
  const shape = Object.fromEntries(
    OWN_DETAIL_FIELDS.map((name) => [name, fieldSchema(MEMBER_FIELDS[name], options)]),
  ) as { [K in OwnDetailField]: z.ZodType<OwnDetails[K]> };
  return z.object(shape).transform((details): OwnDetails => ({
    ...details,
    // A child row left empty is no child.
    children: details.children.filter((child) => child.name || child.birthday || child.gender),
    ministryInvolvement: [...new Set(details.ministryInvolvement)],
  }));
}

/** The update form's fields out of a member form draft (children and ministries included). */
export function ownDetailsDraft(draft: MemberDraft): Record<OwnDetailField, unknown> {
  return Object.fromEntries(OWN_DETAIL_FIELDS.map((name) => [name, draft[name]])) as Record<
    OwnDetailField,
    unknown
  >;
}
