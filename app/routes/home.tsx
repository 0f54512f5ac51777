import { BookOpen, CalendarDays, Church, Clock, HeartHandshake } from "lucide-react";
import { Link } from "react-router";
import { ArrowLink } from "~/components/arrow-link";
import { IconCard, InfoSection } from "~/components/info-section";
import { ChurchJsonLd } from "~/components/json-ld";
import { buttonVariants } from "~/components/ui/button";
import { localeOfRequest, sectionLang, translator, useLocalePath, useT } from "~/lib/i18n";
import { churchOf, metaLocale, pageMeta } from "~/lib/meta";
import { isWeekly, homeItemDate, serviceStartsAt } from "~/lib/service-times";
import { useSiteFrame } from "~/lib/site-frame";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/home";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const { home, serviceTimes, church, englishOnly } = await getSiteContent(locale);
  const worship = serviceTimes.find(isWeekly);
  const homeLang = sectionLang(englishOnly, "home");
  // With no heading of the church's own, the hero welcomes in the page's language.
  const welcome = home.hero.heading === `Welcome to ${church.name}`;
  return {
    hero: welcome
      ? { ...home.hero, heading: translator(locale)("site.welcome", { church: church.name }) }
      : home.hero,
    heroHeadingLang: welcome ? undefined : homeLang,
    homeLang,
    // "Every Friday" is the site's words, in the page's language; any other date and its time
    // ("Monthly", "Time TBA") are the church's own text.
    upcoming: home.upcoming.map((item) => {
      const { date, weekly } = homeItemDate(item.date, locale);
      return { ...item, date, dateLang: weekly ? undefined : homeLang };
    }),
    worshipStartsAt: worship ? serviceStartsAt(worship, locale) : null,
  };
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  const invitation = loaderData?.worshipStartsAt
    ? ` ${t("home.metaInvitation", { when: loaderData.worshipStartsAt })}`
    : "";
  return pageMeta(
    matches,
    churchOf(matches)?.name ?? "",
    (church) => `${church.tagline}. ${church.summary}${invitation}`,
  );
}

const itemIcons = [Church, BookOpen, HeartHandshake];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { church, socialLinks, serviceTimes } = useSiteFrame();
  const t = useT();
  const href = useLocalePath();
  const { homeLang } = loaderData;
  return (
    <>
      <ChurchJsonLd church={church} socialLinks={socialLinks} serviceTimes={serviceTimes} />
      <section className="on-dark relative isolate overflow-hidden bg-navy text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,rgba(245,184,61,0.25),transparent_45%),radial-gradient(circle_at_80%_70%,rgba(59,130,246,0.35),transparent_50%)]"
        />
        <div className="mx-auto flex max-w-7xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28 lg:px-8">
          <p
            lang={loaderData.heroHeadingLang}
            className="text-sm font-semibold uppercase tracking-[0.2em] text-gold"
          >
            {loaderData.hero.heading}
          </p>
          <h1
            lang={homeLang}
            className="mt-4 max-w-3xl font-serif text-4xl font-bold leading-tight sm:text-6xl"
          >
            {loaderData.hero.subheading}
          </h1>
          <p lang={homeLang} className="mt-6 max-w-2xl text-lg text-slate-200">
            {loaderData.hero.text}
          </p>
          <ArrowLink
            to={href("/about")}
            className={buttonVariants({ variant: "gold", size: "lg", className: "mt-10" })}
          >
            {t("home.joinUs")}
          </ArrowLink>
        </div>
      </section>

      <InfoSection headingId="upcoming-heading" title={t("home.upcoming")} intro={t("home.upcomingIntro")}>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {loaderData.upcoming.map((item, index) => (
            <IconCard key={index} icon={itemIcons[index] ?? Church} title={item.title} titleLang={homeLang}>
              <p
                lang={item.dateLang}
                className="mt-2 flex items-center gap-2 text-sm font-medium text-accent-text"
              >
                <CalendarDays className="size-4" aria-hidden="true" />
                {item.date}
                {item.time ? (
                  <>
                    <Clock className="ml-2 size-4" aria-hidden="true" />
                    {item.time}
                  </>
                ) : null}
              </p>
              <p lang={homeLang} className="mt-3 text-muted-foreground">
                {item.description}
              </p>
            </IconCard>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <ArrowLink to={href("/events")} className={buttonVariants({ size: "lg" })}>
            {t("home.viewAllEvents")}
          </ArrowLink>
        </div>
      </InfoSection>

      <section aria-labelledby="welcome-heading" className="bg-muted">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-2 md:items-center lg:px-8">
          <div>
            <h2 id="welcome-heading" className="text-3xl font-bold tracking-tight text-navy">
              {t("home.belong")}
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">{t("home.belongText")}</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row md:justify-end">
            <Link to={href("/connect")} className={buttonVariants({ size: "lg" })}>
              {t("common.connectWithUs")}
            </Link>
            <Link to={href("/about")} className={buttonVariants({ variant: "outline", size: "lg" })}>
              {t("home.learnAboutUs")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
