import { Check, Copy, MessageCircle } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { StatusBadge } from "~/components/status-badge";
import { buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { formatDate, formatTime12 } from "~/lib/format";
import { SEAT_STATUS_LABELS, SEAT_STATUS_TONES, type RosterSlotStatus } from "~/lib/roster-seats";
import { showToast, type Toast } from "~/lib/toast";
import { cn } from "~/lib/utils";

// Pieces the rosters' screens share: a seat's status, the answer to the last change shown on the
// page itself (the screens work without scripts, where no toast appears), a copy button.

export function SeatStatus({ status, reason }: { status: RosterSlotStatus; reason?: string | null }) {
  return (
    <>
      <StatusBadge tone={SEAT_STATUS_TONES[status]} testId="seat-status">
        {SEAT_STATUS_LABELS[status]}
      </StatusBadge>
      {status === "declined" && reason ? (
        <span className="min-w-0 break-words text-xs text-muted-foreground" data-testid="decline-reason">
          “{reason}”
        </span>
      ) : null}
    </>
  );
}

/** "Fri 11 Dec 2026, 3:30 PM". */
export function whenText(date: string, startTime: string | null) {
  return startTime ? `${formatDate(date)}, ${formatTime12(startTime)}` : formatDate(date);
}

const noSubscription = () => () => {};
const isTrue = () => true;
const isFalse = () => false;

/**
 * The answer to the last change: a refusal or reply of this screen's action (as a toast with
 * scripts, and on the page), or the message a redirect carried here, which the toast shows once
 * scripts run and the page shows until then (so a browser without scripts shows it too).
 */
export function ChangeNotice({ answer, id }: { answer: ActionResult | undefined; id: string }) {
  const root = useRouteLoaderData("root") as { toast?: Toast | null } | undefined;
  // False while the server's page is hydrated (and without scripts), true once React runs.
  const isHydrated = useSyncExternalStore(noSubscription, isTrue, isFalse);
  const message = answer?.toast ?? (isHydrated ? null : root?.toast) ?? null;
  const failed = answer ? !answer.ok : message?.variant === "destructive";
  useEffect(() => {
    if (answer) showToast({ ...answer.toast, id: `${id}-${answer.at}` });
  }, [answer, id]);
  if (!message) return null;
  return (
    <div
      role={failed ? "alert" : "status"}
      data-testid="change-notice"
      className={cn(
        "mb-6 rounded-lg border p-3 text-sm",
        failed ? "border-destructive/40 bg-destructive/5 text-destructive" : "border-success/30 bg-success/5",
      )}
    >
      <p className="font-semibold">{message.title}</p>
      {message.description ? <p className="mt-0.5">{message.description}</p> : null}
    </div>
  );
}

/** Copies a text; says where to select it by hand when the browser will not. */
export function CopyTextButton({ text, label = "Copy text" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  return (
    <button
      type="button"
      className={buttonVariants({ variant: "outline", size: "sm" })}
      onClick={() => {
        if (!navigator.clipboard) return setCopied("failed");
        navigator.clipboard.writeText(text).then(
          () => setCopied("yes"),
          () => setCopied("failed"),
        );
      }}
    >
      {copied === "yes" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied === "yes" ? "Copied" : copied === "failed" ? "Select the text to copy it" : label}
    </button>
  );
}

/** A read-only text box to copy into WhatsApp, with a copy button and a wa.me link. */
export function WhatsAppText({
  id,
  text,
  href,
  linkLabel = "Open WhatsApp",
  rows = 8,
}: {
  id: string;
  text: string;
  href: string | null;
  linkLabel?: string;
  rows?: number;
}) {
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="sr-only">
        WhatsApp text
      </label>
      <textarea
        id={id}
        readOnly
        value={text}
        rows={rows}
        className="w-full rounded-md border border-input bg-muted/40 p-3 font-mono text-sm"
        data-testid="whatsapp-text"
      />
      <div className="flex flex-wrap gap-2">
        <CopyTextButton text={text} />
        {href ? (
          <a href={href} target="_blank" rel="noreferrer" className={buttonVariants({ size: "sm" })}>
            <MessageCircle aria-hidden="true" />
            {linkLabel}
          </a>
        ) : null}
      </div>
    </div>
  );
}

/** A plain link in the members area's style. */
export function TextLink({
  to,
  children,
  className,
}: {
  to: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Link to={to} className={cn("font-medium text-primary underline-offset-4 hover:underline", className)}>
      {children}
    </Link>
  );
}
