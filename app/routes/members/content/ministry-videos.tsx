import { data } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ContentFormCard, ContentListCard, useEditableScreen } from "~/components/content-admin";
import { Field, FormField } from "~/components/form-field";
import { NativeSelect } from "~/components/ui/select";
import { firstErrors } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { youTubeWatchUrl } from "~/lib/youtube";
import { MINISTRY_NOT_SELECTED, ministryVideoSchema, videoProblemToast } from "~/schemas/videos";
import { requireUser } from "~/server/auth/guards.server";
import { inScope, ministryScope, OUTSIDE_SCOPE } from "~/server/auth/ministry-scope.server";
import { appErrorResponse, notFound } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import {
  createMinistryVideo,
  deleteMinistryVideo,
  getMinistryVideo,
  listAllMinistryVideos,
  updateMinistryVideo,
} from "~/server/content/ministry-videos.server";
import { handleContentAction, loadEditableList } from "~/server/http/content-actions.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/ministry-videos";

const SCREEN = "/members/add-ministry-video";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Ministry Videos", "Add, edit and remove the videos on ministry pages.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "ministry-media:write");
  // A role limited to ministries lists, edits and offers only its ministries.
  const scope = ministryScope(user);
  const [loaded, content] = await Promise.all([
    loadEditableList({
      request,
      what: "ministry videos",
      list: () => listAllMinistryVideos(scope),
      get: (id) => getMinistryVideo(id, scope),
    }),
    getSiteContent(),
  ]);
  const ministries = content
    .ministriesByName()
    .filter((ministry) => inScope(scope, ministry.slug))
    .map(({ slug, name }) => ({ slug, name }));
  // A forged ?edit= of another ministry's video is not found (rather than a blank form).
  const editId = new URL(request.url).searchParams.get("edit");
  if (scope && editId && !loaded.data.loadFailed && !loaded.data.editing) {
    throw appErrorResponse(notFound(OUTSIDE_SCOPE));
  }
  return data({ ...loaded.data, ministries }, loaded.init ?? undefined);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "ministry-media:write");
  const scope = ministryScope(user);
  const { ministryBySlug } = await getSiteContent();
  return handleContentAction({
    request,
    user,
    form: await readForm(request),
    noun: "video",
    screen: SCREEN,
    parse: (values) => {
      const parsed = ministryVideoSchema.safeParse(values);
      if (!parsed.success)
        return {
          ok: false,
          toast: videoProblemToast(parsed.error),
          fieldErrors: firstErrors(parsed.error.issues),
        };
      const ministry = ministryBySlug(parsed.data.ministrySlug);
      if (!ministry)
        return {
          ok: false,
          toast: MINISTRY_NOT_SELECTED,
          fieldErrors: { ministrySlug: MINISTRY_NOT_SELECTED.description },
        };
      return {
        ok: true,
        input: { title: parsed.data.title, youtubeId: parsed.data.url, ministrySlug: ministry.slug },
      };
    },
    // Another ministry's video, or a move into another ministry, is refused as not found.
    create: (input, actor) => createMinistryVideo(input, actor, scope),
    update: (id, input, actor) => updateMinistryVideo(id, input, actor, scope),
    remove: (id, actor) => deleteMinistryVideo(id, actor, scope),
    toasts: {
      added: (input) => ({
        title: "Video Added!",
        description: `It now shows on the ${ministryBySlug(input.ministrySlug)?.name} page.`,
      }),
      updated: (input) => ({ title: "Video Updated!", description: `${input.title} has been saved.` }),
      deleted: { title: "Video Deleted", description: "The video has been removed." },
    },
  });
}

export default function MinistryVideos({ loaderData, actionData }: Route.ComponentProps) {
  const { items: videos, loadFailed, ministries } = loaderData;
  const nameOf = (slug: string) => ministries.find((ministry) => ministry.slug === slug)?.name;
  const screen = useEditableScreen({
    editing: loaderData.editing,
    loadFailed,
    actionData,
    noun: "video",
    loadFailedTitle: "Error fetching videos",
    schema: ministryVideoSchema,
    problemToast: videoProblemToast,
  });
  const { editing, errors, values, field } = screen;

  return (
    <AdminScreen title="Ministry Videos" description="Videos appear on their ministry's page, newest first.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start [&>*]:min-w-0">
        <ContentFormCard
          key={screen.formKey}
          title={editing ? "Edit Video" : "Add a Video"}
          editingId={editing?.id ?? null}
          cancelTo={SCREEN}
          submitLabel={editing ? "Update Video" : "Add Video"}
          isSubmitting={screen.isSubmitting}
          onSubmit={screen.onSubmit}
        >
          <FormField
            {...field("title", values?.title ?? editing?.title)}
            label="Title"
            required
            maxLength={200}
          />
          <FormField
            {...field("url", values?.url ?? (editing && youTubeWatchUrl(editing.youtubeId)))}
            label="YouTube URL"
            type="url"
            required
            maxLength={500}
            placeholder="https://www.youtube.com/watch?v=..."
          />
          <Field
            id="ministrySlug"
            label="Ministry"
            error={errors.ministrySlug}
            control={(aria) => (
              <NativeSelect
                id="ministrySlug"
                name="ministrySlug"
                required
                defaultValue={values?.ministrySlug ?? (editing ? editing.ministrySlug : "")}
                {...aria}
              >
                <option value="">Select a ministry</option>
                {ministries.map((ministry) => (
                  <option key={ministry.slug} value={ministry.slug}>
                    {ministry.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </ContentFormCard>

        <ContentListCard title="Videos" emptyText="No ministry videos yet." noun="video" items={videos}>
          {(video) => (
            <p className="text-sm text-muted-foreground">
              {nameOf(video.ministrySlug) ?? video.ministrySlug}
            </p>
          )}
        </ContentListCard>
      </div>
    </AdminScreen>
  );
}
