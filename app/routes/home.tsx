import { BookOpen, CalendarDays, Church, Clock, HeartHandshake } from "lucide-react";
import { Link } from "react-router";
import { ArrowLink } from "~/components/arrow-link";
import { IconCard, InfoSection } from "~/components/info-section";
import { ChurchJsonLd } from "~/components/json-ld";
import { buttonVariants } from "~/components/ui/button";
import { churchOf, pageMeta } from "~/lib/meta";
import { isWeekly, serviceStartsAt } from "~/lib/service-times";
import { useSiteFrame } from "~/lib/site-frame";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/home";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

export async function loader() {
  const { home, serviceTimes } = await getSiteContent();
  const worship = serviceTimes.find(isWeekly);
  return {
    hero: home.hero,
    upcoming: home.upcoming,
    worshipStartsAt: worship ? serviceStartsAt(worship) : null,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const invitation = loaderData?.worshipStartsAt ? ` Join us for worship ${loaderData.worshipStartsAt}.` : "";
  return pageMeta(
    matches,
    churchOf(matches)?.name ?? "",
    (church) => `${church.tagline}. ${church.summary}${invitation}`,
  );
}

const itemIcons = [Church, BookOpen, HeartHandshake];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { church, socialLinks, serviceTimes } = useSiteFrame();
  return (
    <>
      <ChurchJsonLd church={church} socialLinks={socialLinks} serviceTimes={serviceTimes} />
      <section className="on-dark relative isolate overflow-hidden bg-navy text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,rgba(245,184,61,0.25),transparent_45%),radial-gradient(circle_at_80%_70%,rgba(59,130,246,0.35),transparent_50%)]"
        />
        <div className="mx-auto flex max-w-7xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold">
            {loaderData.hero.heading}
          </p>
          <h1 className="mt-4 max-w-3xl font-serif text-4xl font-bold leading-tight sm:text-6xl">
            {loaderData.hero.subheading}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200">{loaderData.hero.text}</p>
          <ArrowLink
            to="/about"
            className={buttonVariants({ variant: "gold", size: "lg", className: "mt-10" })}
          >
            Join Us This Friday
          </ArrowLink>
        </div>
      </section>

      <InfoSection
        headingId="upcoming-heading"
        title="Upcoming at Church"
        intro="Come as you are: there is a place for you every week."
      >
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {loaderData.upcoming.map((item, index) => (
            <IconCard key={index} icon={itemIcons[index] ?? Church} title={item.title}>
              <p className="mt-2 flex items-center gap-2 text-sm font-medium text-accent-text">
                <CalendarDays className="size-4" aria-hidden="true" />
                {item.date}
                {item.time ? (
                  <>
                    <Clock className="ml-2 size-4" aria-hidden="true" />
                    {item.time}
                  </>
                ) : null}
              </p>
              <p className="mt-3 text-muted-foreground">{item.description}</p>
            </IconCard>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <ArrowLink to="/events" className={buttonVariants({ size: "lg" })}>
            View All Events
          </ArrowLink>
        </div>
      </InfoSection>

      <section aria-labelledby="welcome-heading" className="bg-muted">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-2 md:items-center lg:px-8">
          <div>
            <h2 id="welcome-heading" className="text-3xl font-bold tracking-tight text-navy">
              You Belong Here
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">
              Whether you are new to Bahrain, new to faith or looking for a church family, we would love to
              meet you. Send us a message, or come and learn who we are and what we believe.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row md:justify-end">
            <Link to="/connect" className={buttonVariants({ size: "lg" })}>
              Connect With Us
            </Link>
            <Link to="/about" className={buttonVariants({ variant: "outline", size: "lg" })}>
              Learn About Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
