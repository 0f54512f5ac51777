import { QrCode } from "lucide-react";
import { useRef, useState } from "react";
import { AdminScreen } from "~/components/admin-screen";
import { Button } from "~/components/ui/button";
import { SearchInput } from "~/components/ui/search-input";
import { Label } from "~/components/ui/label";
import { CHECK_IN_PATH, checkInCodeOfScan } from "~/lib/check-in-code";
import { formatDate, formatTime12, formatTimeRange } from "~/lib/format";
import { localInputInChurchZone } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/server/auth/guards.server";
import { getEventRow } from "~/server/content/events.server";
import { refuse, replyWith } from "~/server/http/action-result.server";
import { notFound, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { arriveByCode, listForCheckIn, setArrived } from "~/server/people/check-in.server";
import type { Actor } from "~/server/platform/change-log.server";
import { registrationOfCheckInCode } from "~/server/people/registration-links.server";
import { ArrivedButton, Person } from "./check-in-person";
import { ScanPanel } from "./check-in-scan";
import type { Route } from "./+types/check-in";

// The door on the day, on a phone: who registered, who has arrived, one tap to mark a person.
// "Scan a code" reads confirmation e-mails' QR codes with the phone's camera in the page and
// checks each person in at once. Read by the phone's own camera app instead, a code opens this
// page for its registration, so the person is at the top with their button.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData ? `Check-in: ${loaderData.event.title}` : "Check-in");
}

/** "6:12 PM" on the church's clock. */
const arrivalTime = (moment: Date) => formatTime12(localInputInChurchZone(moment).slice(11));

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "registrations:check-in");
  const event = await getEventRow(params.id);
  if (!event) throw appErrorResponse(notFound("That event no longer exists."));
  const rows = (await listForCheckIn(event.id)).map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    waitlisted: row.status === "waitlisted",
    arrivedAt: row.checkedInAt ? arrivalTime(row.checkedInAt) : null,
  }));
  const code = new URL(request.url).searchParams.get("code");
  const scannedId = code ? registrationOfCheckInCode(code) : null;
  const scanned = scannedId ? (rows.find((row) => row.id === scannedId) ?? null) : null;
  return {
    event: {
      id: event.id,
      title: event.title,
      when: `${formatDate(event.eventDate)} · ${formatTimeRange(event.eventTime, event.eventEndTime)}`,
    },
    rows,
    scanned,
    scanError:
      code && !scanned ? "This QR code is not a registration for this event (or it was cancelled)." : null,
  };
}

/** Whether this document was loaded from a check-in page, the only one the camera is allowed to. */
function documentMayUseCamera(): boolean {
  const [entry] = performance.getEntriesByType("navigation");
  return entry ? CHECK_IN_PATH.test(new URL(entry.name).pathname) : false;
}

/**
 * The server allows the camera only to a document loaded from a check-in page (server/app.ts), so
 * coming here from another members screen is a whole page load; on this page itself (after a tap
 * or a scan) the list is refreshed as usual.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (documentMayUseCamera()) return serverLoader();
  window.location.assign(request.url);
  // The browser is leaving the page: nothing is drawn in the meantime.
  return new Promise<never>(() => {});
}

const NOT_CHECKED_IN = "Not checked in";

/** Checks in the person a scanned QR code names, or says why not. */
async function arriveWithCode(eventId: string, code: string, user: Actor) {
  const result = await arriveByCode(eventId, checkInCodeOfScan(code) ?? "", user);
  switch (result.outcome) {
    case "arrived":
      return replyWith(
        { title: "Checked in", description: `${result.name} checked in.` },
        { id: result.id, name: result.name, already: false },
      );
    case "already":
      return replyWith(
        {
          title: "Already arrived",
          description: `${result.name} already arrived at ${arrivalTime(result.checkedInAt)}.`,
        },
        { id: result.id, name: result.name, already: true },
      );
    case "forged":
      return refuse(400, {
        title: NOT_CHECKED_IN,
        description: "This QR code is not a check-in code of this site (or it was altered).",
      });
    case "other-event":
      return refuse(409, {
        title: NOT_CHECKED_IN,
        description: `${result.name} registered for “${result.eventTitle}”, not this event.`,
      });
    case "cancelled":
      return refuse(409, {
        title: NOT_CHECKED_IN,
        description: `${result.name}'s registration was cancelled.`,
      });
    case "gone":
      return refuse(404, { title: NOT_CHECKED_IN, description: "That registration no longer exists." });
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "registrations:check-in");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "arrive-code") return arriveWithCode(params.id, String(form.get("code") ?? ""), user);
  const id = String(form.get("id") ?? "");
  if (intent !== "arrive" && intent !== "undo") {
    return refuse(400, { title: "Check-in failed", description: "Unknown request." });
  }
  const done = await setArrived(params.id, id, intent === "arrive", user);
  if (!done) {
    return refuse(404, {
      title: "Check-in failed",
      description: "That registration is not on this list any more.",
    });
  }
  return replyWith(
    intent === "arrive"
      ? { title: "Arrived", description: `${done.name} is checked in.` }
      : { title: "Check-in undone", description: `${done.name} is no longer marked as arrived.` },
    { id },
  );
}

