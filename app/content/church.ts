// The church's fixed facts, in one place for a church editor.
// PLACEHOLDER values (marked) were not in the product spec: replace them with the real ones.

export const church = {
  /** PLACEHOLDER: the church's name. */
  name: "ACTS Church Bahrain",
  shortName: "ACTS Church",
  tagline: "Growing in Faith Together",
  /** One sentence used for search results and link previews. */
  summary:
    "A Christian church community in Bahrain, founded in 2023 for the Filipino community and people of all nationalities.",
  /** PLACEHOLDER: street address and its map link. */
  address: "Manama, Kingdom of Bahrain",
  mapsUrl: "https://www.google.com/maps/search/?api=1&query=Manama%2C+Bahrain",
  /** The spec shows a placeholder phone number. */
  phone: "+973 XXXX XXXX",
  /** PLACEHOLDER: contact e-mail. */
  email: "info@example.org",
} as const;

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

export interface ServiceTime {
  name: string;
  when: string;
}

export const serviceTimes: ServiceTime[] = [
  { name: "Worship Service", when: "Friday 3:30-5:30 PM" },
  { name: "Bible Study", when: "Thursday 7:30-10:30 PM" },
  { name: "Prayer Meeting", when: "As scheduled" },
];

/** The spec's static "event item": title, date, time, description. */
export interface RecurringItem {
  title: string;
  date: string;
  time: string;
  description: string;
}

export const homeUpcoming: RecurringItem[] = [
  {
    title: "Friday Service",
    date: "Every Friday",
    time: "3:30 PM",
    description: "Worship, prayer and the preaching of God's Word. Everyone is welcome.",
  },
  {
    title: "Bible Study",
    date: "Every Thursday",
    time: "7:30 PM",
    description: "Open the Scriptures together in small groups and grow in understanding.",
  },
  {
    title: "Hospital Visitation",
    date: "Monthly",
    time: "Time TBA",
    description: "Bring comfort, prayer and encouragement to patients and their families.",
  },
];
