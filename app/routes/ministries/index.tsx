import { ArrowLink } from "~/components/arrow-link";
import { MinistryLogo } from "~/components/ministry-logo";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/index";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

const page = {
  title: "Our Ministries",
  eyebrow: "Serve With Us",
  description:
    "There is a place for everyone to grow, serve and belong. Find the ministry where your gifts can shine.",
  metaDescription:
    "Explore the ministries of our church in Bahrain: children, music, prayer, media, men, couples, evangelism and more. Find your place to serve.",
};

export async function loader() {
  const content = await getSiteContent();
  return {
    ministries: content
      .ministriesByName()
      .map(({ slug, name, description, logo }) => ({ slug, name, description, logo })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, page.title, page.metaDescription);
}

export default function Ministries({ loaderData }: Route.ComponentProps) {
  const { ministries } = loaderData;
  return (
    <>
      <PageHeader eyebrow={page.eyebrow} title={page.title} description={page.description} />

      <section aria-label="All ministries" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6" data-testid="ministry-list">
          {ministries.map((ministry) => (
            <li
              key={ministry.slug}
              className="flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm transition-shadow hover:shadow-md"
              data-testid="ministry-card"
            >
              <div className="flex items-center gap-4">
                <MinistryLogo ministry={ministry} className="size-14" />
                <h2 className="text-lg font-semibold leading-snug text-navy">{ministry.name}</h2>
              </div>
              <p className="mt-4 flex-1 text-sm leading-relaxed text-muted-foreground">
                {ministry.description}
              </p>
              <ArrowLink
                to={`/ministries/${ministry.slug}`}
                className={buttonVariants({
                  variant: "outline",
                  className: "mt-5 min-h-11 self-start text-primary",
                })}
              >
                Learn More
                <span className="sr-only"> about {ministry.name}</span>
              </ArrowLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="connect-heading" className="bg-muted">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div>
            <h2 id="connect-heading" className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">
              Not sure where you fit?
            </h2>
            <p className="mt-3 max-w-2xl text-muted-foreground">
              Tell us a little about yourself and we will help you find a ministry where you can use your
              gifts and make friends along the way.
            </p>
          </div>
          <ArrowLink to="/connect" className={buttonVariants({ size: "lg", className: "shrink-0" })}>
            Get Connected Today
          </ArrowLink>
        </div>
      </section>
    </>
  );
}
