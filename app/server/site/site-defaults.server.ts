import {
  beliefs,
  coreValues,
  founding,
  goals,
  leadershipPhilosophy,
  mission,
  statementOfFaith,
  storyParagraphs,
  timeline,
  vision,
  type Belief,
  type CoreValue,
  type Founding,
  type TimelineEntry,
} from "~/content/about";
import {
  church,
  homeUpcoming,
  serviceTimes,
  socialLinks,
  type Church,
  type HomeItem,
} from "~/content/church";
import { ministries, type Ministry } from "~/content/ministries";
import { pastors } from "~/content/pastors";
import {
  BELIEFS_SECTION,
  CHURCH_SECTION,
  EMAILS_SECTION,
  HOME_SECTION,
  MISSION_SECTION,
  PASTORS_SECTION,
  PRIVACY_SECTION,
  SERVICE_TIMES_SECTION,
  STORY_SECTION,
  TEAM_SECTION,
  ministrySectionKey,
} from "~/schemas/site-sections";

// The stored shape of each section (what its editor edits), and the first version of each: the
// texts of `app/content`, written to the database on first start and on upgrade.

export type ChurchSection = Omit<Church, "whatsapp" | "mapQuery" | "copyright"> & {
  whatsapp: string;
  mapQuery: string;
  copyright: string;
  facebook: string;
  instagram: string;
  youtube: string;
};

export interface ServiceTimeEntry {
  name: string;
  /** A weekday, or "" for a gathering without a fixed time (then `note` says when). */
  day: string;
  start: string;
  end: string;
  note: string;
}

export interface ServiceTimesSection {
  services: ServiceTimeEntry[];
}

export interface HomeSection {
  heroHeading: string;
  heroSubheading: string;
  heroText: string;
  upcoming: HomeItem[];
}

export interface StorySection {
  founding: Founding;
  /** Markdown. */
  story: string;
  timeline: TimelineEntry[];
}

export interface BeliefsSection {
  beliefs: Belief[];
  statementOfFaith: string[];
}

export interface MissionSection {
  mission: string;
  vision: string;
  coreValues: CoreValue[];
  goals: string[];
}

export interface TeamSection {
  title: string;
  introduction: string;
  principles: CoreValue[];
  verse: string;
}

export interface EmailsSection {
  connectSubject: string;
  connectText: string;
  ministrySubject: string;
  ministryText: string;
  eventSubject: string;
  eventText: string;
}

export interface PrivacySection {
  notice: string;
  registryConsent: string;
  emailConsent: string;
  formNotice: string;
}

export interface PastorEntry {
  name: string;
  title: string;
  description: string;
  email: string;
  phone: string;
  /** The portrait's public path, or "" for the initials portrait. */
  image: string;
}

export interface PastorsSection {
  pastors: PastorEntry[];
}

export type MinistrySection = Pick<
  Ministry,
  | "name"
  | "shortName"
  | "description"
  | "fullDescription"
  | "schedule"
  | "ageGroup"
  | "leader"
  | "verse"
  | "verseRef"
>;

/**
 * The privacy notice's first version: written for a church in Bahrain under the Personal Data
 * Protection Law (Law No. 30 of 2018), naming the church as the controller. Staff adapt it in the
 * Website section; the placeholders keep it right when the church's details change.
 */
