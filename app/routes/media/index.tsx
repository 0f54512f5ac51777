import { ArrowRight, Library, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { useLocalePath, useT, type MessageKey } from "~/lib/i18n";
import { metaLocale, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/index";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page. (A route
// with a client loader and no server loader would be drawn in the browser only, so it has one.)
export const clientLoader = loadAsDocument;
export function loader() {
  return null;
}

export function meta({ matches, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  return pageMeta(matches, t("media.media"), (church) => t("media.metaDescription", { church: church.name }));
}

const mediaSections: {
  title: MessageKey;
  to: string;
  description: MessageKey;
  action: MessageKey;
  icon: typeof Library;
}[] = [
  {
    title: "media.sermons",
    to: "/media/sermons",
    description: "media.sermonsText",
    action: "media.watchSermons",
    icon: PlayCircle,
  },
  {
    title: "media.elibrary",
    to: "/media/elibrary",
    description: "media.elibraryText",
    action: "media.browseElibrary",
    icon: Library,
  },
];

export default function Media() {
  const t = useT();
  const href = useLocalePath();
  return (
    <>
      <PageHeader eyebrow={t("media.media")} title={t("media.title")} description={t("media.description")} />
      <section aria-label={t("media.sections")} className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-2">
          {mediaSections.map(({ title, to, description, action, icon: Icon }) => (
            <li
              key={to}
              data-testid="media-card"
              className="flex flex-col overflow-hidden rounded-xl border border-border bg-background shadow-sm"
            >
              <div className="relative isolate flex h-36 items-center justify-center overflow-hidden bg-navy">
                <span
                  aria-hidden="true"
                  className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,rgba(245,184,61,0.3),transparent_50%),radial-gradient(circle_at_80%_80%,rgba(59,130,246,0.4),transparent_55%)]"
                />
                <Icon className="size-14 text-gold" aria-hidden="true" />
              </div>
              <div className="flex flex-1 flex-col p-6">
                <h2 className="text-2xl font-semibold text-navy">{t(title)}</h2>
                <p className="mt-2 flex-1 text-muted-foreground">{t(description)}</p>
                <Link to={href(to)} className={buttonVariants({ className: "mt-6 h-11 self-start" })}>
                  {t(action)}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
