import { ArrowLeft, Home } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChurchLogo } from "./church-logo";

/**
 * The frame of the full-screen members tools (the spec hides the site header and footer on
 * them): a bar with the way back to the dashboard and home, then the screen's title.
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
  backTo?: string;
  backLabel?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-muted">
      <div className="border-b border-border bg-background">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            to={backTo}
            className="inline-flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-primary hover:bg-muted"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {backLabel}
          </Link>
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <ChurchLogo className="size-6" />
            <Home className="size-4" aria-hidden="true" />
            <span>Home</span>
          </Link>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">{title}</h1>
            {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
          </div>
          {actions}
        </div>
        {children}
      </div>
    </div>
  );
}
