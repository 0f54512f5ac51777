/** Public pages for search engines, in the order of the spec's route table. */
export const PUBLIC_PATHS = [
  "/",
  "/about",
  "/about/our-story",
  "/about/what-we-believe",
  "/about/mission-vision",
  "/about/our-team",
  "/ministries",
  "/events",
  "/connect",
  // Care (issue 38): a prayer request, linked from the Connect page
  "/prayer",
  // Groups (issue 37): the group finder, reached by its address and from the sitemap
  "/groups",
  "/media",
  "/media/sermons",
  "/media/elibrary",
  "/privacy",
  // Privacy (issue 23): members ask here for a link to update their own details
  "/update-my-details",
];

/** Writes data for a <script type="application/ld+json"> without letting it close the tag. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
