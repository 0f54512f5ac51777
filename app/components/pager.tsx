import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** Previous / "Page N of M" / Next, as plain links (they work before scripts load). */
export function Pager({
  page,
  pages,
  hrefFor,
  previousLabel,
  nextLabel,
  className = "mt-8",
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
}) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={t("common.pages")}
      className={cn("flex items-center justify-between gap-4 text-sm", className)}
    >
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ChevronLeft aria-hidden="true" /> {previousLabel ?? t("common.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{t("common.pageOf", { page: String(page), pages: String(pages) })}</span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          {nextLabel ?? t("common.next")} <ChevronRight aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
