import type { ActionResult } from "./action-result";

/** An account's state on the staff-accounts screen. */
export type StaffStatus = "disabled" | "invited" | "must-change-password" | "active";

export const STATUS_LABELS: Record<StaffStatus, string> = {
  active: "Active",
  disabled: "Disabled",
  invited: "Invited",
  "must-change-password": "Must change password",
};

/** One account as the staff-accounts screens show it: dates already written in the church's time. */
export interface StaffAccountView {
  id: string;
  name: string;
  email: string;
  /** The role's key (built-in) or id (the church's own). */
  role: string;
  roleName: string;
  /** The role reaches only what belongs to the account's ministries. */
  ministryOnly: boolean;
  /** The ministries (slugs) the account looks after. */
  ministries: string[];
  /** The member of the registry the account belongs to, when linked. */
  memberId: string | null;
  status: StaffStatus;
  /** "Link expires Nov 26, 2026, 3:05 PM", "The invitation link expired …": for invitations not accepted yet. */
  statusNote: string | null;
  twoFactorEnabled: boolean;
  /** Null: never signed in. */
  lastSignIn: string | null;
  addedOn: string;
  /** The admin looking at the screen. */
  isSelf: boolean;
  /** The only admin who can sign in: it cannot be disabled, demoted or deleted. */
  isLastActiveAdmin: boolean;
}

/** A link to choose a password, shown to the admin when e-mail is not set up to send it. */
export interface InvitationLinkView {
  name: string;
  email: string;
  url: string;
  expires: string;
}

/** What the staff screens' actions answer: the usual answer, and a link when one is to be passed on. */
export type StaffActionResult = ActionResult & {
  invitation?: InvitationLinkView;
  /** A password reset link an admin made (recovery without e-mail), shown this once. */
  resetLink?: InvitationLinkView;
  /** The account just added, and the member of the registry with its e-mail address (to link). */
  added?: { id: string; name: string; memberMatch: string | null };
};

/** A role as the choice shows it: its name and what it may do in plain words. */
export interface RoleOption {
  key: string;
  name: string;
  description: string;
  /** One of the four that come with the site (the church's own roles follow them). */
  builtIn: boolean;
}
