import { translator, type Locale } from "~/lib/i18n";
import { MAX_BLOCKOUT_REASON, MAX_DECLINE_REASON } from "~/schemas/serving";
import { answerTexts } from "~/server/rosters/answers.server";
import { blockoutTexts, MAX_BLOCKOUTS } from "~/server/rosters/volunteer.server";

// The volunteers' pages' actions (issue 39): the server's refusals of what was typed, which it
// words in English, said again in the page's language.

/** The server's refusals of what was typed (a reason, days away), in the page's language. */
export function fieldMessage(locale: Locale, message: string): string {
  // English is the server's own wording, word for word.
  if (locale === "en") return message;
  const t = translator(locale);
  switch (message) {
    case answerTexts.reasonTooLong:
      return t("serve.reasonTooLong", { max: MAX_DECLINE_REASON });
    case blockoutTexts.reason:
      return t("serve.reasonTooLong", { max: MAX_BLOCKOUT_REASON });
    case blockoutTexts.from:
      return t("serve.blockout.from");
    case blockoutTexts.to:
      return t("serve.blockout.to");
    case blockoutTexts.past:
      return t("serve.blockout.past");
    case blockoutTexts.order:
      return t("serve.blockout.order");
    case blockoutTexts.far:
      return t("serve.blockout.far");
    case blockoutTexts.many:
      return t("serve.blockout.many", { max: MAX_BLOCKOUTS });
    default:
      return message;
  }
}
