import { getSiteContent } from "./site-content.server";

const LIST = new Intl.ListFormat("en", { style: "long", type: "conjunction" });

/**
 * The ministries of `slugs` named as a sentence says them ("Amplify and ACTS Kids"), in the
 * site's order of names; empty for none. Screens of a role limited to ministries say whose rows
 * they show.
 */
export async function ministryNames(slugs: readonly string[]): Promise<string> {
  const content = await getSiteContent();
  const names = content
    .ministriesByName()
    .filter((ministry) => slugs.includes(ministry.slug))
    .map((ministry) => ministry.name);
  return LIST.format(names);
}
