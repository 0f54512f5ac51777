import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { ReactNode } from "react";
import type { AboutSection } from "~/content/about";
import { useLocale, useLocalePath, useT, type MessageKey } from "~/lib/i18n";
import { PageHeader } from "./page-header";

export type AboutLink = Pick<AboutSection, "title" | "to">;

/** Only what the links need, for a loader to send. */
export function aboutLinks(sections: AboutSection[]): AboutLink[] {
  return sections.map(({ title, to }) => ({ title, to }));
}

// The four About pages' names and lines are fixed (app/content/about.ts): in another language
// than English they are the interface's own messages.
const SECTION_MESSAGES: Record<string, { title: MessageKey; description: MessageKey }> = {
  "/about/our-story": { title: "about.ourStory", description: "about.ourStoryText" },
  "/about/what-we-believe": { title: "about.whatWeBelieve", description: "about.whatWeBelieveText" },
  "/about/mission-vision": { title: "about.missionVision", description: "about.missionVisionText" },
  "/about/our-team": { title: "about.ourTeam", description: "about.ourTeamText" },
};

/** An About section's title and line in the page's language (English: as the content has them). */
export function useAboutSection(): <T extends Partial<AboutSection> & { to: string }>(section: T) => T {
  const locale = useLocale();
  const t = useT();
  return (section) => {
    const messages = SECTION_MESSAGES[section.to];
    if (locale === "en" || !messages) return section;
    return {
      ...section,
      ...(section.title === undefined ? {} : { title: t(messages.title) }),
      ...(section.description === undefined ? {} : { description: t(messages.description) }),
    };
  };
}

/** The foot of each About page: the other three About pages, so a reader can keep going. */
export function AboutMore({ sections, current }: { sections: AboutLink[]; current: string }) {
  const t = useT();
  const href = useLocalePath();
  const inLanguage = useAboutSection();
  const others = sections.filter((section) => section.to !== current).map(inLanguage);
  return (
    <nav aria-labelledby="about-more-heading" className="border-t border-border bg-muted">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="about-more-heading" className="text-lg font-semibold text-navy">
          {t("about.moreAboutUs")}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {others.map((section) => (
            <li key={section.to}>
              <Link
                to={href(section.to)}
                className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-border bg-background px-4 py-3 font-medium text-primary shadow-sm transition-colors hover:border-primary/40 hover:bg-primary/5"
              >
                {section.title}
                <ArrowRight className="size-4 shrink-0" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/** One of the About pages: the header, the page's own bands, and the other About pages at its foot. */
export function AboutPage({
  title,
  description,
  more,
  current,
  children,
}: {
  title: string;
  description: ReactNode;
  more: AboutLink[];
  current: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("about.aboutUs")} title={title} description={description} />
      {children}
      <AboutMore sections={more} current={current} />
    </>
  );
}
