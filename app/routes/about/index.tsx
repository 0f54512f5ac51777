import { BookOpen, Compass, History, UsersRound } from "lucide-react";
import { ArrowLink } from "~/components/arrow-link";
import { IconCard } from "~/components/info-section";
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
          {loaderData.sections.map((section, index) => (
            <IconCard
              key={section.to}
              icon={sectionIcons[index] ?? BookOpen}
              title={section.title}
              titleLevel="h2"
              testId="about-card"
            >
              <p className="mt-2 flex-1 text-muted-foreground">{section.description}</p>
              <ArrowLink
                to={section.to}
                className={buttonVariants({ variant: "outline", className: "mt-6 h-11 self-start" })}
              >
                Learn More<span className="sr-only">: {section.title}</span>
              </ArrowLink>
            </IconCard>
          ))}
        </ul>
      </section>
    </>
  );
}
