import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

// Pieces the rosters' screens share: the answer to the last change shown on the page itself (the
// screens work without scripts, where no toast appears), a copy button, a WhatsApp text. A seat's
// status and the week's roster are in components/roster-week, for the dashboard too.
export { ChangeNotice, CopyTextButton } from "~/components/change-notice";
import { CopyTextButton } from "~/components/change-notice";

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
