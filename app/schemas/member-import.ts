import { z } from "zod";
import { IMPORT_FIELDS, type ColumnMapping, type ImportFieldKey } from "~/lib/member-import";

// The forms of a member import's screen: the column choices, and the import itself.

/** The name of the select that chooses the field of column `index`. */
export const columnInput = (index: number) => `column-${index}`;

const fieldChoice = z.enum(["", ...IMPORT_FIELDS.map((item) => item.key)] as ["", ...ImportFieldKey[]], {
  error: "Please choose a member field from the list.",
});

/**
 * The column choices of a sheet with `columns` columns: one select per column, "" for a column
 * that is not imported. A field chosen twice is allowed here (the screen says what to fix, and
 * the import refuses it), so the choices are kept while staff correct them.
 */
export function makeMappingSchema(columns: number) {
  const shape = Object.fromEntries(
    Array.from({ length: columns }, (_, index) => [columnInput(index), fieldChoice.optional().default("")]),
  );
  return z.object(shape).transform((choices): ColumnMapping => {
    const mapping: ColumnMapping = {};
    for (let index = 0; index < columns; index++) {
      const key = choices[columnInput(index)];
      if (key) mapping[String(index)] = key as ImportFieldKey;
    }
    return mapping;
  });
}

const storedMapping = z.record(
  z.string().regex(/^\d{1,3}$/),
  z.enum(IMPORT_FIELDS.map((item) => item.key) as [ImportFieldKey, ...ImportFieldKey[]]),
);

/** The import button's form: the column choices the preview was made with, so no others are imported. */
export const runImportSchema = z.object({
  mapping: z
    .string()
    .max(10_000)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: "The preview's columns could not be read." });
        return z.NEVER;
      }
    })
    .pipe(storedMapping),
});
