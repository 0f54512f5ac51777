import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The top of every members screen, inside the members layout (the spec hides the site header and
 * footer there): the way back in the same place on every screen, then the title, a line about
 * the screen and its main actions.
 */
export function AdminScreen({
  title,
  description,
  backTo = "/members",
  backLabel = "Back to Dashboard",
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** null on a screen that has no way back (the dashboard, or one that must be finished first). */
  backTo?: string | null;
  backLabel?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      {backTo === null ? null : (
        <Link
          to={backTo}
          className="-ml-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-primary hover:bg-background"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {backLabel}
        </Link>
      )}
      <div className="mb-6 mt-2 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight text-navy sm:text-3xl">{title}</h1>
          {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
