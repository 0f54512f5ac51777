import { Check, CircleAlert, Info, LoaderCircle, ScanLine, X } from "lucide-react";
import { Suspense, lazy, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { checkInCodeOfScan } from "~/lib/check-in-code";
import { cn } from "~/lib/utils";
import { ArrivedButton, type Row } from "./check-in-person";

/** The answer to a code scanned on this page: who was checked in (or had arrived already). */
type ScanAnswer = ActionResult & { id?: string; name?: string; already?: boolean };

// Fetched when "Scan a code" is tapped (and jsQR with it, where the browser has no detector): the
// list itself carries none of the scanner.
const QrScanner = lazy(() =>
  import("~/components/qr-scanner").then((module) => ({ default: module.QrScanner })),
);

const PHONE_CAMERA_STILL_WORKS =
  "Your phone's camera app still reads the codes: point it at a confirmation's QR code and it opens this page with that person at the top.";

/** The camera in the page: each code read checks its person in at once, then the next. */
export function ScanPanel({ rows, onClose }: { rows: Row[]; onClose: () => void }) {
  const fetcher = useFetcher<ScanAnswer>();
  const [notOurs, setNotOurs] = useState(false);
  const busy = fetcher.state !== "idle";
  const answer = busy ? undefined : fetcher.data;
  const person = answer?.ok ? rows.find((row) => row.id === answer.id) : undefined;

  useEffect(() => {
    if (answer?.ok && !answer.already) navigator.vibrate?.(150);
  }, [answer]);

  function read(text: string) {
    const code = checkInCodeOfScan(text);
    setNotOurs(code === null);
    if (code) void fetcher.submit({ intent: "arrive-code", code }, { method: "post" });
  }

  let tone: "idle" | "good" | "info" | "bad" = "idle";
  let message = "Hold a confirmation e-mail's QR code inside the frame.";
  if (busy) {
    message = "Checking in…";
  } else if (notOurs) {
    tone = "bad";
    message = "This QR code is not a confirmation's check-in code.";
  } else if (answer && !answer.ok) {
    tone = "bad";
    message = answer.toast.description ?? answer.toast.title;
  } else if (answer?.ok && answer.already) {
    tone = "info";
    message = answer.toast.description ?? `${answer.name} already arrived.`;
  } else if (answer?.ok) {
    tone = person && person.arrivedAt === null ? "info" : "good";
    message = tone === "good" ? `${answer.name} checked in` : `${answer.name}'s check-in was undone.`;
  }
  const Icon = busy ? LoaderCircle : { idle: ScanLine, good: Check, info: Info, bad: CircleAlert }[tone];

  return (
    <section
      aria-labelledby="scan-title"
      className="mx-auto grid w-full max-w-md gap-3 rounded-xl border border-border bg-background p-3 shadow-sm sm:p-4"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="scan-title" className="text-lg font-semibold text-navy">
          Scan a code
        </h2>
        <Button type="button" variant="outline" className="min-h-11" onClick={onClose}>
          <X aria-hidden="true" />
          Close camera
        </Button>
      </div>
      <Suspense
        fallback={
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Starting the camera…
          </p>
        }
      >
        <QrScanner onRead={read} paused={busy} fallback={PHONE_CAMERA_STILL_WORKS}>
          <div
            className={cn(
              "flex min-h-14 flex-wrap items-center gap-3 rounded-lg px-3 py-2",
              tone === "good" && "bg-success/10 text-success",
              tone === "info" && "bg-muted text-foreground",
              tone === "bad" && "bg-destructive/10 text-destructive",
              tone === "idle" && "text-muted-foreground",
            )}
          >
            <p
              role="status"
              data-testid="scan-result"
              className="flex min-w-0 flex-1 items-center gap-2 font-semibold"
            >
              <Icon className={cn("size-5 shrink-0", busy && "animate-spin")} aria-hidden="true" />
              <span className="break-words">{message}</span>
            </p>
            {!busy && !notOurs && person ? <ArrivedButton row={person} /> : null}
          </div>
        </QrScanner>
      </Suspense>
    </section>
  );
}
