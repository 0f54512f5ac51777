import { Check, LoaderCircle, Undo2 } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { showToast } from "~/lib/toast";
import type { Route } from "./+types/check-in";

export type Row = Route.ComponentProps["loaderData"]["rows"][number];

type CheckInAnswer = ActionResult & { id?: string };

/** The one button of a registration: "Arrived", or "Undo" once the person is checked in. */
export function ArrivedButton({ row, prominent = false }: { row: Row; prominent?: boolean }) {
  const fetcher = useFetcher<CheckInAnswer>();
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) showToast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data]);
  // Shown at once as tapped; the list's next load confirms it.
  const intent = busy ? fetcher.formData?.get("intent") : null;
  const arrived = intent ? intent === "arrive" : row.arrivedAt !== null;
  return (
    <fetcher.Form method="post" className="shrink-0">
      <input type="hidden" name="intent" value={arrived ? "undo" : "arrive"} />
      <input type="hidden" name="id" value={row.id} />
      {arrived ? (
        <Button
          type="submit"
          variant="outline"
          size={prominent ? "lg" : "default"}
          disabled={busy}
          className="min-h-11"
          aria-label={`Undo the check-in of ${row.name}`}
        >
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Undo2 aria-hidden="true" />}
          Undo
        </Button>
      ) : (
        <Button
          type="submit"
          size={prominent ? "lg" : "default"}
          disabled={busy}
          className="min-h-11"
          aria-label={`Arrived: ${row.name}`}
        >
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
          Arrived
        </Button>
      )}
    </fetcher.Form>
  );
}

export function Person({ row }: { row: Row }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="flex flex-wrap items-center gap-2 font-semibold text-navy">
        <span className="break-words">{row.name}</span>
        {row.waitlisted ? <StatusBadge tone="waiting">Waitlisted</StatusBadge> : null}
        {row.arrivedAt ? <StatusBadge tone="good">Arrived {row.arrivedAt}</StatusBadge> : null}
      </p>
      <p className="text-sm text-muted-foreground wrap-anywhere">
        {row.mobile} · {row.email}
      </p>
    </div>
  );
}
