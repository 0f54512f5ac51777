import { BookOpen, Compass, History, UsersRound } from "lucide-react";
import { useAboutSection } from "~/components/about-more";
import { ArrowLink } from "~/components/arrow-link";
import { IconCard } from "~/components/info-section";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { localeOfRequest, sectionLang, useLocalePath, useT } from "~/lib/i18n";
import { metaLocale, pageMeta } from "~/lib/meta";
import { useSiteFrame } from "~/lib/site-frame";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/index";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const { about, englishOnly } = await getSiteContent(localeOfRequest(request));
  return { sections: about.sections, summaryLang: sectionLang(englishOnly, "church") };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  return pageMeta(matches, t("about.aboutUs"), (church) =>
    t("about.metaDescription", { church: church.name }),
  );
}

const sectionIcons = [History, BookOpen, Compass, UsersRound];

export default function About({ loaderData }: Route.ComponentProps) {
  const { church } = useSiteFrame();
  const t = useT();
  const href = useLocalePath();
  const inLanguage = useAboutSection();
  return (
    <>
      <PageHeader
        eyebrow={t("about.aboutUs")}
        title={t("about.title")}
        description={church.summary}
        descriptionLang={loaderData.summaryLang}
      />
      <section aria-label={t("about.sections")} className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.sections.map(inLanguage).map((section, index) => (
            <IconCard
              key={section.to}
              icon={sectionIcons[index] ?? BookOpen}
              title={section.title}
              titleLevel="h2"
              testId="about-card"
            >
              <p className="mt-2 flex-1 text-muted-foreground">{section.description}</p>
              <ArrowLink
                to={href(section.to)}
                className={buttonVariants({ variant: "outline", className: "mt-6 h-11 self-start" })}
              >
                {t("common.learnMore")}
                <span className="sr-only">: {section.title}</span>
              </ArrowLink>
            </IconCard>
          ))}
        </ul>
      </section>
    </>
  );
}
