import { ChevronRight, Languages } from "lucide-react";
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
import { translationStatuses, type TranslationStatus } from "~/server/site/site-translations.server";
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
  /** How far its Filipino version is (issue 39). */
  filipino: { translated: boolean; line: string };
}

/** "Filipino: 12 of 15 texts translated", for an entry's translation link. */
function filipinoLine(status: TranslationStatus | undefined): Entry["filipino"] {
  if (!status?.translated) return { translated: false, line: "Filipino: not translated yet" };
  const texts =
    status.done === status.total ? "translated" : `${status.done} of ${status.total} texts translated`;
  return {
    translated: true,
    line: `Filipino: ${texts}${status.englishNewer ? "; the English changed since" : ""}`,
  };
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
      const [summaries, content, statuses] = await Promise.all([
        listSectionSummaries(),
        getSiteContent(),
        translationStatuses(),
      ]);
      return {
        // Each person sees the parts they may edit: the privacy notice has its own permission, and a
        // role limited to ministries sees its ministries' pages only.
        sections: SITE_SECTIONS.filter((section) => can(user, sectionPermission(section.id))).map(
          (section) => ({
            to: `/members/site/${section.id}`,
            title: section.title,
            description: section.description,
            saved: savedLine(summaries.get(section.id)),
            filipino: filipinoLine(statuses.get(section.id)),
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
            filipino: filipinoLine(statuses.get(ministrySectionKey(ministry.slug))),
          })),
      };
    },
    empty,
  );
}

export default function Website({ loaderData }: Route.ComponentProps) {
  const { sections, ministries, loadFailed } = loaderData;
  useLoadFailedToast(loadFailed, "Error fetching the website");
  const entries = [...sections, ...ministries];
  const translated = entries.filter((entry) => entry.filipino.translated).length;
  return (
    <AdminScreen
      title="Website"
      description="Everything the public site says about the church. A save shows on the site at once, and every earlier version can be restored."
    >
      <div className="grid gap-10">
        {entries.length > 0 ? (
          <p
            id="filipino"
            className="flex items-start gap-2 rounded-xl border border-border bg-background p-4 text-sm shadow-sm"
          >
            <Languages className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <span className="font-semibold text-navy">
                Filipino: {translated} of {entries.length} sections translated.
              </span>{" "}
              The Filipino pages (/fil/...) show a section in English until it has a translation. Open a
              section&apos;s Filipino version below to write it beside the English.
            </span>
          </p>
        ) : null}
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
  // The Filipino link names its section through the title, for those who hear links listed.
  const titleId = `title-${entry.to.replace(/\W+/g, "-")}`;
  return (
    <li className="flex flex-col rounded-xl border border-border bg-background shadow-sm hover:border-primary">
      <Link to={entry.to} className="flex flex-1 items-center gap-4 rounded-t-xl p-4">
        {icon}
        <span className="min-w-0 flex-1">
          <span id={titleId} className="block font-semibold text-navy">
            {entry.title}
          </span>
          <span className="mt-1 block text-sm text-muted-foreground">{entry.description}</span>
          {entry.saved ? (
            <span className="mt-1 block text-xs text-muted-foreground wrap-anywhere">{entry.saved}</span>
          ) : null}
        </span>
        <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
      <Link
        to={`${entry.to}?lang=fil`}
        className="flex min-h-11 items-center gap-2 rounded-b-xl border-t border-border px-4 py-2 text-sm hover:bg-muted/50"
        data-testid="translation-link"
        aria-describedby={titleId}
      >
        <Languages className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span
          className={entry.filipino.translated ? "flex-1 text-foreground" : "flex-1 text-muted-foreground"}
        >
          {entry.filipino.line}
        </span>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </li>
  );
}
