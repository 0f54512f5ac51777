import { Flag, Globe2, HeartHandshake } from "lucide-react";
import { Link } from "react-router";
import { AboutPage, aboutLinks } from "~/components/about-more";
import { InfoSection } from "~/components/info-section";
import { RichText } from "~/components/rich-text";
import { buttonVariants } from "~/components/ui/button";
import { localeOfRequest, sectionLang, useLocalePath, useT } from "~/lib/i18n";
import { metaLocale, pageMeta } from "~/lib/meta";
import { inLang, useRichT } from "~/lib/text-lang";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/our-story";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const { about, englishOnly } = await getSiteContent(localeOfRequest(request));
  const { founding, story, timeline } = about;
  return {
    founding,
    story,
    timeline,
    more: aboutLinks(about.sections),
    storyLang: sectionLang(englishOnly, "our-story"),
  };
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  const founding = loaderData?.founding;
  return pageMeta(
    matches,
    t("about.ourStory"),
    founding &&
      ((church) =>
        t("about.story.metaDescription", {
          church: church.name,
          year: founding.year,
          community: founding.community,
        })),
  );
}

export default function OurStory({ loaderData }: Route.ComponentProps) {
  const { founding, story, timeline, more, storyLang } = loaderData;
  const t = useT();
  const richT = useRichT();
  const href = useLocalePath();
  const highlights = [
    { icon: Flag, label: t("about.story.founded"), value: founding.year },
    { icon: Globe2, label: t("about.story.for"), value: founding.audience },
    { icon: HeartHandshake, label: t("about.story.where"), value: founding.place },
  ];
  // The founding year and community are the church's text: in English on a Filipino page until
  // translated, in their own lang inside the page's sentence.
  const community = inLang(founding.community, storyLang);
  return (
    <AboutPage
      title={t("about.ourStory")}
      description={richT("about.story.foundedIn", { year: founding.year, community })}
      more={more}
      current="/about/our-story"
    >
      <section aria-labelledby="story-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr] lg:items-start">
          <div>
            <h2 id="story-heading" className="text-3xl font-bold tracking-tight text-navy">
              {t("about.story.howItBegan")}
            </h2>
            <div lang={storyLang} className="mt-6 space-y-4 text-lg leading-relaxed text-muted-foreground">
              <RichText value={story} />
            </div>
          </div>
          <ul
            aria-label={t("about.story.atAGlance")}
            className="grid gap-4 rounded-xl bg-navy p-6 text-white shadow-sm sm:grid-cols-3 lg:grid-cols-1"
          >
            {highlights.map(({ icon: Icon, label, value }) => (
              <li key={label} className="flex items-center gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10 text-gold">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <p>
                  <span className="block text-sm text-slate-300">{label}</span>
                  <span lang={storyLang} className="block font-semibold">
                    {value}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <InfoSection headingId="timeline-heading" title={t("about.story.journey")} muted width="max-w-3xl">
        <ol lang={storyLang} className="relative mt-10 space-y-8 border-l-2 border-primary/20 pl-8 sm:pl-10">
          {timeline.map((entry, index) => (
            <li key={index} data-testid="timeline-entry" className="relative">
              <span
                aria-hidden="true"
                className="absolute -left-[calc(2rem+9px)] top-1.5 size-4 rounded-full border-4 border-muted bg-gold ring-2 ring-gold sm:-left-[calc(2.5rem+9px)]"
              />
              <p className="text-sm font-bold uppercase tracking-wider text-accent-text">{entry.year}</p>
              <h3 className="mt-1 text-xl font-semibold text-navy">{entry.title}</h3>
              <p className="mt-2 text-muted-foreground">{entry.description}</p>
            </li>
          ))}
        </ol>
      </InfoSection>

      <section
        aria-labelledby="next-heading"
        className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8"
      >
        <h2 id="next-heading" className="text-2xl font-bold tracking-tight text-navy">
          {t("about.story.nextChapter")}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{t("about.story.nextChapterText")}</p>
        <Link to={href("/connect")} className={buttonVariants({ size: "lg", className: "mt-6" })}>
          {t("common.connectWithUs")}
        </Link>
      </section>
    </AboutPage>
  );
}
