import {
  aboutSections,
  type AboutSection,
  type CoreValue,
  type Belief,
  type Founding,
  type TimelineEntry,
} from "~/content/about";
import type { Church, RecurringItem, ServiceTime, SocialLink, Weekday } from "~/content/church";
import * as demo from "~/content/demo";
import { titledEventImages, type TitledEventImage } from "~/content/events";
import { DEFAULT_MINISTRY_IMAGE, ministries as defaultMinistries, type Ministry } from "~/content/ministries";
import { navigation, type Navigation } from "~/content/navigation";
import { translator, type Locale } from "~/lib/i18n";
import { mapSearchUrl } from "~/lib/map-links";
import type { RichText } from "~/lib/rich-text";
import { homeItemShown } from "~/lib/service-times";
import type { SiteFrame } from "~/lib/site-frame";
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
  sectionDefinition,
} from "~/schemas/site-sections";
import {
  isTranslated,
  overlayTranslation,
  translationKey,
  untranslatedFields,
} from "~/schemas/site-translation";
import { getSetting } from "../platform/settings.server";
import { services } from "../platform/services.server";
import { parseRichText } from "./rich-text.server";
import {
  defaultSections,
  type BeliefsSection,
  type ChurchSection,
  type EmailsSection,
  type HomeSection,
  type MinistrySection,
  type MissionSection,
  type PastorsSection,
  type PrivacySection,
  type ServiceTimesSection,
  type StorySection,
  type TeamSection,
} from "./site-defaults.server";
import { CONTENT_VERSION_KEY, localSaves, readAllSections } from "./site-sections.server";
import { loggableError } from "../platform/db-errors.server";

/** A pastor as the pages show them. */
export interface Pastor {
  name: string;
  title: string;
  description: RichText;
  email: string;
  phone: string;
  /** The portrait's public path, or null for the generated one. */
  image: string | null;
}

/** A ministry as the pages show it: its texts as staff last saved them, its fixed slug and logo. */
export type PublicMinistry = Omit<Ministry, "fullDescription"> & { fullDescription: RichText };

export interface AboutContent {
  sections: AboutSection[];
  founding: Founding;
  story: RichText;
  timeline: TimelineEntry[];
  beliefs: Belief[];
  statementOfFaith: string[];
  mission: RichText;
  vision: RichText;
  coreValues: CoreValue[];
  goals: string[];
  leadershipPhilosophy: { title: string; introduction: RichText; principles: CoreValue[]; verse: string };
}

/**
 * Everything the church says about itself: its facts, service times, pages, pastors and
 * ministries, as staff last saved them in the Website section. Screens, schemas and e-mails read
 * it from here, never from `app/content` (which holds only the first version and fixed parts).
 */
export interface SiteContent {
  church: Church;
  socialLinks: SocialLink[];
  /** The first weekly service is the main worship service. */
  serviceTimes: ServiceTime[];
  navigation: Navigation;
  home: { hero: { heading: string; subheading: string; text: string }; upcoming: RecurringItem[] };
  about: AboutContent;
  pastors: Pastor[];
  /** In the spec's order; `ministriesByName()` sorts them for lists. */
  ministries: readonly PublicMinistry[];
  ministryBySlug(slug: string | null | undefined): PublicMinistry | undefined;
  ministriesByName(): PublicMinistry[];
  /** A ministry page's picture until staff upload one. */
  defaultMinistryImage: string;
  /** Fixed pictures for events, by title, when staff add none. */
  titledEventImages: TitledEventImage[];
  /** The confirmation e-mails' texts. */
  emails: EmailsSection;
  /** The privacy notice and the consent texts, with the church's details filled in. */
  privacy: { notice: RichText; registryConsent: string; emailConsent: string; formNotice: string };
  /**
   * The sections (keys such as `our-story`, `ministry:acts-kids`) whose English text stands in on
   * a page in another language, for want of a translation: their blocks carry lang="en" (see
   * `sectionLang`). Empty in English. A section counts as translated once its Filipino version
   * holds any text: its fields left empty read English (see `fieldLang`).
   */
  englishOnly: readonly string[];
  /**
   * lang="en" for one top-level field of a section (`fieldLang("our-story", "timeline")`) whose
   * English stands in on this language's pages: the whole section is untranslated, or this field
   * of it is; undefined otherwise (and always in English). For a block finer than a section.
   */
  fieldLang(sectionKey: string, field: string): "en" | undefined;
}

