import { ArrowRight, Library, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/index";
import { loadAsDocument } from "~/lib/page-scripts";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page. (A route
// with a client loader and no server loader would be drawn in the browser only, so it has one.)
export const clientLoader = loadAsDocument;
export function loader() {
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Media",
    (church) => `Watch sermons and read or download free resources from the eLibrary of ${church.name}.`,
  );
}

const mediaSections = [
  {
    title: "Sermons",
    to: "/media/sermons",
    description: "Watch recent messages from our Friday services and grow in God's Word through the week.",
    action: "Watch Sermons",
    icon: PlayCircle,
  },
  {
    title: "eLibrary",
    to: "/media/elibrary",
    description: "Read and download guides, reading plans and other resources from our church library.",
    action: "Browse eLibrary",
    icon: Library,
  },
];

export default function Media() {
  return (
    <>
      <PageHeader
        eyebrow="Media"
        title="Sermons & Resources"
        description="Keep growing in faith during the week with messages and materials from our church."
      />
      <section aria-label="Media sections" className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
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
                <h2 className="text-2xl font-semibold text-navy">{title}</h2>
                <p className="mt-2 flex-1 text-muted-foreground">{description}</p>
                <Link to={to} className={buttonVariants({ className: "mt-6 h-11 self-start" })}>
                  {action}
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
