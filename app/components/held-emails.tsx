import { PauseCircle, Send } from "lucide-react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import type { HeldEmailsView } from "~/lib/email-kinds";
import { ConfirmActionButton, useDeleteToast } from "./confirm-dialog";
import { Button } from "./ui/button";

const FETCHER = "held-emails";

/**
 * The e-mails that waited while e-mail was off, held since it was switched on: what they are, and
 * the admin's choice (send them now, or discard them). The page's action answers the intents
 * "send-held" and "discard-held". Others see what is held and who decides.
 */
export function HeldEmails({
  held,
  canChoose,
  action,
}: {
  held: HeldEmailsView;
  canChoose: boolean;
  action?: string;
}) {
  const fetcher = useFetcher<ActionResult>({ key: FETCHER });
  useDeleteToast(FETCHER);
  if (held.count === 0) return null;
  const busy = fetcher.state !== "idle";
  const many = held.count === 1 ? "1 e-mail" : `${held.count} e-mails`;
  return (
    <section
      aria-labelledby="held-emails-title"
      data-testid="held-emails"
      className="grid gap-3 rounded-xl border border-gold bg-gold/10 p-4 text-sm sm:p-5"
    >
      <h2 id="held-emails-title" className="flex items-center gap-2 text-base font-semibold text-navy">
        <PauseCircle className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
        {many} waited while e-mail was off
      </h2>
      <p>
        They were written before e-mail was set up, so some may be out of date. Nothing of them is sent until{" "}
        {canChoose ? "you choose" : "an administrator chooses"}: send them now, or discard them. E-mails
        written since are sent as usual.
      </p>
      <ul className="grid gap-2" aria-label="Held e-mails by kind">
        {held.kinds.map((kind) => (
          <li key={kind.kind} className="min-w-0">
            <span className="font-medium">
              {kind.count} × {kind.label}
            </span>
            {kind.subjects.length ? (
              <span className="block break-words text-muted-foreground">
                {kind.subjects.map((subject) => `“${subject}”`).join(", ")}
                {kind.count > kind.subjects.length ? ", …" : ""}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {canChoose ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <fetcher.Form method="post" action={action}>
            <input type="hidden" name="intent" value="send-held" />
            <Button type="submit" size="sm" disabled={busy} className="w-full sm:w-auto">
              <Send aria-hidden="true" />
              Send them
            </Button>
          </fetcher.Form>
          <ConfirmActionButton
            label="Discard them"
            question={`Discard the ${many} that waited while e-mail was off? They are never sent.`}
            confirmLabel="Discard them"
            intent="discard-held"
            fetcherKey={FETCHER}
            action={action}
          />
        </div>
      ) : null}
    </section>
  );
}
