import type { Permission } from "~/lib/permissions";
import {
  lines,
  list,
  optionalText,
  RICH_HINT,
  rich,
  socialLink,
  text,
  textarea,
  titledEntry,
  titledList,
  type SiteSectionDefinition,
} from "./site-fields";

// The website's editable sections, each described once as a table of fields: the editor screens
// draw their forms from it and the zod schema that checks a save (in the browser and again on the
// server) is built from it. A section's data is stored as one JSON document (`site_sections`).

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

export const CHURCH_SECTION: SiteSectionDefinition = {
  id: "church",
  title: "Church details",
  description: "Name, contact details, address, map and social links: the header, the footer and /connect.",
  pages: ["/connect", "/"],
  fields: [
    text("name", "Church name", 100, { fixed: true }),
    text("shortName", "Short name", 40, { hint: "Shown beside the logo in the header.", fixed: true }),
    text("tagline", "Tagline", 120),
    {
      name: "summary",
      label: "One-line summary",
      kind: "textarea",
      max: 300,
      required: true,
      hint: "Used in the footer, in search results and in link previews.",
    },
    text("address", "Street address", 200, { fixed: true }),
    text("addressLocality", "Town or city", 80, { hint: "For search engines, e.g. Manama.", fixed: true }),
    text("addressCountry", "Country code", 2, { hint: "Two letters, e.g. BH.", fixed: true }),
    {
      name: "mapsUrl",
      label: "Map link",
      kind: "url",
      max: 500,
      hint: "Leave empty to link the address to a map search for it, which follows the address when it changes. Or paste the church's own page on a map site (https://...).",
    },
    {
      ...optionalText(
        "mapQuery",
        "Place shown on the map",
        200,
        "What the map on /connect and the map link search for. Leave empty to use the street address.",
      ),
      fixed: true,
    },
    { name: "phone", label: "Phone", kind: "tel", max: 30, required: true },
    {
      name: "whatsapp",
      label: "WhatsApp number",
      kind: "tel",
      max: 30,
      hint: "With the country code, e.g. +973 1234 5678. Leave empty to show no WhatsApp link.",
    },
    { name: "email", label: "E-mail", kind: "email", max: 200, required: true },
    socialLink("facebook", "Facebook"),
    socialLink("instagram", "Instagram"),
    socialLink("youtube", "YouTube"),
    optionalText(
      "copyright",
      "Copyright line",
      200,
      'Shown after "© {year}" in the footer. Leave empty for "{church name}. All rights reserved."',
    ),
  ],
  check(data, report) {
    if (typeof data.addressCountry === "string" && !/^[A-Za-z]{2}$/.test(data.addressCountry)) {
      report(["addressCountry"], "Country code must be two letters, e.g. BH.");
    }
  },
};

export const SERVICE_TIMES_SECTION: SiteSectionDefinition = {
  id: "service-times",
  title: "Service times",
  description:
    "The weekly gatherings shown on /connect, in the footer, on the home page's items and to search engines.",
  pages: ["/connect", "/"],
  fields: [
    {
      name: "services",
      label: "Services",
      kind: "list",
      itemNoun: "service",
      titleField: "name",
      min: 1,
      max: 12,
      hint: "The first weekly service is the main worship service the home page invites people to.",
      fields: [
        text("name", "Name", 80),
        {
          name: "day",
          label: "Day",
          kind: "select",
          options: WEEKDAYS,
          emptyLabel: "No fixed day (write a note)",
        },
        { name: "start", label: "Starts", kind: "time" },
        { name: "end", label: "Ends", kind: "time" },
        optionalText(
          "note",
          "Note",
          80,
          'Shown instead of a time when there is no fixed day, e.g. "As scheduled".',
        ),
      ],
    },
  ],
  check(data, report) {
    const services = Array.isArray(data.services) ? (data.services as Record<string, string>[]) : [];
    services.forEach((service, index) => {
      if (service.day) {
        if (!service.start) report(["services", index, "start"], "Please give the time it starts.");
        else if (service.end && service.end <= service.start) {
          report(["services", index, "end"], "The end must be after the start.");
        }
      } else if (!service.note) {
        report(["services", index, "note"], "Please choose a day or write a note.");
      }
    });
  },
};

