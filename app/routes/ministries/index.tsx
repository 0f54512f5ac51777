import { ArrowLink } from "~/components/arrow-link";
import { MinistryLogo } from "~/components/ministry-logo";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { localeOfRequest, sectionLang, useLocalePath, useT } from "~/lib/i18n";
import { metaLocale, pageMeta } from "~/lib/meta";
import { inLang, useRichT } from "~/lib/text-lang";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/index";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const content = await getSiteContent(localeOfRequest(request));
  return {
    ministries: content.ministriesByName().map(({ slug, name, description, logo }) => ({
      slug,
      name,
      description,
      logo,
      lang: sectionLang(content.englishOnly, `ministry:${slug}`),
    })),
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  return pageMeta(matches, t("ministries.title"), t("ministries.metaDescription"));
}

export default function Ministries({ loaderData }: Route.ComponentProps) {
  const { ministries } = loaderData;
  const t = useT();
  const richT = useRichT();
  const href = useLocalePath();
  return (
    <>
      <PageHeader
        eyebrow={t("ministries.eyebrow")}
        title={t("ministries.title")}
        description={t("ministries.description")}
      />

      <section
        aria-label={t("ministries.all")}
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8"
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6" data-testid="ministry-list">
          {ministries.map((ministry) => (
            <li
              key={ministry.slug}
              className="flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm transition-shadow hover:shadow-md"
              data-testid="ministry-card"
            >
              <div className="flex items-center gap-4">
                <MinistryLogo ministry={ministry} className="size-14" />
                <h2 lang={ministry.lang} className="text-lg font-semibold leading-snug text-navy">
                  {ministry.name}
                </h2>
              </div>
              <p lang={ministry.lang} className="mt-4 flex-1 text-sm leading-relaxed text-muted-foreground">
                {ministry.description}
              </p>
              <ArrowLink
                to={href(`/ministries/${ministry.slug}`)}
                className={buttonVariants({
                  variant: "outline",
                  className: "mt-5 min-h-11 self-start text-primary",
                })}
              >
                {t("common.learnMore")}
                <span className="sr-only">
                  {" "}
                  {richT("ministries.about", { name: inLang(ministry.name, ministry.lang) })}
                </span>
              </ArrowLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="connect-heading" className="bg-muted">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div>
            <h2 id="connect-heading" className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">
              {t("ministries.notSure")}
            </h2>
            <p className="mt-3 max-w-2xl text-muted-foreground">{t("ministries.notSureText")}</p>
          </div>
          <ArrowLink to={href("/connect")} className={buttonVariants({ size: "lg", className: "shrink-0" })}>
            {t("ministries.getConnected")}
          </ArrowLink>
        </div>
      </section>
    </>
  );
}
