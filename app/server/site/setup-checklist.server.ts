import { demoContentSummary, type DemoContentSummary } from "../content/demo-content.server";
import { can, type Access } from "~/lib/permissions";
import { openSetupOf } from "../auth/first-admin-setup.server";
import { siteAddress } from "../platform/site-origin.server";
import { isMailSetUp } from "../settings/mail-settings.server";
import { defaultSiteContent, getSiteContent, type SiteContent } from "./site-content.server";
import { translationCount } from "./site-translations.server";

// "Set up your website": what still holds a placeholder or demo value, each with where to fix it.
// Worked out on every dashboard load from the content as saved and the demo rows, so an item is
// gone as soon as its value is changed; nothing is stored.

export type ChecklistItemKey =
  | "phone"
  | "email"
  | "address"
  | "social"
  | "pastors"
  | "ministry-leaders"
  | "demo-sermons"
  | "demo-events"
  | "demo-documents"
  | "site-address"
  | "mail-server"
  | "setup-password"
  | "setup-profile"
  | "setup-church"
  | "translations";

export interface ChecklistItem {
  key: ChecklistItemKey;
  /** What is left to do, as a sentence. */
  label: string;
  /** The placeholder value still shown, or which entries are concerned. */
  detail?: string;
  /** The screen where it is fixed; none for what is set on the server. */
  href?: string;
  /** The link's text (its accessible name adds the label). */
  linkText?: string;
}

export interface SetupChecklist {
  items: ChecklistItem[];
  /**
   * What would help without being wrong as it is (the Filipino translations): listed after the
   * items, and never the reason the checklist shows.
   */
  suggestions: ChecklistItem[];
  /** The demo rows by title, for the "Remove demo content" confirmation. */
  demo: DemoContentSummary;
}

/** The first sign-in set-up and the site address screen. */
export const WELCOME_PATH = "/members/welcome";
export const SITE_ADDRESS_PATH = "/members/settings/site-address";

const EXAMPLE_EMAIL = /@example\.(org|com)$/i;
/** The spec's placeholder phone number writes its digits as X ("+973 XXXX XXXX"). */
const PLACEHOLDER_PHONE = /x{2}/i;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A list of names for a detail line: the first few, then how many more. */
function someOf(names: string[], shown = 3) {
  if (names.length <= shown) return names.join(", ");
  return `${names.slice(0, shown).join(", ")} and ${names.length - shown} more`;
}

/** A link to a platform's home page (no page path), which the placeholders are. */
function isHomePageLink(href: string) {
  try {
    const url = new URL(href);
    return (url.pathname === "/" || url.pathname === "") && !url.search;
  } catch {
    return false;
  }
}

/** The demo content the seed adds, each with the screen where staff manage it. */
const DEMO_ITEMS = [
  {
    kind: "sermons",
    one: "demo sermon is",
    many: "demo sermons are",
    href: "/members/add-sermon",
    linkText: "Manage sermons",
  },
  {
    kind: "events",
    one: "demo event is",
    many: "demo events are",
    href: "/members/add-event",
    linkText: "Manage events",
  },
  {
    kind: "documents",
    one: "demo eLibrary document is",
    many: "demo eLibrary documents are",
    href: "/members/upload",
    linkText: "Manage files",
  },
] as const;

/** The items for this content and these demo rows, in the order to do them. Pure, for tests. */
export function checklistItems(
  content: SiteContent,
  defaults: SiteContent,
  demo: DemoContentSummary,
): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  const { church } = content;
  const churchLink = { href: "/members/site/church", linkText: "Edit church details" };

  if (PLACEHOLDER_PHONE.test(church.phone))
    items.push({
      key: "phone",
      label: "The phone number is still a placeholder.",
      detail: church.phone,
      ...churchLink,
    });

  const email = church.email.trim().toLowerCase();
  if (email === defaults.church.email.toLowerCase() || EXAMPLE_EMAIL.test(email))
    items.push({
      key: "email",
      label: "The e-mail address is still an example.",
      detail: church.email,
      ...churchLink,
    });

  if (church.address.trim() === defaults.church.address.trim())
    items.push({
      key: "address",
      label: "The street address is still the default.",
      detail: church.address,
      ...churchLink,
    });

  // An empty link hides its icon, which is fine: only links that lead nowhere in particular count.
  const homePages = content.socialLinks.filter((link) => isHomePageLink(link.href)).map((link) => link.name);
  if (homePages.length > 0)
    items.push({
      key: "social",
      label:
        homePages.length === 1
          ? "A social link still goes to the platform's home page, not the church's page."
          : "Social links still go to the platforms' home pages, not the church's pages.",
      detail: homePages.join(", "),
      ...churchLink,
    });

  const inventedNames = new Set(defaults.pastors.map((pastor) => pastor.name.trim().toLowerCase()));
  const invented = content.pastors.filter(
    (pastor) =>
      inventedNames.has(pastor.name.trim().toLowerCase()) || EXAMPLE_EMAIL.test(pastor.email.trim()),
  );
  if (invented.length > 0)
    items.push({
      key: "pastors",
      label:
        invented.length === 1
          ? "1 pastor is still an invented example."
          : `${invented.length} pastors are still invented examples.`,
      detail: someOf(invented.map((pastor) => pastor.name)),
      href: "/members/site/pastors",
      linkText: "Edit pastors",
    });

  const exampleLeaders = content.ministries.filter(
    (ministry) => ministry.leader.trim() === defaults.ministryBySlug(ministry.slug)?.leader.trim(),
  );
  if (exampleLeaders.length > 0)
    items.push({
      key: "ministry-leaders",
      label:
        exampleLeaders.length === 1
          ? "1 ministry still shows an example leader."
          : `${exampleLeaders.length} ministries still show an example leader.`,
      detail: someOf(exampleLeaders.map((ministry) => ministry.name)),
      // The first one to fix; once it is fixed the link moves on to the next.
      href: `/members/site/ministries/${exampleLeaders[0]!.slug}`,
      linkText: `Edit ${exampleLeaders[0]!.shortName}`,
    });

  for (const { kind, one, many, href, linkText } of DEMO_ITEMS) {
    const titles = demo[kind];
    if (titles.length > 0)
      items.push({
        key: `demo-${kind}`,
        label: `${plural(titles.length, one, many)} still published.`,
        detail: someOf(titles),
        href,
        linkText,
      });
  }

  return items;
}

