import { ArrowRight, BookOpen, Compass, History, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { useSiteFrame } from "~/lib/site-frame";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/index";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

export async function loader() {
  const { about } = await getSiteContent();
  return { sections: about.sections };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "About Us",
    (church) =>
      `Get to know ${church.name}: our story, what we believe, our mission and vision, and the pastors who serve our church family.`,
  );
}

const sectionIcons = [History, BookOpen, Compass, UsersRound];

export default function About({ loaderData }: Route.ComponentProps) {
  const { church } = useSiteFrame();
  return (
    <>
      <PageHeader eyebrow="About Us" title="Who We Are" description={church.summary} />
      <section aria-label="About sections" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.sections.map((section, index) => {
            const Icon = sectionIcons[index] ?? BookOpen;
            return (
              <li
                key={section.to}
                data-testid="about-card"
                className="flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm"
              >
                <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h2 className="mt-4 text-xl font-semibold text-navy">{section.title}</h2>
                <p className="mt-2 flex-1 text-muted-foreground">{section.description}</p>
                <Link
                  to={section.to}
                  className={buttonVariants({ variant: "outline", className: "mt-6 h-11 self-start" })}
                >
                  Learn More<span className="sr-only">: {section.title}</span>
                  <ArrowRight aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
