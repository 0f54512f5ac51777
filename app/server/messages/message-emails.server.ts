import { dateLongIn, momentIn } from "~/lib/dates-in-language";
import { formatDateTime, formatTimeRange } from "~/lib/format";
import { localePath, translator, type Locale, type Translate } from "~/lib/i18n";
import { EMAILS_SECTION } from "~/schemas/site-sections";
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
//
// A confirmation is written in the language of the page the person used (issue 39), its links
// leading to that language's pages; staff notifications stay English.

export type IncomingMessage = (
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
    }
) & {
  /** The language the person wrote in: their confirmation's (English when not given). */
  language?: Locale;
};

/** The event a registration e-mail is about: what its calendar file is made of. */
export type EmailedEvent = CalendarEvent;

/** Confirmations one address may be sent in an hour; more submissions are kept but not confirmed. */
export const CONFIRMATIONS_PER_HOUR = 3;
const CONFIRMATION_KINDS = ["confirmation.connect", "confirmation.ministry", "confirmation.event"];

// Where a text written before this rule says {name}, a confirmation greets a "friend"
// (email.confirm.friend): the person's typed name is never sent back (see the top of this file).
// Under every confirmation, email.confirm.notYou: whoever receives one without having written
// can let it be.

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(name|ministry|event)\}/g, (whole, key: string) => values[key] ?? whole);

type EmailTexts = SiteContent["emails"];
const TEXT_KEYS = [
  "connectSubject",
  "connectText",
  "ministrySubject",
  "ministryText",
  "eventSubject",
  "eventText",
] as const satisfies readonly (keyof EmailTexts)[];

/**
 * The confirmation texts staff edit (Website > Confirmation e-mails) in a language, with {name},
 * {ministry} and {event} filled in. A language whose texts staff have not translated yet reads the
 * site's own wording in it, not the English one.
 */
function confirmationTexts(content: SiteContent, locale: Locale, values: Record<string, string>): EmailTexts {
  const translated = locale === "en" || !content.englishOnly.includes(EMAILS_SECTION.id);
  const t = translator(locale);
  const texts = {} as EmailTexts;
  for (const key of TEXT_KEYS) {
    texts[key] = translated ? fill(content.emails[key], values) : t(`email.confirm.${key}`, values);
  }
  return texts;
}

function eventDetails(event: EmailedEvent, locale: Locale, t: Translate): [string, string][] {
  return [
    [t("email.confirm.event"), event.title],
    [t("email.confirm.date"), dateLongIn(locale, event.eventDate)],
    [t("email.confirm.time"), formatTimeRange(event.eventTime, event.eventEndTime)],
    [t("email.confirm.place"), event.locationName],
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
async function checkInPicture(eventId: string, registrationId: string, origin: string, t: Translate) {
  const url = `${origin}/members/events/${eventId}/check-in?code=${checkInCode(registrationId)}`;
  const png = await QRCode.toBuffer(url, { type: "png", width: 400, margin: 2, errorCorrectionLevel: "M" });
  return {
    piece: {
      cid: CHECK_IN_CID,
      alt: t("email.confirm.qrAlt"),
      caption: t("email.confirm.qrCaption"),
    },
    attachment: {
      filename: "check-in.png",
      contentType: "image/png",
      content: png.toString("base64"),
      cid: CHECK_IN_CID,
    },
  };
}

/**
 * Tells someone on the waitlist that a seat is now theirs (a cancellation, or more seats), in the
 * language they registered in.
 */
export async function queueSeatFreedEmail(
  executor: Executor,
  registration: { id: string; email: string; event: EmailedEvent; language?: Locale },
  content: SiteContent,
  origin: string,
): Promise<void> {
  if (!isSendableAddress(registration.email)) return;
  const { event } = registration;
  const locale = registration.language ?? "en";
  const t = translator(locale);
  const subject = t("email.confirm.seatSubject", { event: event.title });
  const qr = await checkInPicture(event.id, registration.id, origin, t);
  await queueEmail(executor, {
    kind: "confirmation.event-seat",
    to: registration.email,
    expiresAt: eventTimes(event).end,
    ...renderEmail(content, subject, {
      heading: subject,
      paragraphs: [t("email.confirm.seatText", { event: event.title }), t("email.confirm.notYou")],
      details: eventDetails(event, locale, t),
      action: { label: t("email.confirm.map"), href: event.googleMapsUrl },
      links: [
        { label: t("email.confirm.cancel"), href: cancelLink(origin, event.id, registration.id, locale) },
      ],
      picture: qr.piece,
      lang: locale,
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
  const locale = message.language ?? "en";
  const t = translator(locale);
  const values = {
    name: t("email.confirm.friend"),
    ministry: message.kind === "ministry" ? message.ministry.name : "",
    event: message.kind === "event" ? message.event.title : "",
  };
  const texts = confirmationTexts(content, locale, values);
  const [subject, text] =
    message.kind === "connect"
      ? [texts.connectSubject, texts.connectText]
      : message.kind === "ministry"
        ? [texts.ministrySubject, texts.ministryText]
        : [texts.eventSubject, texts.eventText];
  const paragraphs = [...text.split(/\n\s*\n/), t("email.confirm.notYou")];
  const pieces: EmailPieces = { heading: subject, paragraphs, lang: locale };
  if (message.kind === "connect") {
    const when = locale === "en" ? formatDateTime(new Date()) : momentIn(locale, new Date());
    pieces.details = [[t("email.confirm.received"), t("email.confirm.receivedValue", { when })]];
  } else if (message.kind === "ministry") {
    pieces.details = [[t("email.confirm.ministry"), message.ministry.name]];
    pieces.action = {
      label: t("email.confirm.aboutMinistry", { ministry: message.ministry.name }),
      href: `${origin}${localePath(locale, `/ministries/${message.ministry.slug}`)}`,
    };
  } else {
    const { event, registration } = message;
    const cancel = cancelLink(origin, event.id, registration.id, locale);
    if (registration.status === "waitlisted") {
      const waitlisted = t("email.confirm.waitlistSubject", { event: event.title });
      return renderEmail(content, waitlisted, {
        heading: waitlisted,
        paragraphs: [t("email.confirm.waitlistText", { event: event.title }), t("email.confirm.notYou")],
        details: eventDetails(event, locale, t),
        links: [{ label: t("email.confirm.leaveWaitlist"), href: cancel }],
        lang: locale,
      });
    }
    pieces.details = eventDetails(event, locale, t);
    pieces.action = { label: t("email.confirm.map"), href: event.googleMapsUrl };
    pieces.links = [{ label: t("email.confirm.cancel"), href: cancel }];
    pieces.picture = picture;
  }
  return renderEmail(content, subject, pieces);
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
    const t = translator(message.language ?? "en");
    const qr = seat ? await checkInPicture(message.event.id, message.registration.id, origin, t) : null;
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
