import { z } from "zod";
import { translator, type Translate } from "~/lib/i18n";
import {
  LIMITS,
  messageTooLong,
  nameTooLong,
  optionalEmail,
  optionalMobile,
  optionalText,
} from "./public-forms";

// "Ask to join" a group from the group finder (issue 37): a name, an e-mail address or a mobile
// number (at least one, so the leaders can answer), and a message. Re-checked by the action, with
// its messages in the visitor's language (issue 39).

/** A closed or deleted group's answer: the server refuses with it and the page shows it. */
export const groupClosed = (t: Translate = translator("en")) => t("groups.closed");

export const groupJoinSchema = (t: Translate = translator("en")) =>
  z
    .object({
      name: z
        .string({ error: t("forms.nameRequired") })
        .trim()
        .min(1, t("forms.nameRequired"))
        .max(LIMITS.name, nameTooLong(t)),
      email: optionalEmail(t),
      mobile: optionalMobile(t),
      message: optionalText(LIMITS.message, messageTooLong(t)),
    })
    .superRefine((value, ctx) => {
      if (value.email === "" && value.mobile === "") {
        ctx.addIssue({ code: "custom", path: ["email"], message: t("groups.contactNeeded") });
      }
    });

export type GroupJoinInput = z.output<ReturnType<typeof groupJoinSchema>>;
