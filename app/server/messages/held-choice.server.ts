import { emailKindLabel, type HeldEmailsView } from "~/lib/email-kinds";
import { can } from "~/lib/permissions";
import type { StaffUser } from "../auth/staff-user.server";
import { refusalFor, refuse, reply } from "../http/action-result.server";
import { discardHeldEmails, heldEmails, sendHeldEmails } from "./outbox-admin.server";

// The choice about e-mails held since mail was switched on, offered on the e-mail settings screen
// and on the outbox screen alike: both answer the same two intents here.

export const HELD_INTENTS = ["send-held", "discard-held"] as const;

export function isHeldIntent(intent: unknown): intent is (typeof HELD_INTENTS)[number] {
  return (HELD_INTENTS as readonly unknown[]).includes(intent);
}

/** The held e-mails as the screens show them. */
export async function heldEmailsView(): Promise<HeldEmailsView> {
  const held = await heldEmails();
  return {
    count: held.count,
    kinds: held.kinds.map((kind) => ({ ...kind, label: emailKindLabel(kind.kind) })),
  };
}

const plural = (n: number) => (n === 1 ? "1 e-mail" : `${n} e-mails`);

/** Answers "Send them" or "Discard them"; only an administrator (settings:manage) may choose. */
export async function answerHeldChoice(intent: (typeof HELD_INTENTS)[number], user: StaffUser) {
  if (!can(user, "settings:manage"))
    return refuse(403, {
      title: "Not allowed",
      description: "Only an administrator can choose what happens to them.",
    });
  try {
    if (intent === "send-held") {
      const n = await sendHeldEmails(user);
      return reply({
        title: n ? "Sending them" : "Nothing was held",
        description: n
          ? `${plural(n)} will go out within a minute.`
          : "No e-mails were waiting for a choice.",
      });
    }
    const n = await discardHeldEmails(user);
    return reply({
      title: n ? "Discarded" : "Nothing was held",
      description: n ? `${plural(n)} will never be sent.` : "No e-mails were waiting for a choice.",
    });
  } catch (error) {
    return refusalFor(error, {
      title: "Not done",
      what: "Choosing what happens to held e-mails",
      fallback: "That did not work. Please try again.",
    });
  }
}
