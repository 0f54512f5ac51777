import { useEffect, useState } from "react";
import { data, useNavigation, useSearchParams } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ConfirmDeleteButton, useDeleteToast } from "~/components/confirm-dialog";
import { ContentFormCard, ContentListCard, EditLink } from "~/components/content-admin";
import { FormField } from "~/components/form-field";
import { formatDateUS } from "~/lib/format";
import { firstErrors, formValues } from "~/lib/form-values";
import { pageMeta } from "~/lib/meta";
import { showToast, type Toast } from "~/lib/toast";
import { youTubeWatchUrl } from "~/lib/youtube";
import { sermonSchema, videoProblemToast } from "~/schemas/videos";
import { requireStaff } from "~/server/auth.server";
import {
  createSermon,
  deleteSermon,
  getSermon,
  listSermonsForStaff,
  updateSermon,
} from "~/server/sermons.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/add-sermon";

const SCREEN = "/members/add-sermon";

export function meta(_: Route.MetaArgs) {
  return pageMeta("Sermons", "Add, edit and remove the sermons shown on the website.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const editId = new URL(request.url).searchParams.get("edit");
  try {
    const [sermons, editing] = await Promise.all([listSermonsForStaff(), editId ? getSermon(editId) : null]);
    return { failed: false, sermons, editing };
  } catch (error) {
    console.error("Reading sermons failed:", error);
    return { failed: true, sermons: [], editing: null };
  }
}

type Result = {
  at: number;
  toast: Omit<Toast, "id">;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const at = Date.now();
  const fail = (status: number, toast: Omit<Toast, "id">, extra: Partial<Result> = {}) =>
    data<Result>({ at, toast: { ...toast, variant: "destructive" }, ...extra }, { status });

  if (intent === "delete") {
    try {
      if (!(await deleteSermon(id)))
        return fail(404, { title: "Deletion Failed", description: "That sermon no longer exists." });
    } catch (error) {
      console.error("Deleting a sermon failed:", error);
      return fail(500, {
        title: "Deletion Failed",
        description: "The sermon could not be removed. Please try again.",
      });
    }
    return data<Result>({
      at,
      toast: { title: "Sermon Deleted", description: "The sermon has been removed." },
    });
  }
  if (intent !== "create" && intent !== "update")
    return fail(400, { title: "Submission Failed", description: "Unknown request." });

  const values = formValues(form);
  const parsed = sermonSchema.safeParse(values);
  if (!parsed.success)
    return fail(400, videoProblemToast(parsed.error), { errors: firstErrors(parsed.error.issues), values });
  const input = {
    sermonDate: parsed.data.sermonDate,
    title: parsed.data.title,
    speaker: parsed.data.speaker,
    youtubeId: parsed.data.url,
  };
  try {
    if (intent === "create") {
      await createSermon(input);
      throw await redirectWithToast(
        SCREEN,
        { title: "Sermon Added!", description: `${input.title} is on the website.` },
        request,
      );
    }
    if (!(await updateSermon(id, input)))
      return fail(
        404,
        { title: "Submission Failed", description: "That sermon no longer exists." },
        { values },
      );
    throw await redirectWithToast(
      SCREEN,
      { title: "Sermon Updated!", description: `${input.title} has been saved.` },
      request,
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Saving a sermon failed:", error);
    return fail(
      500,
      { title: "Submission Failed", description: "The sermon could not be saved. Please try again." },
      { values },
    );
  }
}

export default function AddSermon({ loaderData, actionData }: Route.ComponentProps) {
  const { sermons, editing, failed } = loaderData;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...actionData?.errors, ...clientErrors };
  const values = actionData?.values;
  useDeleteToast("delete-sermon");

  useEffect(() => {
    if (failed)
      showToast({
        title: "Error fetching sermons",
        description: "Please reload the page.",
        variant: "destructive",
      });
  }, [failed]);
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `sermon-${actionData.at}` });
  }, [actionData]);

  const isEditing = Boolean(editing) && searchParams.has("edit");
  // A new key for each mode and item, so the fields start from the right values.
  const formKey = `${isEditing ? editing!.id : "new"}-${actionData?.at ?? 0}`;

  return (
    <AdminScreen title="Sermons" description="Sermons appear on the Sermons page, newest sermon date first.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start [&>*]:min-w-0">
        <ContentFormCard
          key={formKey}
          title={isEditing ? "Edit Sermon" : "Add a Sermon"}
          editingId={isEditing ? editing!.id : null}
          cancelTo={SCREEN}
          submitLabel={isEditing ? "Update Sermon" : "Add Sermon"}
          isSubmitting={navigation.state === "submitting"}
          onSubmit={(event) => {
            const parsed = sermonSchema.safeParse(formValues(event.currentTarget));
            if (parsed.success) return setClientErrors({});
            event.preventDefault();
            setClientErrors(firstErrors(parsed.error.issues));
            showToast({ ...videoProblemToast(parsed.error), variant: "destructive" });
          }}
        >
          <FormField
            id="sermonDate"
            name="sermonDate"
            label="Sermon Date"
            type="date"
            required
            defaultValue={values?.sermonDate ?? (isEditing ? editing!.sermonDate : "")}
            error={errors.sermonDate}
          />
          <FormField
            id="title"
            name="title"
            label="Title"
            required
            maxLength={200}
            defaultValue={values?.title ?? (isEditing ? editing!.title : "")}
            error={errors.title}
          />
          <FormField
            id="speaker"
            name="speaker"
            label="Speaker"
            required
            maxLength={120}
            defaultValue={values?.speaker ?? (isEditing ? editing!.speaker : "")}
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
            defaultValue={values?.url ?? (isEditing ? youTubeWatchUrl(editing!.youtubeId) : "")}
            error={errors.url}
          />
        </ContentFormCard>

        <ContentListCard title="Sermons" isEmpty={sermons.length === 0} emptyText="No sermons yet.">
          {sermons.map((sermon) => (
            <li key={sermon.id} className="flex items-center gap-3 py-3" data-testid="sermon-row">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{sermon.title}</p>
                <p className="text-sm text-muted-foreground">
                  {formatDateUS(sermon.sermonDate)} · {sermon.speaker}
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
