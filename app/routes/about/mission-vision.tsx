import { CheckCircle2, Eye, Handshake, Heart, Sprout, Target, UsersRound } from "lucide-react";
import { AboutPage, aboutLinks } from "~/components/about-more";
import { InfoSection } from "~/components/info-section";
import { RichText } from "~/components/rich-text";
import { pageMeta } from "~/lib/meta";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/mission-vision";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

export async function loader() {
  const { about } = await getSiteContent();
  const { mission, vision, coreValues, goals } = about;
  return { mission, vision, coreValues, goals, more: aboutLinks(about.sections) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Mission & Vision",
    (church) =>
      `Why ${church.name} exists and where we are going: our mission, our vision, our core values of love, unity, service and growth, and our goals.`,
  );
}

const valueIcons = [Heart, UsersRound, Handshake, Sprout];

export default function MissionVision({ loaderData }: Route.ComponentProps) {
  const { mission, vision, coreValues, goals, more } = loaderData;
  return (
    <AboutPage
      title="Mission & Vision"
      description="Why we exist, where we are going, and what shapes our life together."
      more={more}
      current="/about/mission-vision"
    >
      <section aria-label="Mission and vision" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="grid gap-6 md:grid-cols-2">
          {[
            { id: "mission", title: "Our Mission", text: mission, icon: Target },
            { id: "vision", title: "Our Vision", text: vision, icon: Eye },
          ].map(({ id, title, text, icon: Icon }) => (
            <article
              key={id}
              aria-labelledby={`${id}-heading`}
              className="rounded-xl bg-navy p-8 text-white shadow-sm"
            >
              <span className="flex size-12 items-center justify-center rounded-full bg-white/10 text-gold">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h2 id={`${id}-heading`} className="mt-4 text-2xl font-bold">
                {title}
              </h2>
              <div className="mt-3 space-y-3 text-lg leading-relaxed text-slate-200 [&_a]:text-gold">
                <RichText value={text} />
              </div>
            </article>
          ))}
        </div>
      </section>

      <InfoSection headingId="values-heading" title="Our Core Values" muted>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {coreValues.map((value, index) => {
            const Icon = valueIcons[index] ?? Heart;
            return (
              <li
                key={index}
                data-testid="core-value"
                className="rounded-xl border border-border bg-background p-6 text-center shadow-sm"
              >
                <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-gold/20 text-accent-text">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-xl font-semibold text-navy">{value.title}</h3>
                <p className="mt-2 text-muted-foreground">{value.description}</p>
              </li>
            );
          })}
        </ul>
      </InfoSection>

      <InfoSection headingId="goals-heading" title="Our Goals" width="max-w-5xl">
        <ul className="mt-10 grid gap-4 md:grid-cols-2">
          {goals.map((goal, index) => (
            <li key={index} data-testid="goal" className="flex gap-3 rounded-lg border border-border p-4">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{goal}</span>
            </li>
          ))}
        </ul>
      </InfoSection>
    </AboutPage>
  );
}
