import { MailWarning } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { can, type Access } from "~/lib/permissions";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Says when e-mail is not set up, or when e-mails wait to be sent, with the way to see them. */
export function OutboxNote({ emailConfigured, waiting }: { emailConfigured: boolean; waiting: number }) {
  const layout = useRouteLoaderData("routes/members/home/layout") as
    { person?: { access: Access } | null } | undefined;
  // An administrator can set e-mail up on the settings screen; others are told it is not set up.
  const canSetUp = !emailConfigured && can(layout?.person, "settings:manage");
  if (emailConfigured && waiting === 0) return null;
  const waitingText = `${plural(waiting, "e-mail")} ${waiting === 1 ? "is" : "are"} waiting`;
  return (
    <div
      data-testid="outbox-note"
      className="flex flex-col gap-2 rounded-xl border border-gold bg-gold/10 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden="true" />
        <span>
          {emailConfigured ? (
            <>{waitingText} to be sent.</>
          ) : (
            <>
              <strong>E-mail is not set up:</strong>{" "}
              {waiting > 0
                ? `${waitingText}. Replies wait in the outbox until e-mail is set up.`
                : "replies wait in the outbox until e-mail is set up."}
            </>
          )}
        </span>
      </p>
      {canSetUp ? (
        <Link
          to="/members/settings/email"
          className="shrink-0 font-medium text-primary underline underline-offset-4"
        >
          Set up e-mail
        </Link>
      ) : null}
      {waiting > 0 ? (
        <Link
          to="/members/messages/outbox"
          className="shrink-0 font-medium text-primary underline underline-offset-4"
        >
          See the waiting e-mails
        </Link>
      ) : null}
    </div>
  );
}
