import { z } from "zod";
import { FOLLOW_UP_STATUSES } from "~/lib/care";
import { isIsoDate } from "~/lib/dates";

// Care and follow-up (issue 38), the staff side: the addresses of the screens, and the forms that
// start a follow-up by hand and work on one. The server checks every field again before it writes.

export const CARE_PATH = "/members/care";
export const NEW_FOLLOW_UP = "new";
export const followUpPath = (followUpId: string) => `${CARE_PATH}/${followUpId}`;
export const WORKFLOWS_PATH = `${CARE_PATH}/workflows`;
export const NEW_WORKFLOW = "new";
export const workflowPath = (workflowId: string) => `${WORKFLOWS_PATH}/${workflowId}`;

export const CARE_LIMITS = {
  name: 120,
  email: 254,
  mobile: 30,
  reason: 120,
  note: 4000,
  /** How far ahead a due date or a snooze may be. */
  daysAhead: 366,
} as const;

/** A form field that may be missing, as text without spaces around. */
export const field = () =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional id: empty for none, else a uuid (anything else is a hand-made form). */
export const optionalId = (message: string) =>
  field()
    .refine((value) => value === "" || UUID.test(value), message)
    .transform((value) => (value === "" ? null : value));

const date = (message: string) => field().refine((value) => isIsoDate(value), message);

const email = field()
  .refine((value) => value.length <= CARE_LIMITS.email, "That e-mail address is too long.")
  .refine(
    (value) => value === "" || z.email().safeParse(value).success,
    "Please enter a valid e-mail address.",
  );

const mobile = field()
  .refine((value) => value.length <= CARE_LIMITS.mobile, "That mobile number is too long.")
  .refine(
    (value) => value === "" || /^\+?[0-9()\s.-]{6,}$/.test(value),
    "Please enter a valid mobile number.",
  );

const reason = z
  .string({ error: "Please say why they need a follow-up." })
  .trim()
  .min(1, "Please say why they need a follow-up.")
  .max(CARE_LIMITS.reason, `Please keep the reason under ${CARE_LIMITS.reason} characters.`);

const note = field().refine(
  (value) => value.length <= CARE_LIMITS.note,
  `Please keep the note under ${CARE_LIMITS.note} characters.`,
);

/**
 * A follow-up started by hand: a member of the registry (memberId), or someone outside it known
 * by a name and an e-mail address or a mobile number; with a workflow, or an assignee and a day.
 */
export const newFollowUpSchema = z
  .object({
    memberId: optionalId("That member could not be found. Please find them again."),
    name: field().refine(
      (value) => value.length <= CARE_LIMITS.name,
      `Please keep the name under ${CARE_LIMITS.name} characters.`,
    ),
    email,
    mobile,
    reason,
    workflowId: optionalId("Please choose a workflow from the list."),
    assigneeId: optionalId("Please choose who looks after it from the list."),
    dueOn: field().refine((value) => value === "" || isIsoDate(value), "Please enter the due date."),
    note,
  })
  .superRefine((value, context) => {
    if (value.memberId) return;
    if (!value.name) {
      context.addIssue({ code: "custom", path: ["name"], message: "Please enter their name." });
    } else if (!value.email && !value.mobile) {
      context.addIssue({
        code: "custom",
        path: ["email"],
        message: "Please enter their e-mail address or mobile number, so someone can reach them.",
      });
    }
  });

export type NewFollowUpInput = z.output<typeof newFollowUpSchema>;

export const noteSchema = z.object({
  body: z
    .string({ error: "Please write the note." })
    .trim()
    .min(1, "Please write the note.")
    .max(CARE_LIMITS.note, `Please keep the note under ${CARE_LIMITS.note} characters.`),
});

export const statusSchema = z.object({
  status: z.enum(FOLLOW_UP_STATUSES, { error: "Please choose a status from the list." }),
});

export const assigneeSchema = z.object({
  assigneeId: optionalId("Please choose who looks after it from the list."),
});

export const dueSchema = z.object({ dueOn: date("Please enter the due date.") });

export const snoozeSchema = z.object({ snoozedUntil: date("Please enter the day to snooze it to.") });
