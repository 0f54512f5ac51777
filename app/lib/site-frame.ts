import { useRouteLoaderData } from "react-router";
import type { Church, ServiceTime, SocialLink } from "~/content/church";
import type { Navigation } from "~/content/navigation";

/** The church's facts every page's frame shows; the root loader sends it with each page. */
export interface SiteFrame {
  church: Church;
  socialLinks: SocialLink[];
  serviceTimes: ServiceTime[];
  navigation: Navigation;
}

/** The site frame from the root loader, or undefined when that loader failed. */
export function useOptionalSiteFrame(): SiteFrame | undefined {
  return (useRouteLoaderData("root") as { site?: SiteFrame } | undefined)?.site;
}

/** For route components, which render only after the root loader has succeeded. */
export function useSiteFrame(): SiteFrame {
  const site = useOptionalSiteFrame();
  if (!site) throw new Error("The root loader sent no site frame.");
  return site;
}

// The spec hides the site header and footer on these members screens (full-screen tools).
const FRAMELESS_SCREENS = [
  "forms",
  "edit",
  "profile",
  "upload",
  "add-sermon",
  "add-ministry-video",
  "update-ministry-image",
  "add-event",
  "ministry-registrations",
  "event-registrations",
  "messages",
  "site",
  "notifications",
];

export function isFrameHidden(pathname: string): boolean {
  const [first, second] = pathname.replace(/\/+$/, "").split("/").filter(Boolean);
  return first === "members" && second !== undefined && FRAMELESS_SCREENS.includes(second);
}
