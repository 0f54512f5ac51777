import { z } from "zod";

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

interface FieldBase {
  name: string;
  label: string;
  /** A line under the label saying what the field is for or how to write it. */
  hint?: string;
  required?: boolean;
}

export type SiteField =
  | (FieldBase & { kind: "text" | "url" | "email" | "tel" | "textarea" | "rich"; max: number })
  | (FieldBase & { kind: "time" })
  | (FieldBase & { kind: "select"; options: readonly string[]; emptyLabel: string })
  /** One entry per line, e.g. the statement of faith's articles. */
  | (FieldBase & { kind: "lines"; max: number; maxItems: number })
  /** An uploaded picture: its public path, or empty for none. */
  | (FieldBase & { kind: "image" })
  | (FieldBase & { kind: "group"; fields: SiteField[] })
  | (FieldBase & {
      kind: "list";
      fields: SiteField[];
      /** What one entry is called ("service", "pastor"). */
      itemNoun: string;
      /** The field whose value names an entry in its heading. */
      titleField: string;
      min: number;
      max: number;
    });

export interface SiteSectionDefinition {
  /** The URL segment under /members/site and, except for ministries, the stored key. */
  id: string;
  title: string;
  description: string;
  fields: SiteField[];
  /** Public pages that show this section, for the editor's "View" links. */
  pages: string[];
  /** Rules across fields, reported on the field they concern. */
  check?: (
    data: Record<string, unknown>,
    report: (path: (string | number)[], message: string) => void,
  ) => void;
}

const RICH_HINT =
  "Leave a blank line between paragraphs. **bold**, *italic*, [link text](https://...), and lines starting with - or 1. for lists.";

const text = (name: string, label: string, max: number, extra: Partial<FieldBase> = {}): SiteField => ({
  name,
  label,
  kind: "text",
  max,
  required: true,
  ...extra,
});
const optionalText = (name: string, label: string, max: number, hint?: string): SiteField => ({
  name,
  label,
  kind: "text",
  max,
  hint,
});
const rich = (name: string, label: string, max = 5000): SiteField => ({
  name,
  label,
  kind: "rich",
  max,
  required: true,
  hint: RICH_HINT,
});
const textarea = (name: string, label: string, max = 600): SiteField => ({
  name,
  label,
  kind: "textarea",
  max,
  required: true,
});
const socialLink = (name: string, label: string): SiteField => ({
  name,
  label,
  kind: "url",
  max: 300,
  hint: `The church's ${label} page (https://...). Leave empty to hide the ${label} icon.`,
});

export const CHURCH_SECTION: SiteSectionDefinition = {
  id: "church",
  title: "Church details",
  description: "Name, contact details, address, map and social links: the header, the footer and /connect.",
  pages: ["/connect", "/"],
  fields: [
    text("name", "Church name", 100),
    text("shortName", "Short name", 40, { hint: "Shown beside the logo in the header." }),
    text("tagline", "Tagline", 120),
    {
      name: "summary",
      label: "One-line summary",
      kind: "textarea",
      max: 300,
      required: true,
      hint: "Used in the footer, in search results and in link previews.",
    },
    text("address", "Street address", 200),
    text("addressLocality", "Town or city", 80, { hint: "For search engines, e.g. Manama." }),
    text("addressCountry", "Country code", 2, { hint: "Two letters, e.g. BH." }),
    {
      name: "mapsUrl",
      label: "Map link",
      kind: "url",
      max: 500,
      required: true,
      hint: "The address's page on a map site (https://...): the address links to it.",
    },
    optionalText(
      "mapQuery",
      "Place shown on the map",
      200,
      "What the map on /connect searches for. Leave empty to use the street address.",
    ),
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
  description: "The weekly gatherings shown on /connect, in the footer and to search engines.",
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
    {
      name: "upcoming",
      label: "Upcoming items",
      kind: "list",
      itemNoun: "item",
      titleField: "title",
      min: 0,
      max: 6,
      fields: [
        text("title", "Title", 80),
        text("date", "When", 60, { hint: 'e.g. "Every Friday" or "Monthly".' }),
        text("time", "Time", 40, { hint: 'e.g. "3:30 PM" or "Time TBA".' }),
        textarea("description", "Description", 300),
      ],
    },
  ],
};

const titledEntry = (descriptionLabel = "Description"): SiteField[] => [
  text("title", "Title", 100),
  textarea("description", descriptionLabel, 600),
];

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
        text("year", "Year founded", 10),
        text("community", "Founded for", 200, { hint: 'Completes "Founded in {year} for ...".' }),
        text("audience", "Who it is for", 100, {
          hint: 'The "For" highlight, e.g. "Filipinos and all nationalities".',
        }),
        text("place", "Where", 100),
      ],
    },
    rich("story", "How it began"),
    {
      name: "timeline",
      label: "Timeline",
      kind: "list",
      itemNoun: "milestone",
      titleField: "title",
      min: 0,
      max: 30,
      fields: [text("year", "Year", 20), ...titledEntry()],
    },
  ],
};

