import { AlertTriangle, CheckCircle2, CircleMinus, LoaderCircle, UserPlus } from "lucide-react";
import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ColumnHeads } from "~/components/column-heads";
import { StatusBadge } from "~/components/status-badge";
import { TableScroller } from "~/components/table-scroller";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { importFieldLabel, PREVIEW_ROWS, type RowProblem } from "~/lib/member-import";
import { cn } from "~/lib/utils";
import { ministryInput } from "~/schemas/member-import";
import { plural } from "./import-words";
import type { Route } from "./+types/import-review";

type Preview = NonNullable<Route.ComponentProps["loaderData"]["preview"]>;

/** Step 2: what the import would do with each row, and the button that does it. */
export function ImportPreview({
  preview,
  isChecking,
  canImport,
}: {
  preview: Preview;
  isChecking: boolean;
  canImport: boolean;
}) {
  const navigation = useNavigation();
  const isImporting = navigation.state !== "idle" && navigation.formData?.get("intent") === "import";
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "min-w-0 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6",
        isChecking && "opacity-60",
      )}
    >
      <h2 id={headingId} className="text-lg font-semibold text-navy">
        2. Preview
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center" data-testid="import-totals">
        <ImportTotal label="Rows" value={preview.total} tone="all" />
        <ImportTotal label="Ready" value={preview.ready} tone="ready" />
        <ImportTotal label="Skipped" value={preview.skipped} tone="problems" />
      </dl>
      <p className="mt-3 text-sm" data-testid="import-summary">
        {plural(preview.total, "row")}: {preview.ready.toLocaleString("en")} ready
        {preview.withEmptyCells > 0
          ? ` (${preview.withEmptyCells.toLocaleString("en")} with a detail left empty)`
          : ""}
        , {preview.skipped.toLocaleString("en")} skipped.
        {preview.withEmptyCells > 0
          ? " A detail that cannot be read (a date, a status, a ministry) is left empty and the rest of the row imported."
          : ""}
        {preview.skipped > 0
          ? " A row is skipped when a name, the e-mail or the mobile number is missing or wrong, or it repeats a member: correct it in the file and import the file again later (the members already imported are then found as duplicates and skipped)."
          : ""}
      </p>

      <h3 className="mt-5 font-semibold">
        {preview.total > PREVIEW_ROWS ? `The first ${PREVIEW_ROWS} rows` : "Every row"}
      </h3>
      <TableScroller label="Preview of the rows" className="mt-2 rounded-lg border border-border">
        <table className="w-full min-w-[640px] text-left text-sm" data-testid="import-preview">
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              <ColumnHeads className="px-3 py-2" names={["Row", "Status"]} />
              {preview.shownColumns.map((column) => (
                <th scope="col" key={column.index} className="px-3 py-2">
                  <span className="block font-semibold uppercase tracking-wide">{column.header}</span>
                  <span className="block font-normal normal-case">{importFieldLabel(column.field)}</span>
                </th>
              ))}
              <ColumnHeads className="px-3 py-2" names={["Problems"]} />
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {preview.previewRows.map((row) => {
              const wrong = new Set(row.problems.filter((item) => !item.leftEmpty).map((item) => item.field));
              const emptied = new Set(
                row.problems.filter((item) => item.leftEmpty).map((item) => item.field),
              );
              return (
                <tr key={row.row} data-testid="preview-row" className="align-top">
                  <td className="px-3 py-2 font-medium">{row.row}</td>
                  <td className="px-3 py-2">
                    {row.isReady ? (
                      <StatusBadge tone="good">Ready</StatusBadge>
                    ) : (
                      <StatusBadge tone="bad">Skipped</StatusBadge>
                    )}
                  </td>
                  {preview.shownColumns.map((column, index) => (
                    <td
                      key={column.index}
                      className={cn(
                        "px-3 py-2",
                        wrong.has(column.field)
                          ? "bg-destructive/5 font-semibold text-destructive"
                          : emptied.has(column.field) && "bg-gold/15 text-accent-text line-through",
                      )}
                    >
                      {/* At most 14rem wide, long words broken inside: the table stays readable. */}
                      <div className="max-w-56 break-words">
                        {row.cells[index] || <span className="text-muted-foreground">—</span>}
                      </div>
                    </td>
                  ))}
                  <td className="px-3 py-2">
                    <div className="w-64 max-w-80">
                      <Problems problems={row.problems} />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroller>

      <ListedRows
        title="Rows that will be skipped"
        rows={preview.skippedRows}
        total={preview.skipped}
        more="skipped"
        testId="skipped-rows"
      />
      <ListedRows
        title="Rows imported with a detail left empty"
        rows={preview.emptiedRows}
        total={preview.withEmptyCells}
        more="imported with a detail left empty"
        testId="emptied-rows"
      />

      <Form method="post" className="mt-6 grid gap-4 border-t border-border pt-4">
        <input type="hidden" name="intent" value="import" />
        <input type="hidden" name="mapping" value={JSON.stringify(preview.mapping)} />
        {preview.unknownMinistries.length > 0 ? (
          <UnknownMinistries unknown={preview.unknownMinistries} ministries={preview.ministries} />
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={!canImport || isImporting}>
            {isImporting ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <UserPlus aria-hidden="true" />
            )}
            Import {plural(preview.ready, "member")}
          </Button>
          <p className="text-sm text-muted-foreground">
            {preview.ready === 0
              ? "No row is ready yet."
              : "All in one go: if anything fails, nothing is saved. The import can be undone."}
          </p>
        </div>
      </Form>
    </section>
  );
}

const TOTAL_TONES = {
  all: { box: "bg-muted", label: "text-muted-foreground", value: "" },
  ready: { box: "bg-success/10", label: "text-success", value: "text-success" },
  problems: { box: "bg-destructive/10", label: "text-destructive", value: "text-destructive" },
};

/** One of the preview's three totals, coloured by what it counts. */
function ImportTotal({
  label,
  value,
  tone,
}: {
  label: string;
  value: number;
  tone: keyof typeof TOTAL_TONES;
}) {
  const colours = TOTAL_TONES[tone];
  return (
    <div className={cn("rounded-lg", colours.box, "p-3")}>
      <dt className={cn("text-xs font-medium uppercase tracking-wide", colours.label)}>{label}</dt>
      <dd className={cn("text-2xl font-bold", colours.value)}>{value.toLocaleString("en")}</dd>
    </div>
  );
}

/** Rows listed under the preview by number, each with the cells it is known by and its problems. */
function ListedRows({
  title,
  rows,
  total,
  more,
  testId,
}: {
  title: string;
  rows: Preview["skippedRows"];
  /** How many such rows there are in all (only the first are listed). */
  total: number;
  more: string;
  testId: string;
}) {
  if (rows.length === 0) return null;
  return (
    <>
      <h3 className="mt-6 font-semibold">{title}</h3>
      <ul className="mt-2 grid grid-cols-1 gap-2" data-testid={testId}>
        {rows.map((row) => (
          <li key={row.row} className="min-w-0 rounded-lg border border-border p-3 text-sm">
            <p className="font-medium wrap-anywhere">
              Row {row.row}
              {row.cells.some(Boolean) ? (
                <span className="font-normal text-muted-foreground">
                  {" "}
                  ({row.cells.filter(Boolean).slice(0, 3).join(", ")})
                </span>
              ) : null}
            </p>
            <Problems problems={row.problems} />
          </li>
        ))}
      </ul>
      {total > rows.length ? (
        <p className="mt-2 text-sm text-muted-foreground">
          … and {plural(total - rows.length, "more row")} {more}.
        </p>
      ) : null}
    </>
  );
}

/**
 * The ministries the sheet names that are not the church's, each with a choice of ours (or none):
 * part of the import form, so the choices go in with the import.
 */
function UnknownMinistries({
  unknown,
  ministries,
}: {
  unknown: Preview["unknownMinistries"];
  ministries: Preview["ministries"];
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="unknown-ministries">
      <h3 id={headingId} className="font-semibold">
        Ministries the church does not have
      </h3>
      <p className="text-sm text-muted-foreground">
        Choose one of ours for each, or leave it out: the rows are imported either way.
      </p>
      <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
        {unknown.map((item) => (
          <li
            key={item.key}
            className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] sm:items-center sm:gap-4"
          >
            <label htmlFor={`import-ministry-${item.key}`} className="min-w-0 wrap-anywhere">
              <span className="font-medium">“{item.name}”</span>{" "}
              <span className="text-sm text-muted-foreground">in {plural(item.rows, "row")}</span>
            </label>
            <NativeSelect id={`import-ministry-${item.key}`} name={ministryInput(item.key)} defaultValue="">
              <option value="">Leave out</option>
              {ministries.map((ministry) => (
                <option key={ministry.slug} value={ministry.slug}>
                  {ministry.name}
                </option>
              ))}
            </NativeSelect>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Problems({ problems }: { problems: RowProblem[] }) {
  if (problems.length === 0) {
    return (
      <span className="inline-flex items-center gap-1 text-success">
        <CheckCircle2 className="size-4" aria-hidden="true" />
        None
      </span>
    );
  }
  return (
    <ul className="grid gap-1" data-testid="row-problems">
      {problems.map((problem, index) => (
        <li
          key={index}
          className={cn("flex gap-1.5", problem.leftEmpty ? "text-accent-text" : "text-destructive")}
          data-left-empty={problem.leftEmpty ? "" : undefined}
        >
          {problem.leftEmpty ? (
            <CircleMinus className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <span className="min-w-0 wrap-anywhere">
            {problem.message}
            {problem.existingMember ? (
              <>
                {" "}
                <Link to={`/members/profile/${problem.existingMember.id}`} className="font-medium underline">
                  View {problem.existingMember.name}
                </Link>
              </>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
