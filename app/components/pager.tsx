import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** Previous / "Page N of M" / Next, as plain links (they work before scripts load). */
export function Pager({
  page,
  pages,
  hrefFor,
  previousLabel = "Previous",
  nextLabel = "Next",
  className = "mt-8",
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className={cn("flex items-center justify-between gap-4 text-sm", className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ChevronLeft aria-hidden="true" /> {previousLabel}
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          {nextLabel} <ChevronRight aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
