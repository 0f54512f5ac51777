import type { Access } from "~/lib/permissions";

/** The signed-in person, as every loader and action sees them: who did it, and what they may do. */
export interface StaffUser {
  id: string;
  name: string;
  email: string;
  username: string | null;
  /** The role's key (a built-in role) or id (one of the church's own roles). */
  role: string;
  /** The role's name, as screens show it. */
  roleName: string;
  /** What the role gives: a level per permission area, and whether it is limited to ministries. */
  access: Access;
  /** The ministries (slugs) the account looks after; all a limited role reaches. */
  ministries: string[];
  /** The member of the registry the account belongs to, when linked. */
  memberId: string | null;
  twoFactorEnabled: boolean;
  /** Made with a temporary password that must be replaced before anything else. */
  mustChangePassword: boolean;
  /** The session's own id, to tell it apart in the list of sessions. */
  sessionId: string;
}
