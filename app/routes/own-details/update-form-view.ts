import type { Choice } from "~/content/member-options";
import type { MemberChild, MemberLanguage } from "~/schemas/member-fields";
import type { CONSENT_KINDS } from "~/server/people/consents.server";
import type { ClosedLink } from "~/server/people/update-links.server";

// What the update-form page shows: the states its loader and action answer. Its words are in the
// message files under `update.` (issue 39: the page is in English and in Filipino).

export type Draft = {
  email: string;
  countryCode: string;
  mobile: string;
  addressBh: string;
  addressPh: string;
  children: MemberChild[];
  ministryInvolvement: string[];
};

export type View =
  | { state: ClosedLink }
  | { state: "thanks" }
  | {
      state: "open";
      firstName: string;
      draft: Draft;
      ministries: Choice[];
      /** The consents in force: changed at once with their own button, not through the review. */
      consents: Consents;
      /** The consents' wording, as the privacy notice section has it. */
      consentTexts: ConsentTexts;
      /** The member's language for e-mails (issue 39): changed at once with its own button. */
      language: MemberLanguage;
      errors: Record<string, string>;
      notice:
        | "unchanged"
        | "fix"
        | "consents-saved"
        | "consents-same"
        | "registry-withdrawn"
        | "language-saved"
        | "language-same"
        | null;
      /** Empty rows offered for new children. */
      newRows: number;
    };

export type Consents = Record<(typeof CONSENT_KINDS)[number], boolean>;
/**
 * The consents' wording (the privacy notice section's), as the registration form shows it too;
 * `lang` "en" when the English text stands in on a Filipino page.
 */
export type ConsentTexts = { registry: string; email: string; lang?: "en" };

/** The page while the link is open: the member's details in a form. */
export type OpenView = Extract<View, { state: "open" }>;