export const HOME_SECTION: SiteSectionDefinition = {
  id: "home",
  title: "Home page",
  description: "The welcome at the top of the home page and its upcoming items.",
  pages: ["/"],
  fields: [
    optionalText(
      "heroHeading",
      "Welcome line",
      120,
      'The small line at the top. Leave empty for "Welcome to {church name}".',
    ),
    optionalText("heroSubheading", "Headline", 160, "The large heading. Leave empty to show the tagline."),
    {
      name: "heroText",
      label: "Text",
      kind: "textarea",
      max: 400,
      hint: "Leave empty to show the one-line summary.",
    },
    list("upcoming", "Upcoming items", { itemNoun: "item", titleField: "title", min: 0, max: 6 }, [
      text("title", "Title", 80),
      {
        name: "day",
        label: "Day",
        kind: "select",
        options: WEEKDAYS,
        emptyLabel: "No fixed day (write when)",
        hint: 'Shows "Every {day}" at the time of that day\'s service in Service times, and changes with it.',
      },
      optionalText("date", "When", 60, 'Only without a day, e.g. "Monthly".'),
      optionalText(
        "time",
        "Time",
        40,
        'Only without a day, or for a day with no service in Service times, e.g. "Time TBA".',
      ),
      textarea("description", "Description", 300),
    ]),
  ],
  check(data, report) {
    const items = Array.isArray(data.upcoming) ? (data.upcoming as Record<string, string>[]) : [];
    items.forEach((item, index) => {
      if (item.day) return;
      if (!item.date) report(["upcoming", index, "date"], "Please choose a day or write when it is.");
      if (!item.time) report(["upcoming", index, "time"], 'Please write the time, e.g. "Time TBA".');
    });
  },
};

export const STORY_SECTION: SiteSectionDefinition = {
  id: "our-story",
  title: "Our Story",
  description: "The church's beginnings and the timeline of its journey.",
  pages: ["/about/our-story", "/about"],
  fields: [
    {
      name: "founding",
      label: "Founding",
      kind: "group",
      fields: [
        text("year", "Year founded", 10, { fixed: true }),
        text("community", "Founded for", 200, { hint: 'Completes "Founded in {year} for ...".' }),
        text("audience", "Who it is for", 100, {
          hint: 'The "For" highlight, e.g. "Filipinos and all nationalities".',
        }),
        text("place", "Where", 100),
      ],
    },
    rich("story", "How it began"),
    list("timeline", "Timeline", { itemNoun: "milestone", titleField: "title", min: 0, max: 30 }, [
      text("year", "Year", 20, { fixed: true }),
      ...titledEntry(),
    ]),
  ],
};

export const BELIEFS_SECTION: SiteSectionDefinition = {
  id: "what-we-believe",
  title: "What We Believe",
  description: "The foundation beliefs and the statement of faith.",
  pages: ["/about/what-we-believe"],
  fields: [
    list("beliefs", "Foundation beliefs", { itemNoun: "belief", titleField: "title", min: 1, max: 12 }, [
      ...titledEntry(),
      text("verse", "Bible verse", 60, { hint: 'The reference, e.g. "Acts 2:42".' }),
    ]),
    lines("statementOfFaith", "Statement of faith", 600, "One article per line."),
  ],
};

export const MISSION_SECTION: SiteSectionDefinition = {
  id: "mission-vision",
  title: "Mission & Vision",
  description: "Mission, vision, core values and goals.",
  pages: ["/about/mission-vision"],
  fields: [
    rich("mission", "Mission", 2000),
    rich("vision", "Vision", 2000),
    titledList("coreValues", "Core values", "value", { min: 1, max: 12 }),
    lines("goals", "Goals", 300, "One goal per line."),
  ],
};

export const TEAM_SECTION: SiteSectionDefinition = {
  id: "leadership",
  title: "Leadership philosophy",
  description: "The leadership philosophy under the pastors on Our Team.",
  pages: ["/about/our-team"],
  fields: [
    text("title", "Heading", 100),
    rich("introduction", "Introduction", 2000),
    titledList("principles", "Principles", "principle", { min: 0, max: 12 }),
    text("verse", "Bible verse", 60),
  ],
};

export const PASTORS_SECTION: SiteSectionDefinition = {
  id: "pastors",
  title: "Pastors and team",
  description: "The people on /about/our-team, in the order shown.",
  pages: ["/about/our-team"],
  fields: [
    list("pastors", "Pastors", { itemNoun: "pastor", titleField: "name", min: 0, max: 30, matchBy: "name" }, [
      text("name", "Name", 100, { fixed: true }),
      text("title", "Title", 100),
      rich("description", "About", 2000),
      { name: "email", label: "E-mail", kind: "email", max: 200 },
      { name: "phone", label: "Phone", kind: "tel", max: 30 },
      {
        name: "image",
        label: "Portrait",
        kind: "image",
        hint: "A JPEG, PNG or WebP photo. Without one, the pastor's initials are shown.",
      },
    ]),
  ],
};

