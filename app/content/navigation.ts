export interface NavLinkItem {
  to: string;
  label: string;
}

export const aboutLinks: NavLinkItem[] = [
  { to: "/about/our-story", label: "Our Story" },
  { to: "/about/what-we-believe", label: "What We Believe" },
  { to: "/about/mission-vision", label: "Mission & Vision" },
  { to: "/about/our-team", label: "Our Team" },
];

/** Top navigation after Home and the About menu. */
export const mainLinks: NavLinkItem[] = [
  { to: "/ministries", label: "Ministries" },
  { to: "/events", label: "Events" },
  { to: "/media", label: "Media" },
  { to: "/connect", label: "Connect" },
];

export const footerLinks: NavLinkItem[] = [
  { to: "/about", label: "About" },
  { to: "/ministries", label: "Ministries" },
  { to: "/events", label: "Events" },
  { to: "/media", label: "Media" },
];
