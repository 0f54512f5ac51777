import { CheckCircle2, Eye, Handshake, Heart, Sprout, Target, UsersRound } from "lucide-react";
import { AboutPage, aboutLinks } from "~/components/about-more";
import { InfoSection } from "~/components/info-section";
import { RichText } from "~/components/rich-text";
import { localeOfRequest, sectionLang, useT } from "~/lib/i18n";
import { metaLocale, pageMeta } from "~/lib/meta";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/mission-vision";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const { about, englishOnly } = await getSiteContent(localeOfRequest(request));
  const { mission, vision, coreValues, goals } = about;
  return {
    mission,
    vision,
    coreValues,
    goals,
    more: aboutLinks(about.sections),
    missionLang: sectionLang(englishOnly, "mission-vision"),
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  return pageMeta(matches, t("about.missionVision"), (church) =>
    t("about.mission.metaDescription", { church: church.name }),
  );
}

const valueIcons = [Heart, UsersRound, Handshake, Sprout];

export default function MissionVision({ loaderData }: Route.ComponentProps) {
  const { mission, vision, coreValues, goals, more, missionLang } = loaderData;
  const t = useT();
  return (
    <AboutPage
      title={t("about.missionVision")}
      description={t("about.mission.description")}
      more={more}
      current="/about/mission-vision"
    >
      <section aria-label={t("about.mission.label")} className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="grid gap-6 md:grid-cols-2">
          {[
            { id: "mission", title: t("about.mission.mission"), text: mission, icon: Target },
            { id: "vision", title: t("about.mission.vision"), text: vision, icon: Eye },
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
              <div
                lang={missionLang}
                className="mt-3 space-y-3 text-lg leading-relaxed text-slate-200 [&_a]:text-gold"
              >
                <RichText value={text} />
              </div>
            </article>
          ))}
        </div>
      </section>

      <InfoSection headingId="values-heading" title={t("about.mission.values")} muted>
        <ul lang={missionLang} className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
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

      <InfoSection headingId="goals-heading" title={t("about.mission.goals")} width="max-w-5xl">
        <ul lang={missionLang} className="mt-10 grid gap-4 md:grid-cols-2">
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