export const MINISTRY_SECTION: SiteSectionDefinition = {
  id: "ministry",
  title: "Ministry",
  description: "A ministry's card and page.",
  pages: [],
  fields: [
    text("name", "Name", 80),
    text("shortName", "Short name", 40, { hint: 'Used in roles, e.g. "Amplify Head".', fixed: true }),
    textarea("description", "Short description", 300),
    rich("fullDescription", "Full description"),
    text("schedule", "Schedule", 100),
    text("ageGroup", "Age group", 100),
    text("leader", "Leader", 100, { fixed: true }),
    textarea("verse", "Bible verse", 400),
    text("verseRef", "Verse reference", 60),
  ],
};

/** Anyone can type someone else's address into a form, so a confirmation never repeats what was typed. */
const CONFIRMATION_HINT =
  "What the person typed (their name, their message) is never repeated in it, as anyone can type someone else's address into a form. The church's contacts are added below it.";

export const EMAILS_SECTION: SiteSectionDefinition = {
  id: "emails",
  title: "Confirmation e-mails",
  description: "What a visitor is sent after a message, a ministry sign-up or an event registration.",
  pages: [],
  fields: [
    text("connectSubject", "Message received: subject", 150),
    textarea("connectText", "Message received: text", 1500),
    text("ministrySubject", "Ministry sign-up: subject", 150, { hint: "{ministry} is the ministry's name." }),
    textarea("ministryText", "Ministry sign-up: text", 1500),
    text("eventSubject", "Event registration: subject", 150, { hint: "{event} is the event's title." }),
    textarea("eventText", "Event registration: text", 1500),
  ].map((field) => ({
    ...field,
    hint: field.hint ?? CONFIRMATION_HINT,
  })),
};

const PRIVACY_PLACEHOLDERS =
  "{church}, {email}, {phone} and {address} are replaced by the church's name, e-mail, phone and address from Church details.";

export const PRIVACY_SECTION: SiteSectionDefinition = {
  id: "privacy",
  title: "Privacy notice",
  description:
    "What the church does with people's details (/privacy), and the consent texts of the registration and public forms. Each save is a new version of the notice; consents record the version they were given under.",
  pages: ["/privacy"],
  fields: [
    { ...rich("notice", "Privacy notice", 20000), hint: `${RICH_HINT} ${PRIVACY_PLACEHOLDERS}` },
    {
      name: "registryConsent",
      label: "Consent to the member registry",
      kind: "textarea",
      max: 600,
      required: true,
      hint: "The box a member ticks on the registration form. It covers their children's details too. {church} is the church's name.",
    },
    {
      name: "emailConsent",
      label: "Consent to the church's e-mails",
      kind: "textarea",
      max: 300,
      required: true,
      hint: "The separate box on the registration, ministry and event forms. {church} is the church's name.",
    },
    {
      name: "formNotice",
      label: "Notice under public forms",
      kind: "textarea",
      max: 300,
      required: true,
      hint: "One line under the connect, ministry and event forms; a link to the privacy notice follows it.",
    },
  ],
};

/** The sections with one editor each; the 16 ministries share MINISTRY_SECTION. */
export const SITE_SECTIONS: SiteSectionDefinition[] = [
  CHURCH_SECTION,
  SERVICE_TIMES_SECTION,
  HOME_SECTION,
  STORY_SECTION,
  BELIEFS_SECTION,
  MISSION_SECTION,
  TEAM_SECTION,
  PASTORS_SECTION,
  EMAILS_SECTION,
  PRIVACY_SECTION,
];

export function ministrySectionKey(slug: string) {
  return `ministry:${slug}`;
}

/** The field table of a stored section's key: one of the sections, or a ministry's texts. */
export function sectionDefinition(key: string): SiteSectionDefinition | undefined {
  if (key.startsWith("ministry:")) return MINISTRY_SECTION;
  return SITE_SECTIONS.find((section) => section.id === key);
}

/** The permission that edits a section: the privacy notice has its own, a ministry's page too. */
export function sectionPermission(id: string): Permission {
  if (id === PRIVACY_SECTION.id) return "privacy-notice:write";
  if (id === MINISTRY_SECTION.id) return "ministry-page:write";
  return "site:write";
}

/** Any of these opens the Website screen, which then lists what each person may edit. */
export const WEBSITE_PERMISSIONS = ["site:write", "privacy-notice:write", "ministry-page:write"] as const;
