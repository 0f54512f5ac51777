import { AudioLines, LoaderCircle, X } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ConfirmDeleteButton } from "~/components/confirm-dialog";
import { ContentListCard, EditLink, useUploadForm } from "~/components/content-admin";
import { Field, FormField, TextareaField } from "~/components/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
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
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { readForm } from "~/server/http/forms.server";
import { uploadLimit } from "~/server/http/uploads.server";
import type { Route } from "./+types/sermons";

const SCREEN = "/members/add-sermon";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Sermons", "Add, edit and remove the sermons shown on the website.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "content:write");
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
  const user = await requireUser(request, "content:write");
  const form = await readForm(request);
  const title = "Deletion Failed";
  if (form.get("intent") !== "delete") return refuse(400, { title, description: "Unknown request." });
  try {
    if (!(await deleteSermon(String(form.get("id") ?? ""), user)))
      return refuse(404, { title, description: "That sermon no longer exists." });
  } catch (error) {
    return refusalFor(error, {
      title,
      what: "Deleting a sermon",
      fallback: "The sermon could not be removed. Please try again.",
    });
  }
  return reply({ title: "Sermon Deleted", description: "The sermon has been removed." });
}

export default function Sermons({ loaderData }: Route.ComponentProps) {
  const { items: sermons, editing, loadFailed, seriesNames, notesChoices, audioLimit } = loaderData;
  const { isEditing, current, errors, formKey, onSubmit, progress, isUploading } = useUploadForm({
    screen: SCREEN,
    editing,
    loadFailed,
    loadFailedTitle: "Error fetching sermons",
    deleteKey: "delete-sermon",
    schema: sermonSchema,
    problemToast: videoProblemToast,
  });
  const heading = isEditing ? "Edit Sermon" : "Add a Sermon";

  return (
    <AdminScreen title="Sermons" description="Sermons appear on the Sermons page, newest sermon date first.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start [&>*]:min-w-0">
        <form
          key={`${current?.id ?? "new"}-${formKey}`}
          method="post"
          action="/members/add-sermon/save"
          encType="multipart/form-data"
          noValidate
          aria-label={heading}
          className="grid grid-cols-[minmax(0,1fr)] gap-5 rounded-xl border border-border bg-background p-6 shadow-sm"
          onSubmit={onSubmit}
        >
          <h2 className="text-lg font-semibold text-navy">{heading}</h2>
          <input type="hidden" name="intent" value={isEditing ? "update" : "create"} />
          {current ? <input type="hidden" name="id" value={current.id} /> : null}
          <FormField
            id="sermonDate"
            name="sermonDate"
            label="Sermon Date"
            type="date"
            required
            defaultValue={current?.sermonDate ?? ""}
            error={errors.sermonDate}
          />
          <FormField
            id="title"
            name="title"
            label="Title"
            required
            maxLength={200}
            defaultValue={current?.title ?? ""}
            error={errors.title}
          />
          <FormField
            id="speaker"
            name="speaker"
            label="Speaker"
            required
            maxLength={120}
            defaultValue={current?.speaker ?? ""}
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
            defaultValue={current ? youTubeWatchUrl(current.youtubeId) : ""}
            error={errors.url}
          />
          <FormField
            id="seriesName"
            name="seriesName"
            label="Series"
            maxLength={120}
            list="series-names"
            autoComplete="off"
            hint="Pick a series or type a new name; leave empty for none."
            defaultValue={current?.seriesName ?? ""}
            error={errors.seriesName}
          />
          <datalist id="series-names">
            {seriesNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <FormField
            id="passage"
            name="passage"
            label="Bible Passage"
            maxLength={120}
            placeholder="e.g. John 3:1-21"
            defaultValue={current?.passage ?? ""}
            error={errors.passage}
          />
          <TextareaField
            id="description"
            name="description"
            label="Description"
            maxLength={5000}
            defaultValue={current?.description ?? ""}
            error={errors.description}
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
          <FormField
            id="audio"
            name="audio"
            label="Recording"
            type="file"
            accept="audio/mpeg,audio/mp4,.mp3,.m4a"
            className="[&_input]:h-auto [&_input]:py-2"
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
          {/* The buttons wrap rather than overflow the narrow form column of a laptop. */}
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button type="submit" size="lg" disabled={isUploading} className="flex-auto">
              {isUploading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {isUploading ? "Saving..." : isEditing ? "Update Sermon" : "Add Sermon"}
            </Button>
            {isEditing ? (
              <Link
                to={SCREEN}
                className={buttonVariants({ variant: "outline", size: "lg" })}
                preventScrollReset
              >
                <X aria-hidden="true" />
                Cancel Edit
              </Link>
            ) : null}
          </div>
        </form>

        <ContentListCard title="Sermons" isEmpty={sermons.length === 0} emptyText="No sermons yet.">
          {sermons.map((sermon) => (
            <li key={sermon.id} className="flex items-center gap-3 py-3" data-testid="sermon-row">
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 break-words font-medium">{sermon.title}</p>
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
