import { BookOpen, Church, Cross, Sparkles } from "lucide-react";
import { AboutPage, aboutLinks } from "~/components/about-more";
import { IconCard, InfoSection } from "~/components/info-section";
import { localeOfRequest, sectionLang, useT } from "~/lib/i18n";
import { metaLocale, pageMeta } from "~/lib/meta";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/what-we-believe";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const { about, englishOnly } = await getSiteContent(localeOfRequest(request));
  const { beliefs, statementOfFaith } = about;
  return {
    beliefs,
    statementOfFaith,
    more: aboutLinks(about.sections),
    beliefsLang: sectionLang(englishOnly, "what-we-believe"),
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  return pageMeta(matches, t("about.whatWeBelieve"), (church) =>
    t("about.believe.metaDescription", { church: church.name }),
  );
}

const beliefIcons = [Sparkles, Cross, BookOpen, Church];

export default function WhatWeBelieve({ loaderData }: Route.ComponentProps) {
  const { beliefs, statementOfFaith, more, beliefsLang } = loaderData;
  const t = useT();
  return (
    <AboutPage
      title={t("about.whatWeBelieve")}
      description={t("about.believe.description")}
      more={more}
      current="/about/what-we-believe"
    >
      <InfoSection
        headingId="foundations-heading"
        title={t("about.believe.foundation")}
        intro={t("about.believe.foundationIntro")}
      >
        <ul lang={beliefsLang} className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {beliefs.map((belief, index) => (
            <IconCard key={index} icon={beliefIcons[index] ?? BookOpen} title={belief.title} testId="belief">
              <p className="mt-2 flex-1 text-muted-foreground">{belief.description}</p>
              <p className="mt-4 text-sm font-semibold text-accent-text">
                <cite className="not-italic">{belief.verse}</cite>
              </p>
            </IconCard>
          ))}
        </ul>
      </InfoSection>

      <InfoSection headingId="statement-heading" title={t("about.believe.statement")} muted width="max-w-3xl">
        <ol lang={beliefsLang} className="mt-10 space-y-4">
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
      </InfoSection>
    </AboutPage>
  );
}
