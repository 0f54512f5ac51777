import { CalendarDays } from "lucide-react";
import type { ReactNode } from "react";

import type { RosterSlotStatus } from "../../../database/schema";
import { whenIn } from "~/lib/dates-in-language";
import { useLocale, useT, type MessageKey } from "~/lib/i18n";
import type { SeatRefusal } from "~/server/rosters/answers.server";
import type { SeatView } from "~/server/rosters/roster-seats.server";

// The pieces the volunteers' pages share (serving rosters, issue 36): their texts' keys, a seat as
// a card, a notice, and the page that says why a link opens nothing. Plain HTML: these pages run
// no script, and every button is a form post. Every word is in the page's language (issue 39):
// English at /serve/..., Filipino at /fil/serve/...; either address opens the same link.

/**
 * The token must not travel to other sites: no referrer leaves the site ("same-origin", so the
 * forms still send our Origin), and no cache keeps the page.
 */
export const KEEP_TOKEN_HERE = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };

export const serveTexts = {
  eyebrow: "serve.eyebrow",
  busy: "serve.busy",
  refusals: {
    invalid: "serve.refusal.invalid",
    expired: "serve.refusal.expired",
    gone: "serve.refusal.gone",
    "not-yours": "serve.refusal.notYours",
    past: "serve.refusal.past",
  } satisfies Record<SeatRefusal, MessageKey>,
  status: {
    draft: "serve.status.draft",
    pending: "serve.status.pending",
    accepted: "serve.status.accepted",
    declined: "serve.status.declined",
    replacing: "serve.status.replacing",
  } satisfies Record<RosterSlotStatus, MessageKey>,
} as const;

/** The HTTP status of each refusal. */
export const REFUSAL_STATUS: Record<SeatRefusal, number> = {
  invalid: 404,
  gone: 404,
  expired: 410,
  past: 410,
  "not-yours": 409,
};

const STATUS_TONE: Record<RosterSlotStatus, string> = {
  draft: "bg-muted text-muted-foreground",
  pending: "bg-gold/20 text-navy",
  accepted: "bg-success/10 text-success",
  declined: "bg-destructive/10 text-destructive",
  replacing: "bg-gold/20 text-navy",
};

export function StatusBadge({ status }: { status: RosterSlotStatus }) {
  const t = useT();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}
      data-testid="seat-status"
    >
      {t(serveTexts.status[status])}
    </span>
  );
}

/** One seat: the date and time, the service, the team and the position, its status, then `children`. */
export function SeatCard({
  seat,
  children,
  showStatus = true,
}: {
  seat: SeatView;
  children?: ReactNode;
  showStatus?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  // The server writes the date in English; another language writes it again from the date.
  const when = locale === "en" ? seat.when : whenIn(locale, seat.date, seat.time);
  return (
    <article
      className="grid gap-3 rounded-xl border border-border bg-background p-4 sm:p-5"
      aria-label={when}
      data-testid="seat"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-3">
          <CalendarDays className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-semibold text-navy">{when}</p>
            <p className="text-muted-foreground [overflow-wrap:anywhere]">{seat.title}</p>
          </div>
        </div>
        {showStatus ? <StatusBadge status={seat.status} /> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-muted-foreground">{t("serve.seat.team")}</dt>
        <dd className="[overflow-wrap:anywhere]">{seat.team}</dd>
        <dt className="font-medium text-muted-foreground">{t("serve.seat.position")}</dt>
        <dd className="[overflow-wrap:anywhere]">{seat.position}</dd>
        {seat.status === "declined" && seat.declineReason ? (
          <>
            <dt className="font-medium text-muted-foreground">{t("serve.seat.reason")}</dt>
            <dd className="whitespace-pre-line [overflow-wrap:anywhere]">{seat.declineReason}</dd>
          </>
        ) : null}
      </dl>
      {children}
    </article>
  );
}

export { ClosedLinkPage, Notice } from "~/components/link-page-notices";

/** The page's frame below the site's header: a narrow column. */
export function ServeColumn({ children }: { children: ReactNode }) {
  return <section className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6 sm:py-12">{children}</section>;
}

/** A form's text field, with its label and its error. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}
