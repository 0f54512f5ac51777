import { LoaderCircle, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ConfirmDeleteButton, useDeleteToast } from "~/components/confirm-dialog";
import { ContentListCard, EditLink } from "~/components/content-admin";
import { FormField, TextareaField } from "~/components/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { UploadProgress } from "~/components/upload-progress";
import { eventImageSrc } from "~/lib/event-image";
import { formatDate, formatTimeRange } from "~/lib/format";
import { firstErrors } from "~/lib/action-result";
import { focusFirstError, formValues } from "~/lib/form-values";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { useUpload } from "~/lib/upload-client";
import { MAX_UPLOAD_LABEL } from "~/lib/uploads";
import { eventSchema, MAX_CAPACITY } from "~/schemas/event";
import { localInputInChurchZone } from "~/lib/dates";
import { requireUser } from "~/server/auth/guards.server";
import { loadEditableList } from "~/server/http/content-actions.server";
import { readForm } from "~/server/http/forms.server";
import { deleteEvent, getEventRow, listEventsForStaff } from "~/server/content/events.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { seatCounts } from "~/server/people/registrations.server";
import type { Route } from "./+types/events";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { ResponsiveImage } from "~/components/responsive-image";

const SCREEN = "/members/add-event";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Events", "Add, edit and remove the church's events.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "content:write");
  return loadEditableList({
    request,
    what: "events",
    async list() {
      const [rows, { titledEventImages }] = await Promise.all([listEventsForStaff(), getSiteContent()]);
      const seats = await seatCounts(rows.map((row) => row.id));
      return rows.map((row) => ({
        ...row,
        imageSrc: eventImageSrc(row, titledEventImages),
        seats: seatsLine(row.capacity, seats.get(row.id)),
      }));
    },
    get: getEventRow,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "content:write");
  const form = await readForm(request);
  const title = "Deletion Failed";
  if (form.get("intent") !== "delete") return refuse(400, { title, description: "Unknown request." });
  try {
    if (!(await deleteEvent(String(form.get("id") ?? ""), user)))
      return refuse(404, { title, description: "That event no longer exists." });
  } catch (error) {
    return refusalFor(error, {
      title,
      what: "Deleting an event",
      fallback: "The event could not be removed. Please try again.",
    });
  }
  return reply({ title: "Event Deleted", description: "The event has been removed." });
}

const time = (value: string | null | undefined) => (value ? value.slice(0, 5) : "");

