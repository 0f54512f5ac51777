import type { PublicEvent } from "~/server/content/events.server";

// What the page of one event shows: the event as its loader sends it, and the page's texts.

export const texts = {
  notFoundTitle: "Event Not Found",
  notFoundText: "Sorry, we couldn't find that event. It may have been removed, or the link may be mistyped.",
  back: "Back to All Events",
  register: "Register for This Event",
  registerDescription: "Let us know you are coming. We will keep your details only for this event.",
  errorToast: "Error fetching event",
  errorText: "We could not load this event just now. Please try again in a moment.",
  pastNotice: "This event has already taken place, so registration is closed.",
  closedNotice: "Registration for this event has closed.",
  fullNotice:
    "This event is full. You can still register to join the waitlist: if a seat frees up, it goes to the first person waiting, who is told by e-mail.",
  gone: "This event is no longer available.",
};

export const REGISTER_PARAM = "register";

export type ShownEvent = Omit<PublicEvent, "registrationDeadline"> & {
  imageSrc: string;
  /** When registration closes, written out; null for no deadline. */
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
};
