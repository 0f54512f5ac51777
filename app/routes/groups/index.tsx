import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { localeOfPath, translator, useLocale, useLocalePath, useT } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { listOpenGroups } from "~/server/groups/finder.server";
import type { Route } from "./+types/index";
import { GroupFacts, typedLang } from "./finder-pieces";

// The group finder (issue 37): the groups open to newcomers, each with "Ask to join" (its own
// page with the form). A page without scripts (ADR 013), in the page's language (issue 39).
export const clientLoader = loadAsDocument;

export async function loader() {
  return { groups: await listOpenGroups() };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return pageMeta(matches, t("groups.title"), t("groups.metaDescription"));
}

export default function GroupFinder({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  const t = useT();
  const href = useLocalePath();
  const lang = typedLang(useLocale());
  return (
    <>
      <PageHeader
        eyebrow={t("groups.eyebrow")}
        title={t("groups.title")}
        description={t("groups.description")}
      />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {groups.length === 0 ? (
          <p className="text-center text-muted-foreground">{t("groups.empty")}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {groups.map((group) => (
              <li
                key={group.id}
                id={`group-${group.id}`}
                className="grid content-start gap-3 rounded-2xl border border-border bg-background p-6 shadow-sm"
              >
                <h2 className="text-xl font-bold break-words text-navy">{group.name}</h2>
                <GroupFacts group={group} />
                {group.description ? (
                  <p className="text-sm break-words whitespace-pre-line text-foreground" lang={lang}>
                    {group.description}
                  </p>
                ) : null}
                <a
                  href={href(`/groups/${group.id}`)}
                  className={buttonVariants({ className: "mt-2 justify-self-start" })}
                  aria-label={t("groups.askToJoinGroup", { group: group.name })}
                >
                  {t("groups.askToJoin")}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
