import type { Actor } from "../platform/change-log.server";
import type { MinistryScope } from "../auth/ministry-scope.server";

// Asking people to serve (issue 36): the contract the schedule screen calls. The volunteers'
// side (links, e-mails, the pages they open) fills it in.

/** A person asked in one batch, with the link to their own page (for WhatsApp when e-mail is not set up). */
export interface AskedPerson {
  memberId: string;
  name: string;
  /** Their mobile with its country code ("+97333123456"), or null. */
  mobile: string | null;
  /** The absolute URL of their own serving page (a signed link made now; shown once). */
  pageUrl: string;
  /** A WhatsApp-ready message listing their dates, with the link last. */
  whatsAppText: string;
}

export interface RequestOutcome {
  /** People asked, and seats asked about. */
  people: number;
  slots: number;
  /** Whether the requests went into the outbox as e-mails (false when e-mail is not set up). */
  emailed: boolean;
  /** Filled when e-mail is not set up, so the head can send each link by WhatsApp. */
  links: AskedPerson[];
}

/**
 * Asks everyone chosen but not yet asked (status draft) in `teamId`'s upcoming seats: the seats
 * become pending, and each person gets one e-mail listing their dates with Accept and Decline
 * links per date. Refuses (AppError 404) a team outside `scope`.
 */
export async function sendRosterRequests(
  actor: Actor,
  scope: MinistryScope,
  teamId: string,
): Promise<RequestOutcome> {
  void actor;
  void scope;
  void teamId;
  throw new Error("sendRosterRequests: not built yet");
}

/** Fresh links to their own page for everyone asked in `teamId`'s upcoming seats (to send by WhatsApp). */
export async function rosterLinksForWhatsApp(scope: MinistryScope, teamId: string): Promise<AskedPerson[]> {
  void scope;
  void teamId;
  throw new Error("rosterLinksForWhatsApp: not built yet");
}
