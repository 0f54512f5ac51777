import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { MinistryLogo } from "~/components/ministry-logo";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { SITE_SECTIONS, ministrySectionKey } from "~/schemas/site-sections";
import { can } from "~/lib/permissions";
import { requireUser } from "~/server/auth/guards.server";
import { reachesMinistry } from "~/server/auth/ministry-scope.server";
import { WEBSITE_PERMISSIONS, sectionPermission } from "~/schemas/site-sections";
import { loadOrEmpty } from "~/server/http/loader.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { listSectionSummaries, type SectionSummary } from "~/server/site/site-sections.server";
import type { Route } from "./+types/website";
import { useLoadFailedToast } from "~/components/load-failed-toast";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Website", "Edit the church's details, pages, pastors and ministries.");
}

interface Entry {
  to: string;
  title: string;
  description: string;
  /** "Saved by Grace Santos, Nov 23, 2026, 3:05 PM", or null for the first version. */
  saved: string | null;
}

function savedLine(summary: SectionSummary | undefined) {
  if (!summary || summary.version <= 1) return null;
  return `Version ${summary.version}, saved by ${summary.updatedBy}, ${formatDateTime(summary.updatedAt)}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, WEBSITE_PERMISSIONS);
  const empty = {
    sections: [] as Entry[],
    ministries: [] as (Entry & {
      slug: string;
      logo: { monogram: string; background: string; foreground: string };
    })[],
  };
  return loadOrEmpty(
    "website sections",
    async () => {
      const [summaries, content] = await Promise.all([listSectionSummaries(), getSiteContent()]);
      return {
        // Each person sees the parts they may edit: the privacy notice has its own permission, and a
        // role limited to ministries sees its ministries' pages only.
        sections: SITE_SECTIONS.filter((section) => can(user, sectionPermission(section.id))).map(
          (section) => ({
            to: `/members/site/${section.id}`,
            title: section.title,
            description: section.description,
            saved: savedLine(summaries.get(section.id)),
          }),
        ),
        ministries: content
          .ministriesByName()
          .filter((ministry) => can(user, "ministry-page:write") && reachesMinistry(user, ministry.slug))
          .map((ministry) => ({
            to: `/members/site/ministries/${ministry.slug}`,
            slug: ministry.slug,
            logo: ministry.logo,
            title: ministry.name,
            description: `Leader: ${ministry.leader}. ${ministry.schedule.replace(/\.$/, "")}.`,
            saved: savedLine(summaries.get(ministrySectionKey(ministry.slug))),
          })),
      };
    },
    empty,
  );
}

export default function Website({ loaderData }: Route.ComponentProps) {
  const { sections, ministries, loadFailed } = loaderData;
  useLoadFailedToast(loadFailed, "Error fetching the website");
  return (
    <AdminScreen
      title="Website"
      description="Everything the public site says about the church. A save shows on the site at once, and every earlier version can be restored."
    >
      <div className="grid gap-10">
        {sections.length > 0 ? (
          <section aria-labelledby="pages-heading">
            <h2 id="pages-heading" className="text-xl font-bold text-navy">
              Church and pages
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-2">
              {sections.map((entry) => (
                <EntryCard key={entry.to} entry={entry} />
              ))}
            </ul>
            <p className="mt-4 text-sm text-muted-foreground">
              eLibrary titles and descriptions are edited on{" "}
              <Link to="/members/upload" className="font-medium text-primary underline underline-offset-2">
                Upload Files
              </Link>
              , ministry pictures on{" "}
              <Link
                to="/members/update-ministry-image"
                className="font-medium text-primary underline underline-offset-2"
              >
                Ministry Images
              </Link>
              .
            </p>
          </section>
        ) : null}
        {ministries.length > 0 ? (
          <section aria-labelledby="ministries-heading" id="ministries">
            <h2 id="ministries-heading" className="text-xl font-bold text-navy">
              Ministries
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-2">
              {ministries.map((entry) => (
                <EntryCard
                  key={entry.to}
                  entry={entry}
                  icon={
                    <MinistryLogo
                      ministry={{ slug: entry.slug, logo: entry.logo }}
                      className="size-10 shrink-0"
                    />
                  }
                />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </AdminScreen>
  );
}

function EntryCard({ entry, icon }: { entry: Entry; icon?: ReactNode }) {
  return (
    <li>
      <Link
        to={entry.to}
        className="flex min-h-full items-center gap-4 rounded-xl border border-border bg-background p-4 shadow-sm hover:border-primary"
      >
        {icon}
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-navy">{entry.title}</span>
          <span className="mt-1 block text-sm text-muted-foreground">{entry.description}</span>
          {entry.saved ? (
            <span className="mt-1 block text-xs text-muted-foreground wrap-anywhere">{entry.saved}</span>
          ) : null}
        </span>
        <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </li>
  );
}
