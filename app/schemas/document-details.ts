import { z } from "zod";

// A document's details on the upload screen: what the eLibrary shows instead of the file name and
// the fixed text. One schema, used by the form in the browser and again by the action.

/** Where an upload goes: the eLibrary, or the gospel tracts (which the eLibrary does not show). */
export const DOCUMENT_CATEGORIES = ["elibrary", "gospel-track"] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const DOCUMENT_TITLE_MAX = 150;
export const DOCUMENT_DESCRIPTION_MAX = 1000;

// Control characters never belong in a text someone typed (tabs and line breaks aside: the title
// turns those into spaces, the description keeps its line breaks).
const CONTROL = /[^\P{Cc}\t\n]/gu;

/** The details as stored: null for an empty title or description (the page then shows its defaults). */
export interface DocumentDetails {
  title: string | null;
  description: string | null;
  category: DocumentCategory;
}

export const documentDetailsSchema = z.object({
  title: z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(CONTROL, "").replace(/\s+/g, " ").trim())
    .pipe(z.string().max(DOCUMENT_TITLE_MAX, `The title must be at most ${DOCUMENT_TITLE_MAX} characters.`))
    .transform((value) => value || null),
  // A browser counts a line break as one character but sends it as two: count it once here too.
  description: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .replace(/\r\n?/g, "\n")
        .replace(CONTROL, "")
        .replace(/[ \t]+$/gm, "")
        .replace(/\n{3,}/g, "\n\n")
        .trim(),
    )
    .pipe(
      z
        .string()
        .max(
          DOCUMENT_DESCRIPTION_MAX,
          `The description must be at most ${DOCUMENT_DESCRIPTION_MAX} characters.`,
        ),
    )
    .transform((value) => value || null),
  category: z.enum(DOCUMENT_CATEGORIES, { error: "Please choose a category." }),
}) satisfies z.ZodType<DocumentDetails, unknown>;

/** The edit form: the details plus the document and the version it was opened at. */
export const documentDetailsFormSchema = documentDetailsSchema.extend({
  id: z.string({ error: "The form could not be read." }).min(1, "The form could not be read."),
  version: z.coerce
    .number({ error: "The form could not be read." })
    .int("The form could not be read.")
    .min(1, "The form could not be read."),
});
