// The church's fixed facts, in one place for a church editor.
// PLACEHOLDER values (marked) were not in the product spec: replace them with the real ones.

export interface Church {
  name: string;
  shortName: string;
  tagline: string;
  /** One sentence used for search results and link previews. */
  summary: string;
  address: string;
  /** The town and ISO country code of the address, for search engines' structured data. */
  addressLocality: string;
  addressCountry: string;
  /**
   * The address's page on a map site. As stored, "" means a map search for the address (or for
   * `mapQuery`), so the link follows the address; the site content always holds the link itself.
   */
  mapsUrl: string;
  phone: string;
  /** With the country code; "" shows no WhatsApp link. */
  whatsapp: string;
  email: string;
  /** What the map on /connect searches for; "" uses the address. */
  mapQuery: string;
  /** Shown after "© {year}" in the footer; "" shows "{name}. All rights reserved." */
  copyright: string;
}

export const church: Church = {
  /** PLACEHOLDER: the church's name. */
  name: "ACTS Church Bahrain",
  shortName: "ACTS Church",
  tagline: "Growing in Faith Together",
  /** One sentence used for search results and link previews. */
  summary:
    "A Christian church community in Bahrain, founded in 2023 for the Filipino community and people of all nationalities.",
  /** PLACEHOLDER: street address (the map link searches for it). */
  address: "Manama, Kingdom of Bahrain",
  addressLocality: "Manama",
  addressCountry: "BH",
  mapsUrl: "",
  /** The spec shows a placeholder phone number. */
  phone: "+973 XXXX XXXX",
  whatsapp: "",
  /** PLACEHOLDER: contact e-mail. */
  email: "info@example.org",
  mapQuery: "",
  copyright: "",
};

export interface SocialLink {
  name: "Facebook" | "Instagram" | "YouTube";
  href: string;
}

/** PLACEHOLDER: the church's three social profiles. */
export const socialLinks: SocialLink[] = [
  { name: "Facebook", href: "https://www.facebook.com/" },
  { name: "Instagram", href: "https://www.instagram.com/" },
  { name: "YouTube", href: "https://www.youtube.com/" },
];

export type Weekday = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

/** A gathering every week at a fixed time: 24-hour "HH:MM" in the church's time zone. */
export interface WeeklyService {
  name: string;
  day: Weekday;
  start: string;
  end: string | null;
}

/** A gathering without a fixed time, shown with a note instead. */
export interface NotedService {
  name: string;
  note: string;
}

export type ServiceTime = WeeklyService | NotedService;

/** The first weekly service is the main worship service the home page invites people to. */
export const serviceTimes: ServiceTime[] = [
  { name: "Worship Service", day: "Friday", start: "15:30", end: "17:30" },
  { name: "Bible Study", day: "Thursday", start: "19:30", end: "22:30" },
  { name: "Prayer Meeting", note: "As scheduled" },
];

/** The spec's static "event item" as the home page shows it: title, date, time, description. */
export interface RecurringItem {
  title: string;
  date: string;
  time: string;
  description: string;
}

/**
 * A home page item as stored. One with a `day` shows "Every {day}" and the start of that day's
 * weekly service in the service times, so it follows them; `date` and `time` are written out only
 * for an item without a day ("Monthly", "Time TBA"), or a day without a service.
 */
export interface HomeItem {
  title: string;
  day: Weekday | "";
  date: string;
  time: string;
  description: string;
}

/** With today's service times: "Every Friday" 3:30 PM, "Every Thursday" 7:30 PM, as the spec says. */
export const homeUpcoming: HomeItem[] = [
  {
    title: "Friday Service",
    day: "Friday",
    date: "",
    time: "",
    description: "Worship, prayer and the preaching of God's Word. Everyone is welcome.",
  },
  {
    title: "Bible Study",
    day: "Thursday",
    date: "",
    time: "",
    description: "Open the Scriptures together in small groups and grow in understanding.",
  },
  {
    title: "Hospital Visitation",
    day: "",
    date: "Monthly",
    time: "Time TBA",
    description: "Bring comfort, prayer and encouragement to patients and their families.",
  },
];
