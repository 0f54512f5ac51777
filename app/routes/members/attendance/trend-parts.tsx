import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { StaffCard } from "~/components/staff-accounts";
import { buttonVariants } from "~/components/ui/button";
import { TRENDS_PATH } from "~/schemas/headcount";
import { cn } from "~/lib/utils";

// Pieces of the attendance trends page (issue 37): a section with its chart, its table and its
// CSV link; the table in a box that scrolls on its own, so the page never scrolls sideways.

export const csvPath = (table: string, range: string) => `${TRENDS_PATH}/export/${table}?range=${range}`;

export function TrendSection({
  id,
  title,
  description,
  csv,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  csv: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <StaffCard id={`${id}-heading`} title={title} description={description}>
      <div className="mt-4 grid min-w-0 gap-4 [&>*]:min-w-0" data-testid={`trend-${id}`}>
        {children}
        <a
          href={csv.href}
          className={cn(
            buttonVariants({ variant: "outline", size: "sm" }),
            "h-auto w-fit max-w-full whitespace-normal py-1.5 text-left",
          )}
          download
        >
          <Download aria-hidden="true" />
          {csv.label}
        </a>
      </div>
    </StaffCard>
  );
}

export function TrendTableView({
  caption,
  table,
  testId,
}: {
  caption: string;
  table: { header: string[]; rows: string[][] };
  testId: string;
}) {
  return (
    // A scrolling region must be reachable by keyboard and named.
    <div
      className="max-h-96 overflow-auto rounded-lg border border-border"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={`${caption} (table)`}
    >
      <table className="w-full text-left text-xs sm:text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted text-muted-foreground">
          <tr>
            {table.header.map((head, index) => (
              <th key={head} scope="col" className={cn("px-2 py-1.5 font-medium", index > 0 && "text-right")}>
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {table.rows.length === 0 ? (
            <tr>
              <td colSpan={table.header.length} className="px-2 py-2 text-muted-foreground">
                Nothing to show yet.
              </td>
            </tr>
          ) : null}
          {table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((value, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="whitespace-nowrap px-2 py-1 font-normal">
                    {value}
                  </th>
                ) : (
                  <td key={index} className="px-2 py-1 text-right tabular-nums">
                    {value === "" ? <span aria-label="not counted">–</span> : value}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RangeChooser({
  ranges,
  current,
}: {
  ranges: { key: string; label: string }[];
  current: string;
}) {
  return (
    <nav aria-label="Range" className="flex flex-wrap gap-2">
      {ranges.map((range) => (
        <Link
          key={range.key}
          to={`${TRENDS_PATH}?range=${range.key}`}
          aria-current={range.key === current ? "page" : undefined}
          className={buttonVariants({ variant: range.key === current ? "default" : "outline", size: "sm" })}
        >
          {range.label}
        </Link>
      ))}
    </nav>
  );
}
