import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { ReactNode } from "react";
import type { AboutSection } from "~/content/about";
import { PageHeader } from "./page-header";

export type AboutLink = Pick<AboutSection, "title" | "to">;

/** Only what the links need, for a loader to send. */
export function aboutLinks(sections: AboutSection[]): AboutLink[] {
  return sections.map(({ title, to }) => ({ title, to }));
}

/** The foot of each About page: the other three About pages, so a reader can keep going. */
export function AboutMore({ sections, current }: { sections: AboutLink[]; current: string }) {
  const others = sections.filter((section) => section.to !== current);
  return (
    <nav aria-labelledby="about-more-heading" className="border-t border-border bg-muted">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="about-more-heading" className="text-lg font-semibold text-navy">
          More about us
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {others.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
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
  description: string;
  more: AboutLink[];
  current: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow="About Us" title={title} description={description} />
      {children}
      <AboutMore sections={more} current={current} />
    </>
  );
}
