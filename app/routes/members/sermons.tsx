import { AdminScreen } from "~/components/admin-screen";
import { ConfirmDeleteButton } from "~/components/confirm-dialog";
import { ContentFormCard, ContentListCard, EditLink, useEditableScreen } from "~/components/content-admin";
import { FormField } from "~/components/form-field";
import { formatDate } from "~/lib/format";
import { firstErrors } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { youTubeWatchUrl } from "~/lib/youtube";
import { sermonSchema, videoProblemToast } from "~/schemas/videos";
import { requireUser } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/forms.server";
import {
  createSermon,
  deleteSermon,
  getSermon,
  listSermonsForStaff,
  updateSermon,
} from "~/server/content/sermons.server";
import { handleContentAction, loadEditableList } from "~/server/http/content-actions.server";
import type { Route } from "./+types/sermons";

const SCREEN = "/members/add-sermon";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Sermons", "Add, edit and remove the sermons shown on the website.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "content:write");
  return loadEditableList({ request, what: "sermons", list: listSermonsForStaff, get: getSermon });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "content:write");
  return handleContentAction({
    request,
    user,
    form: await readForm(request),
    noun: "sermon",
    screen: SCREEN,
    parse: (values) => {
      const parsed = sermonSchema.safeParse(values);
      if (!parsed.success)
        return {
          ok: false,
          toast: videoProblemToast(parsed.error),
          fieldErrors: firstErrors(parsed.error.issues),
        };
      const { sermonDate, title, speaker, url } = parsed.data;
      return { ok: true, input: { sermonDate, title, speaker, youtubeId: url } };
    },
    create: createSermon,
    update: updateSermon,
    remove: deleteSermon,
    toasts: {
      added: (input) => ({ title: "Sermon Added!", description: `${input.title} is on the website.` }),
      updated: (input) => ({ title: "Sermon Updated!", description: `${input.title} has been saved.` }),
      deleted: { title: "Sermon Deleted", description: "The sermon has been removed." },
    },
  });
}

export default function Sermons({ loaderData, actionData }: Route.ComponentProps) {
  const { items: sermons, loadFailed } = loaderData;
  const screen = useEditableScreen({
    editing: loaderData.editing,
    loadFailed,
    actionData,
    noun: "sermon",
    loadFailedTitle: "Error fetching sermons",
    schema: sermonSchema,
    problemToast: videoProblemToast,
  });
  const { editing, errors, values } = screen;

  return (
    <AdminScreen title="Sermons" description="Sermons appear on the Sermons page, newest sermon date first.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start [&>*]:min-w-0">
        <ContentFormCard
          key={screen.formKey}
          title={editing ? "Edit Sermon" : "Add a Sermon"}
          editingId={editing?.id ?? null}
          cancelTo={SCREEN}
          submitLabel={editing ? "Update Sermon" : "Add Sermon"}
          isSubmitting={screen.isSubmitting}
          onSubmit={screen.onSubmit}
        >
          <FormField
            id="sermonDate"
            name="sermonDate"
            label="Sermon Date"
            type="date"
            required
            defaultValue={values?.sermonDate ?? (editing ? editing.sermonDate : "")}
            error={errors.sermonDate}
          />
          <FormField
            id="title"
            name="title"
            label="Title"
            required
            maxLength={200}
            defaultValue={values?.title ?? (editing ? editing.title : "")}
            error={errors.title}
          />
          <FormField
            id="speaker"
            name="speaker"
            label="Speaker"
            required
            maxLength={120}
            defaultValue={values?.speaker ?? (editing ? editing.speaker : "")}
            error={errors.speaker}
          />
          <FormField
            id="url"
            name="url"
            label="YouTube URL"
            type="url"
            required
            maxLength={500}
            placeholder="https://www.youtube.com/watch?v=..."
            defaultValue={values?.url ?? (editing ? youTubeWatchUrl(editing.youtubeId) : "")}
            error={errors.url}
          />
        </ContentFormCard>

        <ContentListCard title="Sermons" isEmpty={sermons.length === 0} emptyText="No sermons yet.">
          {sermons.map((sermon) => (
            <li key={sermon.id} className="flex items-center gap-3 py-3" data-testid="sermon-row">
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 break-words font-medium">{sermon.title}</p>
                <p className="text-sm text-muted-foreground">
                  {formatDate(sermon.sermonDate)} · {sermon.speaker}
                </p>
              </div>
              <EditLink to={`?edit=${sermon.id}`} label={`Edit ${sermon.title}`} />
              <ConfirmDeleteButton
                fetcherKey="delete-sermon"
                id={sermon.id}
                label={`Delete ${sermon.title}`}
                question="Are you sure you want to delete this sermon?"
              />
            </li>
          ))}
        </ContentListCard>
      </div>
    </AdminScreen>
  );
}
