import { ExternalLink, History, ImageUp, Save } from "lucide-react";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Link, redirect, useFetcher } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { AdminScreen } from "~/components/admin-screen";
import { SectionRevisions } from "~/components/section-revisions";
import { fieldId, SectionForm } from "~/components/site-section-form";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { sectionErrors, sectionSchema, type SiteSectionDefinition } from "~/schemas/site-fields";
import {
  MINISTRY_SECTION,
  SITE_SECTIONS,
  WEBSITE_PERMISSIONS,
  ministrySectionKey,
  sectionPermission,
} from "~/schemas/site-sections";
import { requirePermission, requireUser, type StaffUser } from "~/server/auth/guards.server";
import { reachesMinistry } from "~/server/auth/ministry-scope.server";
import { refuse, refusalFor, reply } from "~/server/http/action-result.server";
import { appErrorResponse, notFound } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { findMinistryImageUrl } from "~/server/content/ministry-images.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { getRevisionData, getSection, listRevisions, saveSection } from "~/server/site/site-sections.server";
import type { Route } from "./+types/site-editor";
import { ResponsiveImage } from "~/components/responsive-image";
import { LanguageTabs, TranslationEditor } from "./translation-editor";
import { translationAction, translationLoaderData } from "./translation.server";

const UPLOAD_URL = "/members/site/pastors/portrait";

/** The section a URL names: one of the fixed sections, or one ministry's texts. */
async function sectionOf(params: { section?: string; slug?: string }, user: StaffUser) {
  if (params.slug !== undefined) {
    requirePermission(user, "ministry-page:write");
    const content = await getSiteContent();
    const ministry = content.ministryBySlug(params.slug);
    if (!ministry || !reachesMinistry(user, ministry.slug)) {
      throw appErrorResponse(notFound("There is no such ministry among those you look after."));
    }
    return {
      picture: {
        url: (await findMinistryImageUrl(ministry.slug)) ?? content.defaultMinistryImage,
        change: `/members/update-ministry-image?ministry=${ministry.slug}`,
      },
      id: MINISTRY_SECTION.id,
      key: ministrySectionKey(ministry.slug),
      title: ministry.name,
      description: "The ministry's card on /ministries and its own page. Its address stays the same.",
      pages: [`/ministries/${ministry.slug}`, "/ministries"],
      definition: MINISTRY_SECTION,
    };
  }
  if (params.section === "ministries") throw redirect("/members/site#ministries");
  const definition = SITE_SECTIONS.find((section) => section.id === params.section);
  if (!definition) throw appErrorResponse(notFound("There is no such part of the website."));
  requirePermission(user, sectionPermission(definition.id));
  const { id, title, description, pages } = definition;
  return { id, key: id, title, description, pages, definition, picture: null };
}

