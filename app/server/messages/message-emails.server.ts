import { formatDateLong, formatDateTime, formatTimeRange } from "~/lib/format";
import type { SiteContent } from "../site/site-content.server";
import { eventCalendar, eventTimes, type CalendarEvent } from "../content/event-calendar.server";
import QRCode from "qrcode";
import { cancelLink, checkInCode } from "../people/registration-links.server";
import { renderEmail, subjectLine, type EmailPieces } from "./email-layout.server";
import { effectivePreferences, wantsToHear } from "./notification-preferences.server";
import { countRecentEmails, isSendableAddress, queueEmail, type Executor } from "./outbox.server";

// What a message that came in through a public form sends: a confirmation to the person (when
// they gave an address, at most a few an hour to one address) and a notification to each staff
// member who asked to be told. Queued with the caller's transaction, so the message and its
// e-mails are kept together or not at all.
//
// Anyone can type anyone's address into a public form, so a confirmation says only what the
// church received (a message, a sign-up for a ministry, a registration for an event) and never
// repeats what the sender typed, not even the name: the church's mail server must not carry a
// stranger's words to someone else's inbox. Staff notifications carry everything.

export type IncomingMessage =
  | { kind: "connect"; name: string; email: string; mobile: string; message: string }
  | {
      kind: "ministry";
      name: string;
      email: string;
      mobile: string;
      ministry: { slug: string; name: string };
    }
  | {
      kind: "event";
      name: string;
      email: string;
      mobile: string;
      message: string | null;
      event: EmailedEvent;
      registration: { id: string; status: "confirmed" | "waitlisted" };
    };

/** The event a registration e-mail is about: what its calendar file is made of. */
export type EmailedEvent = CalendarEvent;

/** Confirmations one address may be sent in an hour; more submissions are kept but not confirmed. */
export const CONFIRMATIONS_PER_HOUR = 3;
const CONFIRMATION_KINDS = ["confirmation.connect", "confirmation.ministry", "confirmation.event"];

/**
 * The greeting a confirmation uses where a text written before this rule says {name}: the
 * person's typed name is never sent back (see the top of this file).
 */
export const CONFIRMATION_GREETING_NAME = "friend";

/** Said under every confirmation: whoever receives one without having written can let it be. */
export const NOT_YOU =
  "If you did not write to us, someone may have typed your address by mistake: you can ignore this e-mail.";

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(name|ministry|event)\}/g, (whole, key: string) => values[key] ?? whole);

function eventDetails(event: EmailedEvent): [string, string][] {
  return [
    ["Event", event.title],
    ["Date", formatDateLong(event.eventDate)],
    ["Time", formatTimeRange(event.eventTime, event.eventEndTime)],
    ["Place", event.locationName],
  ];
}

/** The calendar file that goes with an event's confirmation. */
function calendarAttachment(event: EmailedEvent, content: SiteContent, origin: string) {
  return {
    filename: "event.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: Buffer.from(eventCalendar(event, content, origin)).toString("base64"),
  };
}

const CHECK_IN_CID = "check-in-code";

/**
 * The QR code a registrant shows at the door: it holds the address of the event's check-in page
 * for this registration, which a staff member's phone camera opens.
 */
async function checkInPicture(eventId: string, registrationId: string, origin: string) {
  const url = `${origin}/members/events/${eventId}/check-in?code=${checkInCode(registrationId)}`;
  const png = await QRCode.toBuffer(url, { type: "png", width: 400, margin: 2, errorCorrectionLevel: "M" });
  return {
    piece: {
      cid: CHECK_IN_CID,
      alt: "Check-in QR code",
      caption: "Show this code at the door to check in quickly.",
    },
    attachment: {
      filename: "check-in.png",
      contentType: "image/png",
      content: png.toString("base64"),
      cid: CHECK_IN_CID,
    },
  };
}

/** Tells someone on the waitlist that a seat is now theirs (a cancellation, or more seats). */
export async function queueSeatFreedEmail(
  executor: Executor,
  registration: { id: string; email: string; event: EmailedEvent },
  content: SiteContent,
  origin: string,
): Promise<void> {
  if (!isSendableAddress(registration.email)) return;
  const { event } = registration;
  const subject = `A seat is yours: ${event.title}`;
  const qr = await checkInPicture(event.id, registration.id, origin);
  await queueEmail(executor, {
    kind: "confirmation.event-seat",
    to: registration.email,
    expiresAt: eventTimes(event).end,
    ...renderEmail(content, subject, {
      heading: subject,
      paragraphs: [
        `A seat has freed up at ${event.title}, and it is yours: you are now registered. If you can no longer come, please cancel, so the seat goes to the next person waiting.`,
        NOT_YOU,
      ],
      details: eventDetails(event),
      action: { label: "Map", href: event.googleMapsUrl },
      links: [{ label: "Cancel my registration", href: cancelLink(origin, event.id, registration.id) }],
      picture: qr.piece,
    }),
    attachments: [calendarAttachment(event, content, origin), qr.attachment],
  });
}

