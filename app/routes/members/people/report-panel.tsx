import type { ReactNode } from "react";
import { ColumnHeads } from "~/components/column-heads";
import { TableScroller } from "~/components/table-scroller";
import { cn } from "~/lib/utils";

/** One report: a titled card (its id from the title, so the dashboard can link to it) with its actions. */
export function ReportPanel({
  title,
  icon,
  actions,
  className,
  children,
}: {
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "min-w-0 scroll-mt-4 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6",
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-navy">
          {icon}
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A report's rows, or the sentence that says there are none. */
export function ReportTable({
  headers,
  rows,
  empty,
  label,
}: {
  headers: string[];
  rows: ReactNode[][];
  empty: string;
  label: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <TableScroller label={`${label}, table`}>
      <table className="w-full min-w-[520px] text-left text-sm" aria-label={label}>
        <thead className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <ColumnHeads className="px-3 py-2" names={headers} />
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, cellIndex) => (
                <td key={cellIndex} className="px-3 py-2 align-top">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
