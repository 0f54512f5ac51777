import { BookOpen, Church, Cross, Sparkles } from "lucide-react";
import { AboutMore, aboutLinks } from "~/components/about-more";
import { PageHeader } from "~/components/page-header";
import { pageMeta } from "~/lib/meta";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/what-we-believe";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

export async function loader() {
  const { about } = await getSiteContent();
  const { beliefs, statementOfFaith } = about;
  return { beliefs, statementOfFaith, more: aboutLinks(about.sections) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "What We Believe",
    (church) =>
      `The foundations of faith at ${church.name}: the Trinity, salvation by grace, the authority of Scripture and the Church, with our statement of faith.`,
  );
}

const beliefIcons = [Sparkles, Cross, BookOpen, Church];

export default function WhatWeBelieve({ loaderData }: Route.ComponentProps) {
  const { beliefs, statementOfFaith, more } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="About Us"
        title="What We Believe"
        description="Our faith rests on Jesus Christ and the truth of God's Word."
      />

      <section aria-labelledby="foundations-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="text-center">
          <h2 id="foundations-heading" className="text-3xl font-bold tracking-tight text-navy">
            Our Foundation
          </h2>
          <p className="mt-3 text-muted-foreground">Four truths at the heart of everything we do.</p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {beliefs.map((belief, index) => {
            const Icon = beliefIcons[index] ?? BookOpen;
            return (
              <li
                key={index}
                data-testid="belief"
                className="flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm"
              >
                <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-xl font-semibold text-navy">{belief.title}</h3>
                <p className="mt-2 flex-1 text-muted-foreground">{belief.description}</p>
                <p className="mt-4 text-sm font-semibold text-accent-text">
                  <cite className="not-italic">{belief.verse}</cite>
                </p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="statement-heading" className="bg-muted">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="statement-heading" className="text-center text-3xl font-bold tracking-tight text-navy">
            Statement of Faith
          </h2>
          <ol className="mt-10 space-y-4">
            {statementOfFaith.map((article, index) => (
              <li
                key={index}
                data-testid="statement"
                className="flex gap-4 rounded-xl border border-border bg-background p-5 shadow-sm"
              >
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-navy text-sm font-bold text-gold"
                >
                  {index + 1}
                </span>
                <p className="text-foreground">{article}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <AboutMore sections={more} current="/about/what-we-believe" />
    </>
  );
}
