export interface NavLinkItem {
  to: string;
  label: string;
}

export interface Navigation {
  /** The About menu. */
  about: NavLinkItem[];
  /** Top navigation after Home and the About menu. */
  main: NavLinkItem[];
  footer: NavLinkItem[];
}

const aboutLinks: NavLinkItem[] = [
  { to: "/about/our-story", label: "Our Story" },
  { to: "/about/what-we-believe", label: "What We Believe" },
  { to: "/about/mission-vision", label: "Mission & Vision" },
  { to: "/about/our-team", label: "Our Team" },
];

const mainLinks: NavLinkItem[] = [
  { to: "/ministries", label: "Ministries" },
  { to: "/events", label: "Events" },
  { to: "/media", label: "Media" },
  { to: "/connect", label: "Connect" },
];

const footerLinks: NavLinkItem[] = [
  { to: "/about", label: "About" },
  { to: "/ministries", label: "Ministries" },
  { to: "/events", label: "Events" },
  { to: "/media", label: "Media" },
];

export const navigation: Navigation = { about: aboutLinks, main: mainLinks, footer: footerLinks };