/** The sections still without a Filipino version, while there are any (issue 39). */
export function translationItem(count: { translated: number; total: number }): ChecklistItem | null {
  if (count.translated >= count.total) return null;
  return {
    key: "translations",
    label: `Filipino: ${count.translated} of ${count.total} sections translated.`,
    detail: "A suggestion: the Filipino pages show a section in English until it has a translation.",
    href: "/members/site#filipino",
    linkText: "Translate sections",
  };
}

/** The first administrator's set-up steps still open, each a line of the checklist. */
const SETUP_ITEMS = {
  password: {
    key: "setup-password",
    label: "The first administrator still signs in with the generated password.",
    linkText: "Replace the password",
  },
  profile: {
    key: "setup-profile",
    label: "Your name and e-mail address are not set yet.",
    linkText: "Set your name and e-mail",
  },
  church: {
    key: "setup-church",
    label: "The church's name has not been confirmed yet.",
    linkText: "Confirm the church's name",
  },
} as const;

/** The site's address, while only the fallback (localhost) is known, for everyone who sees the list. */
function siteAddressItem(viewer: { access: Access } | undefined): ChecklistItem | null {
  const { origin, source } = siteAddress();
  if (source !== "default") return null;
  const canSet = viewer ? can(viewer, "settings:manage") : false;
  return {
    key: "site-address",
    label: "Site address not set",
    detail: `Links in e-mails, the sitemap and link previews point at ${origin} until it is.${canSet ? "" : " An administrator sets it under Site settings."}`,
    ...(canSet ? { href: SITE_ADDRESS_PATH, linkText: "Set the site address" } : {}),
  };
}

/** E-mail, while no mail server is set (in the environment or on the e-mail settings screen). */
function mailServerItem(viewer: { access: Access } | undefined): ChecklistItem | null {
  if (isMailSetUp()) return null;
  const canSet = viewer ? can(viewer, "settings:manage") : false;
  return {
    key: "mail-server",
    label: "E-mail is not set up",
    detail: `Confirmations, notifications and password links wait in the outbox until it is.${canSet ? "" : " An administrator sets it under Site settings."}`,
    ...(canSet ? { href: "/members/settings/email", linkText: "Set up e-mail" } : {}),
  };
}

/**
 * What is left to set up, or null when nothing is (the dashboard then shows no checklist).
 * `viewer` decides the links: the first administrator's own steps are for them only.
 */
export async function setupChecklist(viewer?: {
  id: string;
  access: Access;
}): Promise<SetupChecklist | null> {
  const [content, demo, translations] = await Promise.all([
    getSiteContent(),
    demoContentSummary(),
    translationCount(),
  ]);
  const setup = viewer ? openSetupOf(viewer) : null;
  const items: ChecklistItem[] = (setup?.open ?? []).flatMap((step) =>
    step === "address" ? [] : [{ ...SETUP_ITEMS[step], href: `${WELCOME_PATH}#step-${step}` }],
  );
  const address = siteAddressItem(viewer);
  if (address) items.push(address);
  const mail = mailServerItem(viewer);
  if (mail) items.push(mail);
  items.push(...checklistItems(content, defaultSiteContent(), demo));
  const translation = translationItem(translations);
  return items.length > 0 ? { items, demo, suggestions: translation ? [translation] : [] } : null;
}