/** A privacy text with {church}, {email}, {phone} and {address} replaced by the church's details. */
function withChurchDetails(text: string, church: Pick<Church, "name" | "email" | "phone" | "address">) {
  const values: Record<string, string> = {
    church: church.name,
    email: church.email,
    phone: church.phone,
    address: church.address,
  };
  return text.replace(/\{(church|email|phone|address)\}/g, (_, name: string) => values[name]!);
}

type Stored = Record<string, unknown>;

/**
 * Each section in a language: in Filipino, the translation (`fil:{section}`) laid over the English
 * field by field where staff wrote one (issue 39). With the sections still in English, and the
 * fields of the translated ones still in English.
 */
function sectionsIn(stored: Map<string, unknown>, defaults: Record<string, unknown>, locale: Locale) {
  const english = (key: string) => (stored.get(key) ?? defaults[key]) as Stored;
  const englishOnly: string[] = [];
  const englishFields = new Map<string, string[]>();
  const texts = new Map<string, Stored>();
  for (const key of Object.keys(defaults)) {
    const definition = sectionDefinition(key);
    const translation = locale === "en" ? undefined : (stored.get(translationKey(key)) as Stored | undefined);
    if (!definition || !isTranslated(definition.fields, translation)) {
      if (locale !== "en") englishOnly.push(key);
      texts.set(key, english(key));
      continue;
    }
    texts.set(key, overlayTranslation(definition.fields, english(key), translation));
    englishFields.set(key, untranslatedFields(definition.fields, translation));
  }
  const fieldLang = (key: string, field: string): "en" | undefined =>
    englishOnly.includes(key) || englishFields.get(key)?.includes(field) ? "en" : undefined;
  return { section: <T>(key: string) => (texts.get(key) ?? english(key)) as T, englishOnly, fieldLang };
}

function buildContent(stored: Map<string, unknown>, locale: Locale = "en"): SiteContent {
  const defaults = defaultSections();
  const { section, englishOnly, fieldLang } = sectionsIn(stored, defaults, locale);

  const details = section<ChurchSection>(CHURCH_SECTION.id);
  const { facebook, instagram, youtube, ...facts } = details;
  const church: Church = {
    ...facts,
    mapsUrl: facts.mapsUrl || mapSearchUrl(facts.mapQuery || facts.address),
  };
  const socialLinks: SocialLink[] = (
    [
      { name: "Facebook", href: facebook },
      { name: "Instagram", href: instagram },
      { name: "YouTube", href: youtube },
    ] satisfies SocialLink[]
  ).filter((link) => link.href);

  const serviceTimes: ServiceTime[] = section<ServiceTimesSection>(SERVICE_TIMES_SECTION.id).services.map(
    (service) =>
      service.day
        ? { name: service.name, day: service.day as Weekday, start: service.start, end: service.end || null }
        : { name: service.name, note: service.note },
  );

  const home = section<HomeSection>(HOME_SECTION.id);
  const story = section<StorySection>(STORY_SECTION.id);
  const beliefs = section<BeliefsSection>(BELIEFS_SECTION.id);
  const mission = section<MissionSection>(MISSION_SECTION.id);
  const team = section<TeamSection>(TEAM_SECTION.id);
  const pastors = section<PastorsSection>(PASTORS_SECTION.id).pastors.map((pastor) => ({
    ...pastor,
    description: parseRichText(pastor.description),
    image: pastor.image || null,
  }));

  const ministries: PublicMinistry[] = defaultMinistries.map((ministry) => {
    const texts = section<MinistrySection>(ministrySectionKey(ministry.slug));
    return { ...ministry, ...texts, fullDescription: parseRichText(texts.fullDescription) };
  });
  const bySlug = new Map(ministries.map((ministry) => [ministry.slug, ministry]));
  const byName = [...ministries].sort((a, b) =>
    a.name.localeCompare(b.name, locale, { sensitivity: "base" }),
  );
  // A generated welcome line is in the language of the block it stands in.
  const welcome = translator(englishOnly.includes(HOME_SECTION.id) ? "en" : locale);

  return {
    church,
    socialLinks,
    serviceTimes,
    navigation,
    home: {
      hero: {
        heading: home.heroHeading || welcome("site.welcome", { church: church.name }),
        subheading: home.heroSubheading || church.tagline,
        text: home.heroText || church.summary,
      },
      upcoming: home.upcoming.map((item) => homeItemShown(item, serviceTimes)),
    },
    about: {
      sections: aboutSections,
      founding: story.founding,
      story: parseRichText(story.story),
      timeline: story.timeline,
      beliefs: beliefs.beliefs,
      statementOfFaith: beliefs.statementOfFaith,
      mission: parseRichText(mission.mission),
      vision: parseRichText(mission.vision),
      coreValues: mission.coreValues,
      goals: mission.goals,
      leadershipPhilosophy: { ...team, introduction: parseRichText(team.introduction) },
    },
    pastors,
    ministries,
    ministryBySlug: (slug) => (slug ? bySlug.get(slug) : undefined),
    ministriesByName: () => [...byName],
    defaultMinistryImage: DEFAULT_MINISTRY_IMAGE,
    titledEventImages,
    emails: section<EmailsSection>(EMAILS_SECTION.id),
    privacy: (() => {
      const privacy = section<PrivacySection>(PRIVACY_SECTION.id);
      return {
        notice: parseRichText(withChurchDetails(privacy.notice, church)),
        registryConsent: withChurchDetails(privacy.registryConsent, church),
        emailConsent: withChurchDetails(privacy.emailConsent, church),
        formNotice: withChurchDetails(privacy.formNotice, church),
      };
    })(),
    englishOnly,
    fieldLang,
  };
}