/** "12 of 40 seats taken, 3 waiting" (or "5 registered" for an event without a limit). */
function seatsLine(capacity: number | null, counts: { taken: number; waiting: number } | undefined): string {
  const taken = counts?.taken ?? 0;
  const waiting = counts?.waiting ? `, ${counts.waiting} waiting` : "";
  return capacity === null ? `${taken} registered` : `${taken} of ${capacity} seats taken${waiting}`;
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { items: events, editing, loadFailed } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { send, progress, isUploading } = useUpload();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);
  useDeleteToast("delete-event");

  useEffect(() => {
    if (loadFailed)
      showToast({
        title: "Error fetching events",
        description: "Please reload the page.",
        variant: "destructive",
      });
  }, [loadFailed]);

  const isEditing = Boolean(editing) && searchParams.has("edit");
  const current = isEditing ? editing! : null;

  return (
    <AdminScreen title="Events" description="Events appear on the Events page from their date onward.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start [&>*]:min-w-0">
        <form
          key={`${current?.id ?? "new"}-${formKey}`}
          method="post"
          action="/members/add-event/save"
          encType="multipart/form-data"
          noValidate
          aria-label={isEditing ? "Edit Event" : "Add an Event"}
          className="grid gap-5 rounded-xl border border-border bg-background p-6 shadow-sm"
          onSubmit={async (event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const parsed = eventSchema.safeParse(formValues(form));
            if (!parsed.success) {
              const found = firstErrors(parsed.error.issues);
              setErrors(found);
              focusFirstError(form, found);
              showToast({
                title: "Submission Failed",
                description: Object.values(found)[0],
                variant: "destructive",
              });
              return;
            }
            setErrors({});
            const answer = await send(form.action, new FormData(form));
            showToast(answer.toast);
            if (!answer.ok) {
              setErrors(answer.fieldErrors ?? {});
              focusFirstError(form, answer.fieldErrors ?? {});
              return;
            }
            setFormKey((key) => key + 1);
            if (isEditing) navigate(SCREEN, { preventScrollReset: true });
            else await revalidator.revalidate();
          }}
        >
          <h2 className="text-lg font-semibold text-navy">{isEditing ? "Edit Event" : "Add an Event"}</h2>
          <input type="hidden" name="intent" value={isEditing ? "update" : "create"} />
          {current ? <input type="hidden" name="id" value={current.id} /> : null}
          <FormField
            id="title"
            name="title"
            label="Title *"
            required
            maxLength={200}
            defaultValue={current?.title ?? ""}
            error={errors.title}
          />
          <div className="grid gap-5 sm:grid-cols-3">
            <FormField
              id="eventDate"
              name="eventDate"
              label="Date *"
              type="date"
              required
              defaultValue={current?.eventDate ?? ""}
              error={errors.eventDate}
            />
            <FormField
              id="eventTime"
              name="eventTime"
              label="Start Time *"
              type="time"
              required
              defaultValue={time(current?.eventTime)}
              error={errors.eventTime}
            />
            <FormField
              id="eventEndTime"
              name="eventEndTime"
              label="End Time"
              type="time"
              defaultValue={time(current?.eventEndTime)}
              error={errors.eventEndTime}
            />
          </div>
          <FormField
            id="locationName"
            name="locationName"
            label="Location Name *"
            required
            maxLength={200}
            defaultValue={current?.locationName ?? ""}
            error={errors.locationName}
          />
          <FormField
            id="googleMapsUrl"
            name="googleMapsUrl"
            label="Google Maps URL *"
            type="url"
            required
            maxLength={1000}
            placeholder="https://maps.google.com/..."
            defaultValue={current?.googleMapsUrl ?? ""}
            error={errors.googleMapsUrl}
          />
          {/* One above the other: a date-and-time field needs the form's whole width. */}
          <div className="grid gap-5">
            <FormField
              id="capacity"
              name="capacity"
              label="Seats"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_CAPACITY}
              hint="Leave empty for no limit. When full, people join a waitlist."
              defaultValue={current?.capacity ?? ""}
              error={errors.capacity}
            />
            <FormField
              id="registrationDeadline"
              name="registrationDeadline"
              label="Registration Closes"
              type="datetime-local"
              hint="Leave empty to keep it open until the day of the event."
              defaultValue={
                current?.registrationDeadline
                  ? localInputInChurchZone(new Date(current.registrationDeadline))
                  : ""
              }
              error={errors.registrationDeadline}
            />
          </div>
          <FormField
            id="speaker"
            name="speaker"
            label="Speaker"
            maxLength={120}
            defaultValue={current?.speaker ?? ""}
            error={errors.speaker}
          />
          <TextareaField
            id="description"
            name="description"
            label="Description"
            maxLength={5000}
            defaultValue={current?.description ?? ""}
            error={errors.description}
          />
          <FormField
            id="image"
            name="image"
            label={isEditing ? "New Image (leave empty to keep the current one)" : "Image"}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            className="[&_input]:h-auto [&_input]:py-2"
            hint={`JPG, PNG, GIF or WEBP up to ${MAX_UPLOAD_LABEL}`}
            error={errors.image}
          />
          <UploadProgress value={progress} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" size="lg" disabled={isUploading} className="flex-1">
              {isUploading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {isUploading ? "Saving..." : isEditing ? "Update Event" : "Add Event"}
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

        <ContentListCard title="All Events" isEmpty={events.length === 0} emptyText="No events yet.">
          {events.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-3" data-testid="event-row">
              <ResponsiveImage
                src={item.imageSrc}
                alt=""
                width={64}
                height={40}
                sizes="64px"
                className="h-10 w-16 shrink-0 rounded object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 break-words font-medium">{item.title}</p>
                <p className="text-sm text-muted-foreground">
                  {formatDate(item.eventDate)} · {formatTimeRange(item.eventTime, item.eventEndTime)}
                </p>
                <p className="text-sm text-muted-foreground" data-testid="event-seats">
                  {item.seats}
                </p>
              </div>
              <EditLink to={`?edit=${item.id}`} label={`Edit ${item.title}`} />
              <ConfirmDeleteButton
                fetcherKey="delete-event"
                id={item.id}
                label={`Delete ${item.title}`}
                question="Are you sure you want to delete this event?"
              />
            </li>
          ))}
        </ContentListCard>
      </div>
    </AdminScreen>
  );
}