function definitionOf(id: string): SiteSectionDefinition {
  return id === MINISTRY_SECTION.id ? MINISTRY_SECTION : SITE_SECTIONS.find((section) => section.id === id)!;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData ? `Website: ${loaderData.title}` : "Website");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const section = await sectionOf(params, await requireUser(request, WEBSITE_PERMISSIONS));
  // The same screen in Filipino: the translation beside the English (issue 39).
  if (new URL(request.url).searchParams.get("lang") === "fil") return translationLoaderData(section);
  const [stored, revisions] = await Promise.all([getSection(section.key), listRevisions(section.key)]);
  if (!stored) throw appErrorResponse(notFound("There is no such part of the website."));
  return {
    lang: "en" as const,
    id: section.id,
    sectionKey: section.key,
    title: section.title,
    description: section.description,
    pages: section.pages,
    picture: section.picture,
    data: stored.data as Record<string, unknown>,
    version: stored.version,
    updatedBy: stored.updatedBy,
    updatedAt: stored.updatedAt.toISOString(),
    revisions: revisions.map((revision) => ({
      ...revision,
      savedAt: revision.savedAt.toISOString(),
      // In the form's order, by the labels staff see.
      changed: section.definition.fields
        .filter((field) => revision.changed.includes(field.name))
        .map((field) => field.label),
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, WEBSITE_PERMISSIONS);
  const section = await sectionOf(params, user);
  const form = await readForm(request);
  if (form.get("lang") === "fil") return translationAction(section, form, user);
  const intent = form.get("intent");
  const openedVersion = Number(form.get("version"));
  const title = intent === "restore" ? "Restore failed" : "Save failed";
  if (!Number.isInteger(openedVersion) || openedVersion < 0) {
    return refuse(400, { title, description: "The page is out of date. Please open it again." });
  }
  try {
    let data: unknown;
    let note: string | null = null;
    if (intent === "restore") {
      const revision = Number(form.get("revision"));
      if (!Number.isInteger(revision)) return refuse(400, { title, description: "Please choose a version." });
      data = await getRevisionData(section.key, revision);
      note = `Restored version ${revision}`;
    } else if (intent === "save") {
      try {
        data = JSON.parse(String(form.get("data") ?? ""));
      } catch {
        return refuse(400, { title, description: "The form could not be read. Please try again." });
      }
    } else {
      return refuse(400, { title, description: "Unknown request." });
    }
    const parsed = sectionSchema(section.definition).safeParse(data);
    if (!parsed.success) {
      const fieldErrors = sectionErrors(parsed.error.issues);
      return refuse(
        400,
        { title, description: Object.values(fieldErrors)[0] ?? "Please check the form." },
        { fieldErrors },
      );
    }
    const version = await saveSection(section.key, parsed.data, openedVersion, user, note);
    return reply({
      title: note ? "Version restored" : "Saved",
      description: `${section.title} is now version ${version} and shows on the site.`,
    });
  } catch (error) {
    return refusalFor(error, {
      title,
      what: `Saving ${section.key}`,
      fallback: "Nothing was saved. Please try again.",
    });
  }
}

export default function SiteEditor({ loaderData }: Route.ComponentProps) {
  // A new version from the server (after a save or a restore) starts the form afresh.
  if (loaderData.lang === "fil")
    return <TranslationEditor key={`${loaderData.sectionKey}-fil-${loaderData.version}`} {...loaderData} />;
  return <Editor key={`${loaderData.sectionKey}-${loaderData.version}`} {...loaderData} />;
}

function Editor(props: Extract<Route.ComponentProps["loaderData"], { lang: "en" }>) {
  const { id, sectionKey: key, title, description, pages, picture, version, revisions } = props;
  const definition = definitionOf(id);
  const schema = useMemo(() => sectionSchema(definition), [definition]);
  const [value, setValue] = useState<Record<string, unknown>>(props.data as Record<string, unknown>);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const save = useFetcher<ActionResult>({ key: `site-save-${key}` });
  const restore = useFetcher<ActionResult>({ key: `site-restore-${key}` });
  const answer = save.data;
  const errors =
    answer?.ok === false && answer.fieldErrors ? { ...answer.fieldErrors, ...clientErrors } : clientErrors;
  const saving = save.state !== "idle";

  useEffect(() => {
    if (answer?.toast) showToast({ ...answer.toast, id: `site-save-${answer.at}` });
    if (answer?.fieldErrors) focusField(answer.fieldErrors);
  }, [answer]);
  useEffect(() => {
    if (restore.data?.toast) showToast({ ...restore.data.toast, id: `site-restore-${restore.data.at}` });
  }, [restore.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const found = sectionErrors(parsed.error.issues);
      setClientErrors(found);
      focusField(found);
      showToast({ title: "Save failed", description: Object.values(found)[0] ?? "", variant: "destructive" });
      return;
    }
    setClientErrors({});
    void save.submit(
      { intent: "save", version: String(version), data: JSON.stringify(value) },
      { method: "post" },
    );
  }

  return (
    <AdminScreen title={title} description={description} backTo="/members/site" backLabel="Back to Website">
      <LanguageTabs current="en" />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-6 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6"
        >
          <SectionForm
            fields={definition.fields}
            value={value}
            onChange={(next) => {
              setValue(next);
              if (Object.keys(clientErrors).length) setClientErrors({});
            }}
            errors={errors}
            uploadUrl={UPLOAD_URL}
          />
          <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-border bg-background px-4 py-3 sm:-mx-6 sm:px-6">
            <Button type="submit" disabled={saving}>
              <BusyIcon busy={saving} icon={Save} />
              {saving ? "Saving..." : "Save and publish"}
            </Button>
            <p className="text-sm text-muted-foreground">Shows on the site as soon as it is saved.</p>
          </div>
        </form>

        <aside className="grid content-start gap-6">
          {picture ? (
            <section
              aria-labelledby="picture-heading"
              className="rounded-xl border border-border bg-background p-4 shadow-sm"
            >
              <h2 id="picture-heading" className="font-semibold text-navy">
                Picture
              </h2>
              <ResponsiveImage
                src={picture.url}
                alt=""
                width={288}
                height={162}
                sizes="288px"
                className="mt-3 aspect-video w-full rounded-lg bg-muted object-cover"
              />
              <Link
                to={picture.change}
                className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                <ImageUp className="size-4" aria-hidden="true" />
                Change the picture
              </Link>
            </section>
          ) : null}
          {pages.length ? (
            <section
              aria-labelledby="pages-heading"
              className="rounded-xl border border-border bg-background p-4 shadow-sm"
            >
              <h2 id="pages-heading" className="font-semibold text-navy">
                On the site
              </h2>
              <ul className="mt-2 grid gap-1">
                {pages.map((page) => (
                  <li key={page}>
                    <a
                      href={page}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
                    >
                      <ExternalLink className="size-4" aria-hidden="true" />
                      View {page}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section
            aria-labelledby="history-heading"
            className="rounded-xl border border-border bg-background p-4 shadow-sm"
          >
            <h2 id="history-heading" className="flex items-center gap-2 font-semibold text-navy">
              <History className="size-4" aria-hidden="true" />
              History
            </h2>
            <SectionRevisions
              revisions={revisions}
              shown={version}
              busy={restore.state !== "idle"}
              restoreForm={(revision, button) => (
                <restore.Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="version" value={version} />
                  <input type="hidden" name="revision" value={revision.version} />
                  {button}
                </restore.Form>
              )}
            />
          </section>
        </aside>
      </div>
    </AdminScreen>
  );
}

function focusField(errors: Record<string, string>) {
  const first = Object.keys(errors)[0];
  if (!first) return;
  const element = document.getElementById(fieldId(first));
  element?.focus();
}
