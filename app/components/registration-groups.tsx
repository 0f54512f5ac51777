import { useEffect } from "react";
import { showToast } from "~/lib/toast";
import { ExportButton } from "./export-button";
import { TableScroller } from "./table-scroller";

interface Row {
  id: string;
  name: string;
  email: string;
  mobile: string;
  message: string | null;
  date: string;
}

/** Registrations grouped by ministry or event, with a count per group and one 'Export All'. */
export function RegistrationGroups({
  groups,
  total,
  exportHref,
  showMessage,
  loadFailed,
  emptyText,
}: {
  groups: { name: string; items: Row[] }[];
  total: number;
  exportHref: string;
  showMessage: boolean;
  loadFailed: boolean;
  emptyText: string;
}) {
  useEffect(() => {
    if (loadFailed)
      showToast({
        title: "Error fetching registrations",
        description: "Please reload the page.",
        variant: "destructive",
      });
  }, [loadFailed]);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground">
          {total} registration{total === 1 ? "" : "s"} in {groups.length} group
          {groups.length === 1 ? "" : "s"}
        </p>
        <ExportButton href={exportHref} count={total} label="Export All" />
      </div>
      {groups.length === 0 ? (
        <p className="rounded-xl border border-border bg-background p-6 text-sm text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        groups.map((group) => (
          <section
            key={group.name}
            aria-label={group.name}
            className="rounded-xl border border-border bg-background p-5 shadow-sm"
          >
            <h2 className="flex items-center gap-2 text-lg font-semibold text-navy">
              {group.name}
              <span
                className="rounded-full bg-primary/10 px-2.5 py-0.5 text-sm text-primary"
                data-testid="group-count"
              >
                {group.items.length}
              </span>
            </h2>
            <TableScroller label={`${group.name}, table`} className="mt-3">
              <table className="w-full min-w-[560px] text-left text-sm" aria-label={group.name}>
                <thead className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Name
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Email
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Mobile
                    </th>
                    {showMessage ? (
                      <th scope="col" className="px-3 py-2">
                        Message
                      </th>
                    ) : null}
                    <th scope="col" className="px-3 py-2">
                      Date
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {group.items.map((row) => (
                    <tr key={row.id}>
                      <td className="px-3 py-2 font-medium">{row.name}</td>
                      <td className="px-3 py-2 break-all">{row.email}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{row.mobile}</td>
                      {showMessage ? (
                        <td className="px-3 py-2 whitespace-pre-wrap break-words">{row.message ?? ""}</td>
                      ) : null}
                      <td className="px-3 py-2 whitespace-nowrap">{row.date}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          </section>
        ))
      )}
    </div>
  );
}
