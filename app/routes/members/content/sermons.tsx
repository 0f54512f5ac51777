import { AudioLines } from "lucide-react";
import { AdminScreen } from "~/components/admin-screen";
import { DescriptionBesideFilipino, TitleBesideFilipino } from "~/components/beside-filipino";
import { ContentFormCard, ContentListCard, FileField, useUploadForm } from "~/components/content-admin";
import { Field, FormField } from "~/components/form-field";
import { NativeSelect } from "~/components/ui/select";
import { UploadProgress } from "~/components/upload-progress";
import { formatDate, formatFileSize } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { youTubeWatchUrl } from "~/lib/youtube";
import { sermonSchema, videoProblemToast } from "~/schemas/videos";
import { requireUser } from "~/server/auth/guards.server";
import { listElibraryDocuments } from "~/server/content/documents.server";
import {
  deleteSermon,
  getSermon,
  listSermonSeries,
  listSermonsForStaff,
  type SermonListItem,
} from "~/server/content/sermons.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { readForm } from "~/server/http/forms.server";
import { uploadLimit } from "~/server/http/uploads.server";
import type { Route } from "./+types/sermons";
import { deleteListedItem } from "./delete-action.server";

const SCREEN = "/members/add-sermon";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Sermons", "Add, edit and remove the sermons shown on the website.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "sermons:write");
  const editId = new URL(request.url).searchParams.get("edit");
  // The recording field's hint: MAX_AUDIO_MB, as the save route applies it.
  const audioLimit = uploadLimit("audio").label;
  return loadOrEmpty(
    "sermons",
    async () => {
      const [items, editing, series, documents] = await Promise.all([
        listSermonsForStaff(),
        editId ? getSermon(editId) : null,
        listSermonSeries(),
        listElibraryDocuments(),
      ]);
      return {
        items,
        editing,
        seriesNames: series.map((row) => row.name),
        notesChoices: documents.map((row) => ({ id: row.id, label: row.title || row.fileName })),
        audioLimit,
      };
    },
    {
      items: [] as SermonListItem[],
      editing: null as SermonListItem | null,
      seriesNames: [] as string[],
      notesChoices: [] as { id: string; label: string }[],
      audioLimit,
    },
  );
}

// Adding and saving go to /members/add-sermon/save (with the recording); deleting stays here.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "sermons:write");
  return deleteListedItem(await readForm(request), {
    noun: "sermon",
    what: "Deleting a sermon",
    remove: (id) => deleteSermon(id, user),
    deleted: { title: "Sermon Deleted", description: "The sermon has been removed." },
  });
}

export default function Sermons({ loaderData }: Route.ComponentProps) {
  const { items: sermons, editing, loadFailed, seriesNames, notesChoices, audioLimit } = loaderData;
  const { isEditing, current, errors, field, formKey, progress, isUploading, card } = useUploadForm({
    screen: SCREEN,
    editing,
    loadFailed,
    loadFailedTitle: "Error fetching sermons",
    noun: "sermon",
    schema: sermonSchema,
    problemToast: videoProblemToast,
  });

  return (
    <AdminScreen title="Sermons" description="Sermons appear on the Sermons page, newest sermon date first.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start [&>*]:min-w-0">
        <ContentFormCard
          key={`${current?.id ?? "new"}-${formKey}`}
          title={isEditing ? "Edit Sermon" : "Add a Sermon"}
          submitLabel={isUploading ? "Saving..." : isEditing ? "Update Sermon" : "Add Sermon"}
          action="/members/add-sermon/save"
          {...card}
          fitColumn
        >
          <FormField {...field("sermonDate", current?.sermonDate)} label="Sermon Date" type="date" required />
          <TitleBesideFilipino
            english={field("title", current?.title)}
            filipino={field("titleFil", current?.titleFil)}
            label="Title"
          />
          <FormField {...field("speaker", current?.speaker)} label="Speaker" required maxLength={120} />
          <FormField
            {...field("url", current && youTubeWatchUrl(current.youtubeId))}
            label="YouTube URL"
            type="url"
            required
            maxLength={500}
            placeholder="https://www.youtube.com/watch?v=..."
          />
          <FormField
            {...field("seriesName", current?.seriesName)}
            label="Series"
            maxLength={120}
            list="series-names"
            autoComplete="off"
            hint="Pick a series or type a new name; leave empty for none."
          />
          <datalist id="series-names">
            {seriesNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <FormField
            {...field("passage", current?.passage)}
            label="Bible Passage"
            maxLength={120}
            placeholder="e.g. John 3:1-21"
          />
          <DescriptionBesideFilipino
            english={field("description", current?.description)}
            filipino={field("descriptionFil", current?.descriptionFil)}
          />
          <Field
            id="notesDocumentId"
            label="Sermon Notes"
            error={errors.notesDocumentId}
            control={(aria) => (
              <NativeSelect
                id="notesDocumentId"
                name="notesDocumentId"
                defaultValue={current?.notesDocumentId ?? ""}
                {...aria}
              >
                <option value="">No notes</option>
                {notesChoices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <FileField
            name="audio"
            label="Recording"
            accept="audio/mpeg,audio/mp4,.mp3,.m4a"
            hint={`MP3 or M4A up to ${audioLimit}`}
            error={errors.audio}
          />
          {current?.audioObjectPath ? (
            <div className="grid gap-1 rounded-md border border-border bg-muted/50 p-4 text-sm">
              <p>
                <AudioLines className="mr-1 inline size-4 align-[-3px]" aria-hidden="true" />
                This sermon has a recording
                {current.audioBytes ? ` (${formatFileSize(current.audioBytes)})` : ""}. A new file replaces
                it.
              </p>
              <label className="flex min-h-11 items-center gap-3">
                <input type="checkbox" name="removeAudio" className="size-4 accent-primary" />
                Remove the recording
              </label>
            </div>
          ) : null}
          <UploadProgress value={progress} />
        </ContentFormCard>

        <ContentListCard
          title="Sermons"
          order="Sorted by sermon date, newest first."
          emptyText="No sermons yet."
          noun="sermon"
          items={sermons}
        >
          {(sermon) => (
            <>
              <p className="text-sm text-muted-foreground">
                {formatDate(sermon.sermonDate)} · {sermon.speaker}
              </p>
              {sermon.seriesName || sermon.audioObjectPath ? (
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
                  {sermon.seriesName ? (
                    <span className="break-words" data-testid="sermon-series">
                      Series: {sermon.seriesName}
                    </span>
                  ) : null}
                  {sermon.audioObjectPath ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground">
                      <AudioLines className="size-3.5" aria-hidden="true" />
                      Recording
                    </span>
                  ) : null}
                </p>
              ) : null}
            </>
          )}
        </ContentListCard>
      </div>
    </AdminScreen>
  );
}