function confirmation(
  message: IncomingMessage,
  content: SiteContent,
  origin: string,
  picture?: EmailPieces["picture"],
) {
  const { emails } = content;
  const values = {
    name: CONFIRMATION_GREETING_NAME,
    ministry: message.kind === "ministry" ? message.ministry.name : "",
    event: message.kind === "event" ? message.event.title : "",
  };
  const [subjectTemplate, textTemplate] =
    message.kind === "connect"
      ? [emails.connectSubject, emails.connectText]
      : message.kind === "ministry"
        ? [emails.ministrySubject, emails.ministryText]
        : [emails.eventSubject, emails.eventText];
  const paragraphs = [...fill(textTemplate, values).split(/\n\s*\n/), NOT_YOU];
  const pieces: EmailPieces = { heading: fill(subjectTemplate, values), paragraphs };
  if (message.kind === "connect") {
    pieces.details = [["Received", `Your message through our website, ${formatDateTime(new Date())}`]];
  } else if (message.kind === "ministry") {
    pieces.details = [["Ministry", message.ministry.name]];
    pieces.action = {
      label: `About ${message.ministry.name}`,
      href: `${origin}/ministries/${message.ministry.slug}`,
    };
  } else {
    const { event, registration } = message;
    if (registration.status === "waitlisted") {
      const subject = `You are on the waitlist: ${event.title}`;
      return renderEmail(content, subject, {
        heading: subject,
        paragraphs: [
          `${event.title} is full, so you are on its waitlist. If a seat frees up, it goes to the first person waiting, and we will e-mail you at once.`,
          NOT_YOU,
        ],
        details: eventDetails(event),
        links: [{ label: "Leave the waitlist", href: cancelLink(origin, event.id, registration.id) }],
      });
    }
    pieces.details = eventDetails(event);
    pieces.action = { label: "Map", href: event.googleMapsUrl };
    pieces.links = [{ label: "Cancel my registration", href: cancelLink(origin, event.id, registration.id) }];
    pieces.picture = picture;
  }
  return renderEmail(content, fill(subjectTemplate, values), pieces);
}

function staffNotification(message: IncomingMessage, content: SiteContent, origin: string) {
  const what =
    message.kind === "connect"
      ? "New message"
      : message.kind === "ministry"
        ? `New sign-up for ${message.ministry.name}`
        : `New registration for ${message.event.title}`;
  const details: [string, string][] = [
    ["Name", message.name],
    ["E-mail", message.email],
    ["Mobile", message.mobile],
  ];
  if (message.kind === "connect") details.push(["Message", message.message]);
  if (message.kind === "event" && message.message) details.push(["Message", message.message]);
  return renderEmail(content, `${what} from ${message.name}`, {
    heading: what,
    paragraphs: ["It is waiting in the members area's inbox."],
    details,
    action: { label: "Open the inbox", href: `${origin}/members/messages` },
  });
}

/** The staff addresses told at once about `message` (see notification-preferences.server.ts). */
async function staffRecipients(executor: Executor, message: IncomingMessage): Promise<string[]> {
  const ministry = message.kind === "ministry" ? message.ministry.slug : undefined;
  return (await effectivePreferences(executor))
    .filter((staff) => staff.frequency === "immediate" && wantsToHear(staff, message.kind, ministry))
    .map((staff) => staff.email);
}

/** Queues the confirmation and the staff notifications of a message that just came in. */
export async function queueMessageEmails(
  executor: Executor,
  sent: IncomingMessage,
  content: SiteContent,
  origin: string,
): Promise<void> {
  // A name is one line wherever it is shown (a typed line break cannot start a new line).
  const message = { ...sent, name: subjectLine(sent.name) };
  const hourAgo = new Date(Date.now() - 3600_000);
  // An address the outbox would not take gets no confirmation; the message itself is kept.
  if (
    isSendableAddress(message.email) &&
    (await countRecentEmails(executor, message.email, CONFIRMATION_KINDS, hourAgo)) < CONFIRMATIONS_PER_HOUR
  ) {
    const seat = message.kind === "event" && message.registration.status === "confirmed";
    const qr = seat ? await checkInPicture(message.event.id, message.registration.id, origin) : null;
    await queueEmail(executor, {
      kind: `confirmation.${message.kind}`,
      to: message.email,
      // A confirmation or waitlist e-mail about an event means nothing once the event is over.
      ...(message.kind === "event" ? { expiresAt: eventTimes(message.event).end } : {}),
      ...confirmation(message, content, origin, qr?.piece),
      attachments: seat && qr ? [calendarAttachment(message.event, content, origin), qr.attachment] : [],
    });
  }
  const notification = staffNotification(message, content, origin);
  for (const to of await staffRecipients(executor, message)) {
    await queueEmail(executor, { kind: `notification.${message.kind}`, to, ...notification });
  }
}