export default function CheckIn({ loaderData }: Route.ComponentProps) {
  const { event, rows, scanned, scanError } = loaderData;
  const [query, setQuery] = useState("");
  const [scanning, setScanning] = useState(false);
  const scanButton = useRef<HTMLButtonElement>(null);
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? rows.filter((row) => `${row.name} ${row.email} ${row.mobile}`.toLowerCase().includes(needle))
    : rows;
  const confirmed = rows.filter((row) => !row.waitlisted);
  const arrived = rows.filter((row) => row.arrivedAt !== null).length;

  return (
    <AdminScreen
      title={`Check-in: ${event.title}`}
      description={event.when}
      backTo="/members/event-registrations"
      backLabel="Back to Event Registrations"
    >
      <div className="grid gap-5">
        <p className="text-lg font-semibold text-navy" data-testid="arrival-count" aria-live="polite">
          {arrived} of {confirmed.length} arrived
          {rows.length > confirmed.length ? ` · ${rows.length - confirmed.length} on the waitlist` : ""}
        </p>

        {scanned ? (
          <section
            aria-label="Scanned registration"
            className="flex flex-col gap-3 rounded-xl border-2 border-primary bg-background p-4 shadow-sm sm:flex-row sm:items-center"
          >
            <Person row={scanned} />
            <ArrivedButton row={scanned} prominent />
          </section>
        ) : null}
        {scanError ? (
          <p role="alert" className="rounded-md bg-destructive/10 px-4 py-3 text-sm text-destructive">
            {scanError}
          </p>
        ) : null}
        {scanning ? (
          <ScanPanel
            rows={rows}
            onClose={() => {
              setScanning(false);
              requestAnimationFrame(() => scanButton.current?.focus());
            }}
          />
        ) : (
          <div className="grid gap-2">
            <Button
              ref={scanButton}
              type="button"
              size="lg"
              className="w-full sm:w-auto sm:justify-self-start"
              onClick={() => setScanning(true)}
            >
              <QrCode aria-hidden="true" />
              Scan a code
            </Button>
            <p className="text-sm text-muted-foreground">
              Opens the camera here: each confirmation e-mail&apos;s QR code it reads is checked in at once.
              The phone&apos;s own camera app works too: it opens this page with that person at the top.
            </p>
          </div>
        )}

        <form method="get" role="search" className="grid gap-2" onSubmit={(event) => event.preventDefault()}>
          <Label htmlFor="check-in-search">Find a person</Label>
          <SearchInput
            id="check-in-search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Name, e-mail or mobile"
            className="h-11"
            autoComplete="off"
          />
        </form>

        {rows.length === 0 ? (
          <p className="rounded-xl border border-border bg-background p-6 text-sm text-muted-foreground">
            No one has registered for this event yet.
          </p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground" role="status">
            No one on the list matches “{query}”.
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Registrants">
            {shown.map((row) => (
              <li
                key={row.id}
                data-testid="check-in-row"
                className="flex flex-col gap-3 rounded-lg border border-border bg-background p-3 sm:flex-row sm:items-center"
              >
                <Person row={row} />
                <ArrivedButton row={row} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminScreen>
  );
}
