import { z } from "zod";
import { LIMITS, optionalEmail, optionalMobile, optionalText } from "./public-forms";

// "Ask to join" a group from the group finder (issue 37): a name, an e-mail address or a mobile
// number (at least one, so the leaders can answer), and a message. Re-checked by the action.

/** A closed or deleted group's answer: the server refuses with it and the page shows it. */
export const GROUP_CLOSED =
  "This group is not taking new members through the website just now. Please choose another group, or send us a message from the Connect page.";

const CONTACT_NEEDED = "Please enter your e-mail or your mobile number, so the leaders can reply.";

export const groupJoinSchema = z
  .object({
    name: z
      .string({ error: "Please enter your name." })
      .trim()
      .min(1, "Please enter your name.")
      .max(LIMITS.name, `Please keep the name under ${LIMITS.name} characters.`),
    email: optionalEmail(),
    mobile: optionalMobile(),
    message: optionalText(LIMITS.message, `Please keep the message under ${LIMITS.message} characters.`),
  })
  .superRefine((value, ctx) => {
    if (value.email === "" && value.mobile === "") {
      ctx.addIssue({ code: "custom", path: ["email"], message: CONTACT_NEEDED });
    }
  });

export type GroupJoinInput = z.output<typeof groupJoinSchema>;
