import { ColumnHeads } from "./column-heads";
import { StatusBadge, type StatusTone } from "./status-badge";
import { TableScroller } from "./table-scroller";
import { useLoadFailedToast } from "./load-failed-toast";

export interface RegistrationView {
  id: string;
  name: string;
  email: string;
  mobile: string;
  message: string | null;
  /** When it came in, as formatDateTime writes it. */
  received: string;
  /** Anything but an ordinary confirmed registration: waitlisted, cancelled, arrived. */
  badge?: { label: string; tone: StatusTone };
}

/**
 * Registrations grouped by ministry or event, with a count per group: cards on phones and tablets,
 * a table beside the navigation on a wide screen (the same rows; only one of the two is shown).
 */
export function RegistrationGroups({
  groups,
  total,
  showMessage,
  loadFailed,
  emptyText,
}: {
  groups: { name: string; items: RegistrationView[] }[];
  total: number;
  showMessage: boolean;
  loadFailed: boolean;
  emptyText: string;
}) {
  useLoadFailedToast(loadFailed, "Error fetching registrations");

  return (
    <div className="grid grid-cols-1 gap-6">
      <p className="text-muted-foreground">
        {total} registration{total === 1 ? "" : "s"} in {groups.length} group
        {groups.length === 1 ? "" : "s"}
      </p>
      {groups.length === 0 ? (
        <p className="rounded-xl border border-border bg-background p-6 text-sm text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        groups.map((group) => (
          <section
            key={group.name}
            aria-label={group.name}
            className="min-w-0 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5"
          >
            <h2 className="flex items-start justify-between gap-3 text-lg font-semibold text-navy lg:justify-start">
              <span className="min-w-0 wrap-anywhere">{group.name}</span>
              <span
                className="shrink-0 rounded-full bg-primary/10 px-2.5 py-0.5 text-sm text-primary"
                data-testid="group-count"
              >
                {group.items.length}
              </span>
            </h2>

            <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:hidden">
              {group.items.map((row) => (
                <li
                  key={row.id}
                  data-testid="registration-card"
                  className="grid gap-0.5 rounded-lg border border-border p-3 text-sm"
                >
                  <p className="flex flex-wrap items-center gap-2 break-words font-semibold text-navy">
                    {row.name}
                    {row.badge ? <StatusBadge tone={row.badge.tone}>{row.badge.label}</StatusBadge> : null}
                  </p>
                  <p className="wrap-anywhere">{row.email}</p>
                  <p>{row.mobile}</p>
                  {showMessage && row.message ? (
                    <p className="mt-1 whitespace-pre-wrap break-words">{row.message}</p>
                  ) : null}
                  <p className="mt-1 text-xs text-muted-foreground">{row.received}</p>
                </li>
              ))}
            </ul>

            <TableScroller label={`${group.name}, table`} className="mt-3 hidden lg:block">
              <table className="w-full text-left text-sm" aria-label={group.name}>
                <thead className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
                  <tr>
                    <ColumnHeads
                      className="px-3 py-2"
                      names={["Name", "Email", "Mobile", ...(showMessage ? ["Message"] : []), "Received"]}
                    />
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {group.items.map((row) => (
                    <tr key={row.id} className="align-top">
                      <td className="min-w-36 break-words px-3 py-2 font-medium">
                        {row.name}
                        {row.badge ? (
                          <StatusBadge tone={row.badge.tone} className="ml-2">
                            {row.badge.label}
                          </StatusBadge>
                        ) : null}
                      </td>
                      {/* A long address breaks anywhere, in a column wide enough for a usual one. */}
                      <td className="min-w-48 px-3 py-2 wrap-anywhere">{row.email}</td>
                      <td className="whitespace-nowrap px-3 py-2">{row.mobile}</td>
                      {showMessage ? (
                        <td className="min-w-48 whitespace-pre-wrap break-words px-3 py-2">
                          {row.message ?? ""}
                        </td>
                      ) : null}
                      <td className="min-w-36 px-3 py-2 text-muted-foreground">{row.received}</td>
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
