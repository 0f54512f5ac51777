import { LinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useLocalePath, useT } from "~/lib/i18n";

// What every page reached by a signed link says (a volunteer's, a leader's, an usher's): the
// answer to the last post, and why a link opens nothing, with the way home (in the page's language).

export function Notice({ tone, children }: { tone: "ok" | "error"; children: ReactNode }) {
  return (
    <p
      role={tone === "ok" ? "status" : "alert"}
      data-testid="notice"
      className={
        tone === "ok"
          ? "rounded-md bg-success/10 px-3 py-2 text-success"
          : "rounded-md bg-destructive/10 px-3 py-2 text-destructive"
      }
    >
      {children}
    </p>
  );
}

/** Why the link opens nothing (or too many posts), and the way home. */
export function ClosedLinkPage({ message }: { message: string }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <LinkIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg text-navy" role="alert" data-testid="closed-link">
        {message}
      </p>
      <Link to={to("/")} className={buttonVariants({ variant: "outline", size: "lg" })}>
        {t("linkPages.home")}
      </Link>
    </div>
  );
}
