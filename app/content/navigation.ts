import type { MessageKey } from "~/lib/i18n";

export interface NavLinkItem {
  to: string;
  label: string;
  /** The label's message, for the pages in another language than English. */
  labelKey: MessageKey;
}

export interface Navigation {
  /** The About menu. */
  about: NavLinkItem[];
  /** Top navigation after Home and the About menu. */
  main: NavLinkItem[];
  footer: NavLinkItem[];
}

const aboutLinks: NavLinkItem[] = [
  { to: "/about/our-story", label: "Our Story", labelKey: "nav.ourStory" },
  { to: "/about/what-we-believe", label: "What We Believe", labelKey: "nav.whatWeBelieve" },
  { to: "/about/mission-vision", label: "Mission & Vision", labelKey: "nav.missionVision" },
  { to: "/about/our-team", label: "Our Team", labelKey: "nav.ourTeam" },
];

const mainLinks: NavLinkItem[] = [
  { to: "/ministries", label: "Ministries", labelKey: "nav.ministries" },
  { to: "/events", label: "Events", labelKey: "nav.events" },
  { to: "/media", label: "Media", labelKey: "nav.media" },
  { to: "/connect", label: "Connect", labelKey: "nav.connect" },
];

const footerLinks: NavLinkItem[] = [
  { to: "/about", label: "About", labelKey: "nav.about" },
  { to: "/ministries", label: "Ministries", labelKey: "nav.ministries" },
  { to: "/events", label: "Events", labelKey: "nav.events" },
  { to: "/media", label: "Media", labelKey: "nav.media" },
];

export const navigation: Navigation = { about: aboutLinks, main: mainLinks, footer: footerLinks };