export const BELIEFS_SECTION: SiteSectionDefinition = {
  id: "what-we-believe",
  title: "What We Believe",
  description: "The foundation beliefs and the statement of faith.",
  pages: ["/about/what-we-believe"],
  fields: [
    {
      name: "beliefs",
      label: "Foundation beliefs",
      kind: "list",
      itemNoun: "belief",
      titleField: "title",
      min: 1,
      max: 12,
      fields: [
        ...titledEntry(),
        text("verse", "Bible verse", 60, { hint: 'The reference, e.g. "Acts 2:42".' }),
      ],
    },
    {
      name: "statementOfFaith",
      label: "Statement of faith",
      kind: "lines",
      max: 600,
      maxItems: 30,
      required: true,
      hint: "One article per line.",
    },
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
    {
      name: "coreValues",
      label: "Core values",
      kind: "list",
      itemNoun: "value",
      titleField: "title",
      min: 1,
      max: 12,
      fields: titledEntry(),
    },
    {
      name: "goals",
      label: "Goals",
      kind: "lines",
      max: 300,
      maxItems: 30,
      required: true,
      hint: "One goal per line.",
    },
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
    {
      name: "principles",
      label: "Principles",
      kind: "list",
      itemNoun: "principle",
      titleField: "title",
      min: 0,
      max: 12,
      fields: titledEntry(),
    },
    text("verse", "Bible verse", 60),
  ],
};

export const PASTORS_SECTION: SiteSectionDefinition = {
  id: "pastors",
  title: "Pastors and team",
  description: "The people on /about/our-team, in the order shown.",
  pages: ["/about/our-team"],
  fields: [
    {
      name: "pastors",
      label: "Pastors",
      kind: "list",
      itemNoun: "pastor",
      titleField: "name",
      min: 0,
      max: 30,
      fields: [
        text("name", "Name", 100),
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
      ],
    },
  ],
};

export const MINISTRY_SECTION: SiteSectionDefinition = {
  id: "ministry",
  title: "Ministry",
  description: "A ministry's card and page.",
  pages: [],
  fields: [
    text("name", "Name", 80),
    text("shortName", "Short name", 40, { hint: 'Used in roles, e.g. "Amplify Head".' }),
    textarea("description", "Short description", 300),
    rich("fullDescription", "Full description"),
    text("schedule", "Schedule", 100),
    text("ageGroup", "Age group", 100),
    text("leader", "Leader", 100),
    textarea("verse", "Bible verse", 400),
    text("verseRef", "Verse reference", 60),
  ],
};

const PLACEHOLDER_HINT = "{name} is replaced by the person's name";

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
    hint: field.hint ?? `${PLACEHOLDER_HINT}. What they sent and the church's contacts are added below it.`,
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

// ---------------------------------------------------------------------------------------------
// The schema built from the fields
// ---------------------------------------------------------------------------------------------

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Digits, spaces and + ( ) - . ; X stands for a digit not known yet (the spec's placeholder number). */
const PHONE = /^[+\dXx][\dXx\s().-]*$/;
const UPLOADED_IMAGE = /^(\/(files|images)\/[\w./-]+|https:\/\/[^\s"'<>]+)$/;

function fieldSchema(field: SiteField): z.ZodType {
  const needed = `${field.label} is required.`;
  switch (field.kind) {
    case "group":
      return objectSchema(field.fields);
    case "list":
      return z
        .array(objectSchema(field.fields))
        .min(field.min, `Add at least ${field.min} ${field.itemNoun}${field.min === 1 ? "" : "s"}.`)
        .max(field.max, `At most ${field.max} ${field.itemNoun}s.`);
    case "lines":
      return z
        .array(z.string().trim().max(field.max, `Each line must be at most ${field.max} characters.`))
        .transform((lines) => lines.filter(Boolean))
        .pipe(
          z
            .array(z.string())
            .min(field.required ? 1 : 0, needed)
            .max(field.maxItems, `At most ${field.maxItems} lines.`),
        );
    case "select":
      return z
        .string()
        .refine(
          (value) => value === "" || field.options.includes(value),
          `Please choose a valid ${field.label}.`,
        )
        .refine((value) => !field.required || value !== "", needed);
    case "time":
      return z
        .string()
        .trim()
        .refine((value) => value === "" || TIME.test(value), `${field.label} must be a time like 15:30.`);
    case "image":
      return z
        .string()
        .trim()
        .refine((value) => value === "" || UPLOADED_IMAGE.test(value), "Please upload the picture again.");
    default: {
      let schema = z
        .string()
        .trim()
        .max(field.max, `${field.label} must be at most ${field.max} characters.`);
      if (field.required) schema = schema.min(1, needed);
      if (field.kind === "email") {
        return schema.refine(
          (v) => v === "" || z.email().safeParse(v).success,
          "Please enter a valid e-mail address.",
        );
      }
      if (field.kind === "url") {
        return schema.refine(
          (v) => v === "" || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v),
          `${field.label} must be a web address starting with https://.`,
        );
      }
      if (field.kind === "tel") {
        return schema.refine(
          (v) => v === "" || PHONE.test(v),
          `${field.label} may hold only digits, spaces and + ( ) - .`,
        );
      }
      return schema;
    }
  }
}

function objectSchema(fields: SiteField[]) {
  return z.object(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])));
}

/** The check of a section's data, the same in the editor and on the server. */
export function sectionSchema(section: SiteSectionDefinition) {
  return objectSchema(section.fields).superRefine((data, ctx) => {
    section.check?.(data, (path, message) => ctx.addIssue({ code: "custom", path, message }));
  });
}

/** Every problem with a save, by the path of its field ("services.1.start"); the first per field. */
export function sectionErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join(".") || "form"] ??= issue.message;
  return errors;
}

/** An empty value for a field, for a new list entry. */
export function emptyValue(field: SiteField): unknown {
  if (field.kind === "list") return [];
  if (field.kind === "lines") return [];
  if (field.kind === "group") return emptyEntry(field.fields);
  return "";
}

export function emptyEntry(fields: SiteField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, emptyValue(field)]));
}
