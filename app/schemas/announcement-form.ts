import type { Audience, AudiencePart } from "../../database/schema";
import type { AnnouncementDraftInput } from "./announcement";

// The compose screen's form (issue 35) as plain fields, so that it works with scripts off: the
// audience is a set of ticked boxes (all members, ministries, their sign-ups, Bible study and
// SALT groups, saved lists) and one event with the registrants wanted, joined by "any" or "all".

export const EVENT_STATUSES = ["confirmed", "waitlisted", "checked-in"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** The form's fields: one value each, or the ticked values of a group of boxes. */
export interface AnnouncementFormValues {
  subject: string;
  body: string;
  /** "" for none, "event:<id>" or "sermon:<id>". */
  link: string;
  combine: "any" | "all";
  allMembers: boolean;
  ministry: string[];
  signUps: string[];
  bibleStudy: string[];
  salt: string[];
  /** Other groups (ministry teams and the rest) by id. */
  group: string[];
  list: string[];
  event: string;
  eventStatus: EventStatus[];
}

export const EMPTY_FORM: AnnouncementFormValues = {
  subject: "",
  body: "",
  link: "",
  combine: "any",
  allMembers: false,
  ministry: [],
  signUps: [],
  bibleStudy: [],
  salt: [],
  group: [],
  list: [],
  event: "",
  eventStatus: ["confirmed"],
};

const MAX_VALUES = 50;

/** Reads the posted form (each list capped, so a crafted post cannot make the server work hard). */
export function readAnnouncementForm(form: FormData): AnnouncementFormValues {
  const one = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const many = (name: string) =>
    [...new Set(form.getAll(name).filter((value): value is string => typeof value === "string"))]
      .map((value) => value.trim())
      .filter(Boolean)
      .slice(0, MAX_VALUES);
  return {
    subject: one("subject"),
    body: one("body"),
    link: one("link").trim(),
    combine: one("combine") === "all" ? "all" : "any",
    allMembers: one("allMembers") === "on",
    ministry: many("ministry"),
    signUps: many("signUps"),
    bibleStudy: many("bibleStudy"),
    salt: many("salt"),
    group: many("group"),
    list: many("list"),
    event: one("event").trim(),
    eventStatus: many("eventStatus").filter((status): status is EventStatus =>
      (EVENT_STATUSES as readonly string[]).includes(status),
    ),
  };
}

/** The audience the boxes describe (the server's schema then checks it). */
export function audienceOfForm(values: AnnouncementFormValues): Audience {
  const parts: AudiencePart[] = [
    ...(values.allMembers ? [{ kind: "all-members" } as const] : []),
    ...values.ministry.map((slug) => ({ kind: "ministry", slug }) as const),
    ...values.signUps.map((slug) => ({ kind: "sign-ups", slug }) as const),
    ...values.bibleStudy.map((group) => ({ kind: "bible-study", group }) as const),
    ...values.salt.map((group) => ({ kind: "salt", group }) as const),
    ...values.group.map((groupId) => ({ kind: "group", groupId }) as const),
    ...values.list.map((listId) => ({ kind: "list", listId }) as const),
    ...(values.event
      ? [{ kind: "event", eventId: values.event, statuses: values.eventStatus } as const]
      : []),
  ];
  return { combine: values.combine, parts };
}

/** What the server's draft schema reads. */
export function draftOfForm(values: AnnouncementFormValues): AnnouncementDraftInput {
  const [kind, id] = values.link.split(":");
  const link =
    (kind === "event" || kind === "sermon") && id ? { kind: kind as "event" | "sermon", id } : null;
  return {
    subject: values.subject,
    body: values.body,
    link,
    audience: audienceOfForm(values) as AnnouncementDraftInput["audience"],
  };
}

/** A saved announcement's fields, to fill the form. */
export function formOfDraft(draft: {
  subject: string;
  body: string;
  linkKind: string | null;
  linkId: string | null;
  audience: Audience;
}): AnnouncementFormValues {
  const values: AnnouncementFormValues = {
    ...EMPTY_FORM,
    subject: draft.subject,
    body: draft.body,
    link: draft.linkKind && draft.linkId ? `${draft.linkKind}:${draft.linkId}` : "",
    combine: draft.audience.combine,
    ministry: [],
    signUps: [],
    bibleStudy: [],
    salt: [],
    group: [],
    list: [],
  };
  for (const part of draft.audience.parts) {
    if (part.kind === "all-members") values.allMembers = true;
    else if (part.kind === "ministry") values.ministry.push(part.slug);
    else if (part.kind === "sign-ups") values.signUps.push(part.slug);
    else if (part.kind === "bible-study") values.bibleStudy.push(part.group);
    else if (part.kind === "salt") values.salt.push(part.group);
    else if (part.kind === "group") values.group.push(part.groupId);
    else if (part.kind === "list") values.list.push(part.listId);
    // The weekly digest's own audience ("digest") has no box: its page is never a form.
    else if (part.kind === "event") {
      values.event = part.eventId;
      values.eventStatus = part.statuses;
    }
  }
  return values;
}
