import type { Choice } from "~/content/member-options";
import type { MemberChild } from "~/schemas/member-fields";
import { UPDATE_LINK_DAYS } from "~/schemas/own-details";
import type { CONSENT_KINDS } from "~/server/people/consents.server";
import type { ClosedLink } from "~/server/people/update-links.server";

// What the update-form page shows: its texts and the states its loader and action answer.

export const texts = {
  title: "Update My Details",
  thanks: "Thank you. The church office will review your changes.",
  unchanged: "Nothing changed: your details are the same as the church has them. Your link still works.",
  fix: "Please check the fields marked below. Nothing has been sent yet.",
  closed: {
    invalid:
      "This link is not valid. Please open the link from your e-mail exactly as it is, or ask for a new one.",
    expired: `This link has expired: each link works for ${UPDATE_LINK_DAYS} days. Please ask for a new one.`,
    used: "This link has already been used: each link works once. To change something else, please ask for a new one.",
  } satisfies Record<ClosedLink, string>,
  consentsSaved: "Your consents are saved.",
  consentsSame: "Your consents are as they were: nothing to save.",
  registryWithdrawn:
    "You withdrew your consent to the member registry. The church office is told, and will erase your record or contact you about it.",
  digestConsent: "Send me the weekly digest: a Monday e-mail with the week's events and the newest sermons.",
  digestNeedsEmail: "It comes only while the church e-mails box above is ticked too.",
  askAgain:
    "Enter your e-mail address on the Update My Details page, or ask the church office for a QR code.",
};

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
      errors: Record<string, string>;
      notice: "unchanged" | "fix" | "consents-saved" | "consents-same" | "registry-withdrawn" | null;
      /** Empty rows offered for new children. */
      newRows: number;
    };

export type Consents = Record<(typeof CONSENT_KINDS)[number], boolean>;
/** The consents' wording (the privacy notice section's), as the registration form shows it too. */
export type ConsentTexts = { registry: string; email: string };

/** The page while the link is open: the member's details in a form. */
export type OpenView = Extract<View, { state: "open" }>;
