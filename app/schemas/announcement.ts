import { z } from "zod";

// What an announcement is made of (issue 35): used by the compose screen and re-checked by the
// server before anything is written.

export const ANNOUNCEMENT_LIMITS = {
  subject: 200,
  body: 20_000,
  parts: 10,
  slug: 100,
  group: 200,
  listName: 80,
} as const;

/** The announcements' screens, and the address of a new one's. */
export const ANNOUNCEMENTS_PATH = "/members/announcements";
export const NEW_ANNOUNCEMENT = "new";
/** The most people the WhatsApp panel lists one by one: beyond that, a group or broadcast list. */
export const WHATSAPP_PEOPLE_MAX = 30;

const slug = z.string().trim().min(1).max(ANNOUNCEMENT_LIMITS.slug);
const group = z.string().trim().min(1).max(ANNOUNCEMENT_LIMITS.group);

export const audiencePartSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("all-members") }),
  z.object({ kind: z.literal("ministry"), slug }),
  z.object({ kind: z.literal("bible-study"), group }),
  z.object({ kind: z.literal("salt"), group }),
  z.object({ kind: z.literal("group"), groupId: z.uuid("Please choose a group.") }),
  z.object({
    kind: z.literal("event"),
    eventId: z.uuid("Please choose an event."),
    statuses: z
      .array(z.enum(["confirmed", "waitlisted", "checked-in"]))
      .min(1, "Please choose which of the event's registrants: confirmed, waitlisted or checked in."),
  }),
  z.object({ kind: z.literal("sign-ups"), slug }),
  z.object({ kind: z.literal("list"), listId: z.uuid("Please choose a saved list.") }),
]);

export const audienceSchema = z.object({
  combine: z.enum(["any", "all"]),
  parts: z
    .array(audiencePartSchema)
    .min(1, "Please choose who receives it: at least one group of people.")
    .max(ANNOUNCEMENT_LIMITS.parts, `Please combine at most ${ANNOUNCEMENT_LIMITS.parts} groups.`),
});

export const announcementDraftSchema = z.object({
  subject: z
    .string({ error: "Please enter a subject." })
    .trim()
    .min(1, "Please enter a subject.")
    .max(
      ANNOUNCEMENT_LIMITS.subject,
      `Please keep the subject under ${ANNOUNCEMENT_LIMITS.subject} characters.`,
    ),
  body: z
    .string({ error: "Please write the message." })
    .trim()
    .min(1, "Please write the message.")
    .max(ANNOUNCEMENT_LIMITS.body, `Please keep the message under ${ANNOUNCEMENT_LIMITS.body} characters.`),
  link: z
    .object({ kind: z.enum(["event", "sermon"]), id: z.uuid("Please choose what to link to.") })
    .nullable()
    .default(null),
  audience: audienceSchema,
});

export type AnnouncementDraftInput = z.input<typeof announcementDraftSchema>;
export type AnnouncementDraft = z.output<typeof announcementDraftSchema>;
