import { PageHeader } from "~/components/page-header";
import { RichText } from "~/components/rich-text";
import { dayInChurchZone } from "~/lib/dates";
import { localeOfRequest, sectionLang, useLocale, useT } from "~/lib/i18n";
import { formatDateLong } from "~/lib/locale-format";
import { metaLocale, pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { privacyNoticeVersion } from "~/server/people/consents.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/privacy";

// The privacy notice (issue 23): what the church keeps about people, why, for how long, and their
// rights. Staff edit it in the Website section; each save is a new version, which consents name.
// A page without scripts (ADR 013).
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const [{ privacy, englishOnly }, version] = await Promise.all([
    getSiteContent(localeOfRequest(request)),
    privacyNoticeVersion(),
  ]);
  return {
    notice: privacy.notice,
    noticeLang: sectionLang(englishOnly, "privacy"),
    version: version.number,
    updated: version.savedAt ? dayInChurchZone(version.savedAt) : null,
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const { t } = metaLocale(location);
  return pageMeta(matches, t("privacy.title"), (church) =>
    t("privacy.metaDescription", { church: church.name }),
  );
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { notice, noticeLang, version, updated } = loaderData;
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <PageHeader title={t("privacy.title")} description={t("privacy.description")} />
      <section aria-label={t("privacy.label")} className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        <div
          lang={noticeLang}
          className="space-y-4 text-base leading-relaxed text-foreground [&_a]:text-primary [&_a]:underline [&_strong]:text-navy [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6"
        >
          <RichText value={notice} />
        </div>
        <p className="mt-10 border-t border-border pt-4 text-sm text-muted-foreground">
          {updated
            ? t("privacy.versionUpdated", { version: String(version), date: formatDateLong(updated, locale) })
            : t("privacy.version", { version: String(version) })}
        </p>
      </section>
    </>
  );
}
