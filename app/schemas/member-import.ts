import { z } from "zod";
import {
  IMPORT_FIELDS,
  type ColumnMapping,
  type ImportFieldKey,
  type MinistryChoices,
} from "~/lib/member-import";

// The forms of a member import's screen: the column choices, and the import itself (with the
// ministries chosen for names in the sheet that are not the church's).

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

const MINISTRY_INPUT = "ministry:";

/** The name of the select that matches a ministry named in the sheet (by its loose key) to one of ours. */
export const ministryInput = (key: string) => `${MINISTRY_INPUT}${key}`;

const ministryChoices = z.record(
  z.string().regex(/^[\p{L}\p{N}]{1,120}$/u),
  z.string().regex(/^[a-z0-9-]{1,80}$/, "Please choose a ministry from the list."),
);

/**
 * The ministries chosen on the import form: the loose key of each name the sheet uses -> the slug
 * of one of ours. "Leave out" (an empty choice) is no choice. Whether the slug is the church's is
 * checked by the import.
 */
export function readMinistryChoices(fields: Record<string, unknown>) {
  const chosen = Object.entries(fields).flatMap(([name, value]) =>
    name.startsWith(MINISTRY_INPUT) && typeof value === "string" && value
      ? [[name.slice(MINISTRY_INPUT.length), value] as const]
      : [],
  );
  return ministryChoices.safeParse(Object.fromEntries(chosen)) as z.ZodSafeParseResult<MinistryChoices>;
}
