import type { Role } from "~/lib/permissions";

/** The signed-in person, as every loader and action sees them: who did it, and what they may do. */
export interface StaffUser {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: Role;
  twoFactorEnabled: boolean;
  /** Made with a temporary password that must be replaced before anything else. */
  mustChangePassword: boolean;
  /** The session's own id, to tell it apart in the list of sessions. */
  sessionId: string;
}
