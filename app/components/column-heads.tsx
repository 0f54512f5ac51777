/** A table's column names: one `th scope="col"` each, with the table's cell padding. */
export function ColumnHeads({ names, className }: { names: readonly string[]; className: string }) {
  return (
    <>
      {names.map((name) => (
        <th key={name} scope="col" className={className}>
          {name}
        </th>
      ))}
    </>
  );
}
