import { LoaderCircle } from "lucide-react";
import { useFetcher } from "react-router";
import { useEffect } from "react";
import type { ActionResult } from "~/lib/action-result";
import { dayInChurchZone } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { showToast } from "~/lib/toast";
import { Button } from "./ui/button";

export interface ConsentView {
  kind: "registry" | "email" | "digest";
  label: string;
  /** The consent in force, or null. */
  current: { givenAt: string; noticeVersion: number; recordedBy: string } | null;
  /** The last withdrawal, when there is no consent in force. */
  withdrawn: { at: string; by: string | null } | null;
}

export interface ConsentHistoryView {
  kind: string;
  givenAt: string;
  noticeVersion: number;
  recordedBy: string;
  withdrawnAt: string | null;
  withdrawnBy: string | null;
}

const HISTORY_WORDS: Record<string, string> = {
  registry: "Member registry",
  email: "Church e-mails",
  digest: "Weekly digest",
};

const day = (iso: string) => formatDate(dayInChurchZone(new Date(iso)));

/** Who recorded a consent, in words. */
function recorder(label: string) {
  if (label === "registration-passcode") return "on the registration form";
  if (label === "member") return "by the member, with their update link";
  return `by ${label}`;
}

/**
 * A member's consents on their profile (issue 23): what is in force, under which version of the
 * privacy notice and who recorded it; staff withdraw a consent in one action, or record one the
 * person gave on paper.
 */
export function MemberConsents({
  consents,
  history,
  canWrite,
}: {
  consents: ConsentView[];
  history: ConsentHistoryView[];
  canWrite: boolean;
}) {
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3">
        {consents.map((consent) => (
          <ConsentRow key={consent.kind} consent={consent} canWrite={canWrite} />
        ))}
      </ul>
      {consents.find((consent) => consent.kind === "registry")?.current ? null : (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          No consent to the member registry is recorded. Ask the member for it (the registration form&apos;s
          box, on paper, or their update link), or erase their details if they do not give it.
        </p>
      )}
      {history.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-primary">Consent history</summary>
          <ul className="mt-2 grid gap-1 text-muted-foreground">
            {history.map((entry, index) => (
              <li key={index}>
                {HISTORY_WORDS[entry.kind] ?? entry.kind}: given {day(entry.givenAt)}{" "}
                {recorder(entry.recordedBy)} (notice version {entry.noticeVersion})
                {entry.withdrawnAt
                  ? `; withdrawn ${day(entry.withdrawnAt)}${entry.withdrawnBy ? ` ${recorder(entry.withdrawnBy)}` : ""}`
                  : ""}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function ConsentRow({ consent, canWrite }: { consent: ConsentView; canWrite: boolean }) {
  const fetcher = useFetcher<ActionResult>({ key: `consent-${consent.kind}` });
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) {
      showToast({ ...fetcher.data.toast, id: `consent-${consent.kind}-${fetcher.data.at}` });
    }
  }, [fetcher.state, fetcher.data, consent.kind]);
  const give = !consent.current;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold">{consent.label}</p>
        <p className="text-sm text-muted-foreground" data-testid={`consent-${consent.kind}`}>
          {consent.current
            ? `Given ${day(consent.current.givenAt)} ${recorder(consent.current.recordedBy)}, under version ${consent.current.noticeVersion} of the privacy notice.`
            : consent.withdrawn
              ? `Withdrawn ${day(consent.withdrawn.at)}${consent.withdrawn.by ? ` ${recorder(consent.withdrawn.by)}` : ""}.`
              : "Not given."}
        </p>
        {consent.kind === "digest" ? (
          <p className="text-sm text-muted-foreground">
            A Monday e-mail with the week&apos;s events and the newest sermons, sent only while the church
            e-mails consent is given too.
          </p>
        ) : null}
      </div>
      {canWrite ? (
        <fetcher.Form method="post" className="shrink-0">
          <input type="hidden" name="intent" value="consent" />
          <input type="hidden" name="kind" value={consent.kind} />
          <input type="hidden" name="give" value={give ? "yes" : "no"} />
          <Button
            type="submit"
            variant={give ? "default" : "outline"}
            disabled={busy}
            className="w-full sm:w-auto"
          >
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {give ? "Record consent" : "Withdraw"}
            <span className="sr-only"> ({consent.label})</span>
          </Button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}