// One copy per process, rebuilt when the content version changes. With PostgreSQL several servers
// share the data, so the version is read from the database on each call (one primary-key read);
// the embedded database has one process, whose own saves are the only ones.
// One copy per language.
const cache = new WeakMap<object, Map<Locale, { version: string; content: SiteContent }>>();
let defaultsOnly: SiteContent | undefined;

async function contentVersion(): Promise<string> {
  const { database, db } = services();
  if (database.kind !== "postgres") return `local-${localSaves.count}`;
  return `${localSaves.count}/${String((await getSetting<string>(db, CONTENT_VERSION_KEY)) ?? "0")}`;
}

/**
 * The site's content as last saved, in a language: Filipino reads each section's translation
 * where staff wrote one and English elsewhere (issue 39). When the database cannot be read, the
 * last copy read.
 */
export async function getSiteContent(locale: Locale = "en"): Promise<SiteContent> {
  const { database } = services();
  let copies = cache.get(database);
  if (!copies) cache.set(database, (copies = new Map()));
  const cached = copies.get(locale);
  try {
    const version = await contentVersion();
    if (cached?.version === version) return cached.content;
    const content = buildContent(await readAllSections(), locale);
    copies.set(locale, { version, content });
    return content;
  } catch (error) {
    // Keep the header, footer and facts on screen through a database outage: the page's own
    // loader reports the failure.
    if (!cached) throw error;
    console.error("Reading the website's content failed; showing the last copy read:", loggableError(error));
    return cached.content;
  }
}

/** For writes that bypass `saveSection` (the test hooks' SQL): read everything again. */
export function siteContentChanged() {
  localSaves.count++;
}

/** The first version of everything, before any database exists (e.g. the auth library's set-up). */
export function defaultSiteContent(): SiteContent {
  defaultsOnly ??= buildContent(new Map());
  return defaultsOnly;
}

/** What the site frame (header, footer, head) needs on every page: sent with each page, so small. */
export function siteFrame(content: SiteContent): SiteFrame {
  const { church, socialLinks, serviceTimes, navigation, privacy } = content;
  return {
    church,
    socialLinks,
    serviceTimes,
    navigation,
    privacy: { formNotice: privacy.formNotice, emailConsent: privacy.emailConsent },
    // The frame's own sections standing in English on a page in another language.
    englishOnly: content.englishOnly.filter(
      (key) => key === CHURCH_SECTION.id || key === SERVICE_TIMES_SECTION.id || key === PRIVACY_SECTION.id,
    ),
  };
}

export type DemoContent = typeof demo;

/** The texts a fresh install is seeded with once (demo events, sermons and documents). */
export async function getDemoContent(): Promise<DemoContent> {
  return demo;
}
