import { Mail, Phone } from "lucide-react";
import { AboutPage, aboutLinks } from "~/components/about-more";
import { InfoSection } from "~/components/info-section";
import { PastorPortrait } from "~/components/pastor-portrait";
import { RichText } from "~/components/rich-text";
import { localeOfRequest, sectionLang, useT } from "~/lib/i18n";
import { metaLocale, pageMeta } from "~/lib/meta";
import { telHref } from "~/lib/tel";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/our-team";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const { about, pastors, englishOnly } = await getSiteContent(localeOfRequest(request));
  return {
    pastors,
    leadershipPhilosophy: about.leadershipPhilosophy,
    more: aboutLinks(about.sections),
    pastorsLang: sectionLang(englishOnly, "pastors"),
    leadershipLang: sectionLang(englishOnly, "leadership"),
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  return pageMeta(matches, t("about.ourTeam"), (church) =>
    t("about.team.metaDescription", { church: church.name }),
  );
}

const contactLink =
  "flex min-h-11 items-center gap-2 rounded-md text-sm font-medium text-primary hover:underline underline-offset-4 [overflow-wrap:anywhere]";

export default function OurTeam({ loaderData }: Route.ComponentProps) {
  const { pastors, leadershipPhilosophy, more, pastorsLang, leadershipLang } = loaderData;
  const t = useT();
  return (
    <AboutPage
      title={t("about.ourTeam")}
      description={t("about.team.description")}
      more={more}
      current="/about/our-team"
    >
      <InfoSection headingId="pastors-heading" title={t("about.team.pastors")}>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {pastors.map((pastor, index) => (
            <li
              key={index}
              data-testid="pastor-card"
              className="flex flex-col overflow-hidden rounded-xl border border-border bg-background shadow-sm"
            >
              <PastorPortrait name={pastor.name} image={pastor.image} index={index} />
              <div className="flex flex-1 flex-col p-6">
                <h3 lang={pastorsLang} className="text-xl font-semibold text-navy">
                  {pastor.name}
                </h3>
                <p
                  lang={pastorsLang}
                  className="mt-1 text-sm font-semibold uppercase tracking-wide text-accent-text"
                >
                  {pastor.title}
                </p>
                <div lang={pastorsLang} className="mt-3 flex-1 space-y-3 text-muted-foreground">
                  <RichText value={pastor.description} />
                </div>
                {pastor.email || pastor.phone ? (
                  <div className="mt-4 border-t border-border pt-2">
                    {pastor.email ? (
                      <a href={`mailto:${pastor.email}`} className={contactLink}>
                        <Mail className="size-4 shrink-0" aria-hidden="true" />
                        <span className="sr-only">{`${t("about.team.email")}: `}</span>
                        <span>
                          {/* Let a long address wrap after the @ rather than mid-word. */}
                          {pastor.email.split("@")[0]}@<wbr />
                          {pastor.email.split("@").slice(1).join("@")}
                        </span>
                      </a>
                    ) : null}
                    {pastor.phone ? (
                      <a href={telHref(pastor.phone)} className={contactLink}>
                        <Phone className="size-4 shrink-0" aria-hidden="true" />
                        <span className="sr-only">{`${t("about.team.phone")}: `}</span>
                        {pastor.phone}
                      </a>
                    ) : null}
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </InfoSection>

      <section aria-labelledby="philosophy-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <div lang={leadershipLang} className="mx-auto max-w-3xl text-center">
            <h2 id="philosophy-heading" className="text-3xl font-bold tracking-tight text-navy">
              {leadershipPhilosophy.title}
            </h2>
            <div className="mt-4 space-y-3 text-lg text-muted-foreground">
              <RichText value={leadershipPhilosophy.introduction} />
            </div>
            <p className="mt-2 text-sm font-semibold text-accent-text">
              <cite className="not-italic">{leadershipPhilosophy.verse}</cite>
            </p>
          </div>
          <ul lang={leadershipLang} className="mt-10 grid gap-6 md:grid-cols-3">
            {leadershipPhilosophy.principles.map((principle, index) => (
              <li key={index} className="rounded-xl border border-border bg-background p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-navy">{principle.title}</h3>
                <p className="mt-2 text-muted-foreground">{principle.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </AboutPage>
  );
}
