import { Repeat } from "lucide-react";
import { useState } from "react";
import { data } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { DescriptionBesideFilipino, TitleBesideFilipino } from "~/components/beside-filipino";
import { ContentFormCard, ContentListCard, FileField, useUploadForm } from "~/components/content-admin";
import { FocusField } from "~/components/focus-field";
import { FormField } from "~/components/form-field";
import { UploadProgress } from "~/components/upload-progress";
import { eventImageSrc } from "~/lib/event-image";
import { choiceOfFocus, objectPosition } from "~/lib/image-focus";
import { parseVariantSet } from "~/lib/image-variants";
import { formatDate, formatTimeRange } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { MAX_UPLOAD_LABEL } from "~/lib/uploads";
import { eventSchema, MAX_CAPACITY } from "~/schemas/event";
import { localInputInChurchZone } from "~/lib/dates";
import { requireUser } from "~/server/auth/guards.server";
import { loadEditableList } from "~/server/http/content-actions.server";
import { loadOptional } from "~/server/http/loader.server";
import { readForm } from "~/server/http/forms.server";
import { getEventRow, listEventsForStaff } from "~/server/content/events.server";
import { deleteEvent } from "~/server/content/event-edits.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { seatCounts } from "~/server/people/event-seats.server";
import type { Route } from "./+types/events";
import { deleteListedItem } from "./delete-action.server";
import { ResponsiveImage } from "~/components/responsive-image";
import { ApplyToChoice, RepeatFields } from "./event-repeat-fields";
import { ServingPlanLink } from "~/components/serving-plan-link";

const SCREEN = "/members/add-event";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Events", "Add, edit and remove the church's events.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "events:write");
  const [list, churchMapsUrl] = await Promise.all([
    listAndEditing(request),
    // A new event's map link starts as the church's own: most events are at the church.
    loadOptional("the church's map link", async () => (await getSiteContent()).church.mapsUrl),
  ]);
  // Serving rosters (issue 36): each event's serving plan, for those who plan rosters.
  const canPlan = can(user, "rosters:write")
    ? ("write" as const)
    : can(user, "rosters:read")
      ? ("read" as const)
      : null;
  return data({ ...list.data, churchMapsUrl, canPlan }, list.init ?? undefined);
}

function listAndEditing(request: Request) {
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
  const user = await requireUser(request, "events:write");
  const form = await readForm(request);
  const scope = form.get("scope") === "following" ? "following" : "this";
  return deleteListedItem(form, {
    noun: "event",
    what: "Deleting an event",
    remove: (id) => deleteEvent(id, user, scope),
    deleted: { title: "Event Deleted", description: "The event has been removed." },
  });
}

const time = (value: string | null | undefined) => (value ? value.slice(0, 5) : "");

/** The list's 64x40 picture keeps the event picture's focal point in view. */
function listPosition(item: { imageSrc: string; imageFocusX: number | null; imageFocusY: number | null }) {
  const size = parseVariantSet(item.imageSrc);
  return objectPosition(
    item.imageFocusX,
    item.imageFocusY,
    size ? { width: size.width, height: size.height, frame: 64 / 40 } : undefined,
  );
}

