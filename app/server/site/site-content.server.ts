import {
  aboutSections,
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
  type AboutContent,
} from "~/content/about";
import {
  church,
  homeUpcoming,
  serviceTimes,
  socialLinks,
  type Church,
  type RecurringItem,
  type ServiceTime,
  type SocialLink,
} from "~/content/church";
import * as demo from "~/content/demo";
import { titledEventImages, type TitledEventImage } from "~/content/events";
import {
  DEFAULT_MINISTRY_IMAGE,
  getMinistry,
  ministries,
  ministriesByName,
  type Ministry,
} from "~/content/ministries";
import { navigation, type Navigation } from "~/content/navigation";
import { pastors, type Pastor } from "~/content/pastors";
import type { SiteFrame } from "~/lib/site-frame";

/**
 * Everything the church says about itself: its facts, service times, pages, pastors and
 * ministries. Screens, schemas and e-mails read it from here, never from `app/content` directly.
 * Today it holds the `app/content` defaults; the site-content issue stores them in the database.
 */
export interface SiteContent {
  church: Church;
  socialLinks: SocialLink[];
  /** The first weekly service is the main worship service. */
  serviceTimes: ServiceTime[];
  navigation: Navigation;
  home: { upcoming: RecurringItem[] };
  about: AboutContent;
  pastors: Pastor[];
  /** In the spec's order; `ministriesByName()` sorts them for lists. */
  ministries: readonly Ministry[];
  ministryBySlug(slug: string | null | undefined): Ministry | undefined;
  ministriesByName(): Ministry[];
  /** A ministry page's picture until staff upload one. */
  defaultMinistryImage: string;
  /** Fixed pictures for events, by title, when staff add none. */
  titledEventImages: TitledEventImage[];
}

const defaults: SiteContent = {
  church,
  socialLinks,
  serviceTimes,
  navigation,
  home: { upcoming: homeUpcoming },
  about: {
    sections: aboutSections,
    founding,
    storyParagraphs,
    timeline,
    beliefs,
    statementOfFaith,
    mission,
    vision,
    coreValues,
    goals,
    leadershipPhilosophy,
  },
  pastors,
  ministries,
  ministryBySlug: getMinistry,
  ministriesByName,
  defaultMinistryImage: DEFAULT_MINISTRY_IMAGE,
  titledEventImages,
};

export async function getSiteContent(): Promise<SiteContent> {
  return defaults;
}

/** What the site frame (header, footer, head) needs on every page: sent with each page, so small. */
export function siteFrame(content: SiteContent): SiteFrame {
  const { church, socialLinks, serviceTimes, navigation } = content;
  return { church, socialLinks, serviceTimes, navigation };
}

export type DemoContent = typeof demo;

/** The texts a fresh install is seeded with once (demo events, sermons and documents). */
export async function getDemoContent(): Promise<DemoContent> {
  return demo;
}