const DEFAULT_PRIVACY: PrivacySection = {
  notice: [
    '{church} ("the church", {address}) is responsible for the personal details described here, as their controller under Bahrain\'s Personal Data Protection Law (Law No. 30 of 2018). You can reach us at {email} or {phone}.',
    "**What we keep, and why**",
    "- **Members:** your name, contact details, addresses, birthday, baptism date, marital status, your spouse's and children's names and birthdays, and your ministries and groups. We keep them to care for you as a church family: to know and contact our members, plan ministries and groups, and remember birthdays and anniversaries. Your membership says something about your faith, which the law treats as sensitive, so we keep these details only with your explicit consent, which you give on the registration form. A parent gives it for their children.\n- **Messages, ministry sign-ups and event registrations:** your name, e-mail, mobile and what you write, to answer you, to let the ministry's leader contact you, and to hold your place at the event.\n- **Church e-mails:** we send news and invitations only if you tick the separate box for them.",
    "**Who sees it**",
    "Only the church's pastors and office staff with an account, each seeing what their work needs. Every change, export and erasure is recorded. We do not sell or share your details. They are stored on the church's own server and its backups.",
    "**How long we keep it**",
    "Members' details while you are a member, or until you ask us to remove them. Messages and registrations for 24 months after the message or the event, unless the church sets a shorter time. Backups keep a copy until they expire.",
    "**Your rights**",
    "You may ask to see the details we hold about you and receive a copy, to correct them, to withdraw a consent, and to have your details erased. Members can correct their own details with an update link: ask for one on the Update my details page, or at the church office. Write to {email} for anything else. If you are not satisfied with our answer, you may complain to the Personal Data Protection Authority.",
  ].join("\n\n"),
  registryConsent:
    "I agree that {church} keeps the details on this form, including my children's, in its member registry, for the church's pastoral care and administration, as its privacy notice explains.",
  emailConsent: "I would like to receive e-mails from {church} about its news and events.",
  formNotice: "We use the details you send only to answer you and to take part in what you signed up for.",
};

const socialHref = (name: string) => socialLinks.find((link) => link.name === name)?.href ?? "";

/** Every section's first version, by its stored key. */
export function defaultSections(): Record<string, unknown> {
  const sections: Record<string, unknown> = {
    [CHURCH_SECTION.id]: {
      ...church,
      facebook: socialHref("Facebook"),
      instagram: socialHref("Instagram"),
      youtube: socialHref("YouTube"),
    } satisfies ChurchSection,
    [SERVICE_TIMES_SECTION.id]: {
      services: serviceTimes.map((service) =>
        "day" in service
          ? { name: service.name, day: service.day, start: service.start, end: service.end ?? "", note: "" }
          : { name: service.name, day: "", start: "", end: "", note: service.note },
      ),
    } satisfies ServiceTimesSection,
    [HOME_SECTION.id]: {
      heroHeading: "",
      heroSubheading: "",
      heroText: "",
      upcoming: homeUpcoming,
    } satisfies HomeSection,
    [STORY_SECTION.id]: {
      founding,
      story: storyParagraphs.join("\n\n"),
      timeline,
    } satisfies StorySection,
    [BELIEFS_SECTION.id]: { beliefs, statementOfFaith } satisfies BeliefsSection,
    [MISSION_SECTION.id]: { mission, vision, coreValues, goals } satisfies MissionSection,
    [TEAM_SECTION.id]: {
      title: leadershipPhilosophy.title,
      introduction: leadershipPhilosophy.introduction,
      principles: leadershipPhilosophy.principles,
      verse: leadershipPhilosophy.verse,
    } satisfies TeamSection,
    [EMAILS_SECTION.id]: {
      connectSubject: "We received your message",
      connectText:
        "Dear friend,\n\nThank you for writing to us. Someone from our church office will read your message and answer you soon, usually within a few days. If it is urgent, please call us.",
      ministrySubject: "Welcome to {ministry}",
      ministryText:
        "Dear friend,\n\nThank you for signing up for {ministry}. The ministry's leader will contact you soon about the next meeting and how you can take part.",
      eventSubject: "You are registered: {event}",
      eventText:
        "Dear friend,\n\nThank you for registering for {event}. We look forward to seeing you. The attached calendar file adds the event to your phone or computer's calendar.",
    } satisfies EmailsSection,
    [PRIVACY_SECTION.id]: DEFAULT_PRIVACY,
    [PASTORS_SECTION.id]: {
      pastors: pastors.map((pastor) => ({ ...pastor, image: pastor.image ?? "" })),
    } satisfies PastorsSection,
  };
  for (const ministry of ministries) {
    const { name, shortName, description, fullDescription, schedule, ageGroup, leader, verse, verseRef } =
      ministry;
    sections[ministrySectionKey(ministry.slug)] = {
      name,
      shortName,
      description,
      fullDescription,
      schedule,
      ageGroup,
      leader,
      verse,
      verseRef,
    } satisfies MinistrySection;
  }
  return sections;
}