/** "12 of 40 seats taken, 3 waiting" (or "5 registered" for an event without a limit). */
function seatsLine(capacity: number | null, counts: { taken: number; waiting: number } | undefined): string {
  const taken = counts?.taken ?? 0;
  const waiting = counts?.waiting ? `, ${counts.waiting} waiting` : "";
  return capacity === null ? `${taken} registered` : `${taken} of ${capacity} seats taken${waiting}`;
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { items: events, editing, loadFailed, churchMapsUrl, canPlan } = loaderData;
  const { isEditing, current, errors, field, formKey, progress, isUploading, card } = useUploadForm({
    screen: SCREEN,
    editing,
    loadFailed,
    loadFailedTitle: "Error fetching events",
    noun: "event",
    schema: eventSchema,
    problemToast: (error: { issues: { message: string }[] }) => ({
      title: "Submission Failed",
      description: error.issues[0]!.message,
    }),
  });

  // The date being typed, for the Repeats field's words; a new form (another event, or after
  // saving) starts again from the event's own date.
  const formId = `${current?.id ?? "new"}-${formKey}`;
  const [typedDate, setTypedDate] = useState<{ form: string; value: string } | null>(null);
  const date = typedDate?.form === formId ? typedDate.value : (current?.eventDate ?? "");
  const setDate = (value: string) => setTypedDate({ form: formId, value });

  return (
    <AdminScreen title="Events" description="Events appear on the Events page from their date onward.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start [&>*]:min-w-0">
        <ContentFormCard
          key={formId}
          title={isEditing ? "Edit Event" : "Add an Event"}
          submitLabel={isUploading ? "Saving..." : isEditing ? "Update Event" : "Add Event"}
          action="/members/add-event/save"
          {...card}
        >
          <TitleBesideFilipino
            english={field("title", current?.title)}
            filipino={field("titleFil", current?.titleFil)}
            label="Title *"
          />
          <div className="grid gap-5 sm:grid-cols-3">
            <FormField
              {...field("eventDate", current?.eventDate)}
              label="Date *"
              type="date"
              required
              onChange={(event) => setDate(event.target.value)}
            />
            <FormField
              {...field("eventTime", time(current?.eventTime))}
              label="Start Time *"
              type="time"
              required
            />
            <FormField {...field("eventEndTime", time(current?.eventEndTime))} label="End Time" type="time" />
          </div>
          {current ? (
            current.seriesId ? (
              <ApplyToChoice repeats={events.find((item) => item.id === current.id)?.repeats ?? null} />
            ) : null
          ) : (
            <RepeatFields key={formKey} date={date} errors={errors} />
          )}
          <FormField
            {...field("locationName", current?.locationName)}
            label="Location Name *"
            required
            maxLength={200}
          />
          <FormField
            {...field("googleMapsUrl", current ? current.googleMapsUrl : churchMapsUrl)}
            label="Google Maps URL *"
            type="url"
            required
            maxLength={1000}
            placeholder="https://maps.google.com/..."
            hint="Starts as the church's own map link: change it for an event held elsewhere."
          />
          {/* One above the other: a date-and-time field needs the form's whole width. */}
          <div className="grid gap-5">
            <FormField
              {...field("capacity", current?.capacity)}
              label="Seats"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_CAPACITY}
              hint="Leave empty for no limit. When full, people join a waitlist."
            />
            <FormField
              {...field(
                "registrationDeadline",
                current?.registrationDeadline &&
                  localInputInChurchZone(new Date(current.registrationDeadline)),
              )}
              label="Registration Closes"
              type="datetime-local"
              hint="Leave empty to keep it open until the day of the event."
            />
          </div>
          <FormField {...field("speaker", current?.speaker)} label="Speaker" maxLength={120} />
          <DescriptionBesideFilipino
            english={field("description", current?.description)}
            filipino={field("descriptionFil", current?.descriptionFil)}
          />
          <FileField
            name="image"
            label={isEditing ? "New Image (leave empty to keep the current one)" : "Image"}
            accept="image/jpeg,image/png,image/gif,image/webp"
            hint={`JPG, PNG, GIF or WEBP up to ${MAX_UPLOAD_LABEL}`}
            error={errors.image}
          />
          <FocusField
            name="imageFocus"
            defaultValue={choiceOfFocus(current?.imageFocusX, current?.imageFocusY)}
            error={errors.imageFocus}
          />
          <UploadProgress value={progress} />
        </ContentFormCard>

        <ContentListCard
          title="All Events"
          order="Sorted by date, newest first."
          emptyText="No events yet."
          noun="event"
          items={events}
          picture={(item) => (
            <ResponsiveImage
              src={item.imageSrc}
              alt=""
              width={64}
              height={40}
              sizes="64px"
              className="h-10 w-16 shrink-0 rounded object-cover"
              style={{ objectPosition: listPosition(item) }}
            />
          )}
          deleteOptions={(item) =>
            item.seriesId ? (
              <label className="flex min-h-11 items-center gap-3 text-sm">
                <input type="checkbox" name="scope" value="following" className="size-4 accent-primary" />
                Also delete every later date of this repeating event
              </label>
            ) : null
          }
        >
          {(item) => (
            <>
              <p className="text-sm text-muted-foreground">
                {formatDate(item.eventDate)} · {formatTimeRange(item.eventTime, item.eventEndTime)}
              </p>
              <p className="text-sm text-muted-foreground" data-testid="event-seats">
                {item.seats}
              </p>
              {item.repeats ? (
                <p className="text-sm text-muted-foreground" data-testid="event-repeats">
                  <Repeat className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
                  {item.repeats}
                  {item.isSeriesException ? " (this date changed)" : ""}
                </p>
              ) : null}
              <ServingPlanLink eventId={item.id} title={item.title} access={canPlan} />
            </>
          )}
        </ContentListCard>
      </div>
    </AdminScreen>
  );
}
