import { PageHeader } from "~/components/page-header";
import { RichText } from "~/components/rich-text";
import { dayInChurchZone } from "~/lib/dates";
import { formatDateLong } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { privacyNoticeVersion } from "~/server/people/consents.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/privacy";

// The privacy notice (issue 23): what the church keeps about people, why, for how long, and their
// rights. Staff edit it in the Website section; each save is a new version, which consents name.
// A page without scripts (ADR 013).
export const clientLoader = loadAsDocument;

export async function loader() {
  const [{ privacy }, version] = await Promise.all([getSiteContent(), privacyNoticeVersion()]);
  return {
    notice: privacy.notice,
    version: version.number,
    updated: version.savedAt ? dayInChurchZone(version.savedAt) : null,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Privacy Notice",
    (church) =>
      `How ${church.name} keeps and uses the personal details of its members and visitors, for how long, and how to see, correct or erase them.`,
  );
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { notice, version, updated } = loaderData;
  return (
    <>
      <PageHeader
        title="Privacy Notice"
        description="What we keep about you, why, for how long, and your rights."
      />
      <section aria-label="Privacy notice" className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="space-y-4 text-base leading-relaxed text-foreground [&_a]:text-primary [&_a]:underline [&_strong]:text-navy [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
          <RichText value={notice} />
        </div>
        <p className="mt-10 border-t border-border pt-4 text-sm text-muted-foreground">
          Version {version}
          {updated ? `, last updated ${formatDateLong(updated)}` : null}.
        </p>
      </section>
    </>
  );
}
