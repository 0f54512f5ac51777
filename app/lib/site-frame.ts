import { useRouteLoaderData } from "react-router";
import type { Church, ServiceTime, SocialLink } from "~/content/church";
import type { Navigation } from "~/content/navigation";

/** The church's facts every page's frame shows; the root loader sends it with each page. */
export interface SiteFrame {
  church: Church;
  socialLinks: SocialLink[];
  serviceTimes: ServiceTime[];
  navigation: Navigation;
  /** The public forms' notice line and e-mail consent box (issue 23). */
  privacy: { formNotice: string; emailConsent: string };
  /** Of the frame's sections (church, service-times, privacy), those standing in English (issue 39). */
  englishOnly: readonly string[];
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

/** The route id of the members layout: inside it, the site header and footer are not shown. */
export const MEMBERS_LAYOUT_ID = "routes/members/home/layout";
