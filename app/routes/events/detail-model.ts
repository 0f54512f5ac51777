import type { PublicEvent } from "~/server/content/events.server";

// What the page of one event shows: the event as its loader sends it. The page's words are the
// `events.` messages, in the page's language (issue 39).

export const REGISTER_PARAM = "register";

export type ShownEvent = Omit<PublicEvent, "registrationDeadline"> & {
  imageSrc: string;
  /** When registration closes, written out in the page's language; null for no deadline. */
  closes: string | null;
  /** Seats still free; null when the event has no limit. */
  seatsLeft: number | null;
  /** "Add to Google Calendar" for this event. */
  googleCalendar: string;
  /** The page's own address, for sharing. */
  url: string;
  /** "Every Friday" for a date of a repeating event, and its next dates after this one. */
  repeats: string | null;
  laterDates: { id: string; eventDate: string; eventTime: string }[];
  /**
   * The language of the event's title and description when it is not the page's (English on a
   * Filipino page while the event has no Filipino text): their lang attribute.
   */
  textLang?: "en";
  /** "en" when the description stands in English on a page in another language. */
  aboutLang?: "en";
};
