import { z } from "zod";

// What a website section's field can be, the short ways the sections write their fields, and the
// zod schema built from a section's fields (in the browser and again on the server).

export interface FieldBase {
  name: string;
  label: string;
  /** A line under the label saying what the field is for or how to write it. */
  hint?: string;
  required?: boolean;
  /**
   * Words that stay the same in every language (a name, a code, a year): the Filipino version
   * of the section leaves the field out (see site-translation.ts). URLs, e-mail addresses, phone
   * numbers, times, choices and pictures never have a translation anyway.
   */
  fixed?: boolean;
}

export type SiteField =
  | (FieldBase & { kind: "text" | "url" | "email" | "tel" | "textarea" | "rich"; max: number })
  | (FieldBase & { kind: "time" })
  | (FieldBase & { kind: "select"; options: readonly string[]; emptyLabel: string })
  /** One entry per line, e.g. the statement of faith's articles. */
  | (FieldBase & { kind: "lines"; max: number; maxItems: number })
  /** An uploaded picture: its public path, or empty for none. */
  | (FieldBase & { kind: "image" })
  | (FieldBase & { kind: "group"; fields: SiteField[] })
  | (FieldBase & {
      kind: "list";
      fields: SiteField[];
      /** What one entry is called ("service", "pastor"). */
      itemNoun: string;
      /** The field whose value names an entry in its heading. */
      titleField: string;
      min: number;
      max: number;
      /**
       * A fixed field that names an entry in every language (a pastor's name): an entry's
       * translation follows it when the English entries are moved, instead of keeping its place.
       */
      matchBy?: string;
    });

export interface SiteSectionDefinition {
  /** The URL segment under /members/site and, except for ministries, the stored key. */
  id: string;
  title: string;
  description: string;
  fields: SiteField[];
  /** Public pages that show this section, for the editor's "View" links. */
  pages: string[];
  /** Rules across fields, reported on the field they concern. */
  check?: (
    data: Record<string, unknown>,
    report: (path: (string | number)[], message: string) => void,
  ) => void;
}

export const RICH_HINT =
  "Leave a blank line between paragraphs. **bold**, *italic*, [link text](https://...), and lines starting with - or 1. for lists.";

export const text = (
  name: string,
  label: string,
  max: number,
  extra: Partial<FieldBase> = {},
): SiteField => ({
  name,
  label,
  kind: "text",
  max,
  required: true,
  ...extra,
});
export const optionalText = (name: string, label: string, max: number, hint?: string): SiteField => ({
  name,
  label,
  kind: "text",
  max,
  hint,
});
export const rich = (name: string, label: string, max = 5000): SiteField => ({
  name,
  label,
  kind: "rich",
  max,
  required: true,
  hint: RICH_HINT,
});
export const textarea = (name: string, label: string, max = 600): SiteField => ({
  name,
  label,
  kind: "textarea",
  max,
  required: true,
});
export const socialLink = (name: string, label: string): SiteField => ({
  name,
  label,
  kind: "url",
  max: 300,
  hint: `The church's ${label} page (https://...). Leave empty to hide the ${label} icon.`,
});

export const titledEntry = (descriptionLabel = "Description"): SiteField[] => [
  text("title", "Title", 100),
  textarea("description", descriptionLabel, 600),
];

/** A list of entries, each a form of `fields`, named in its heading by `titleField`. */
export const list = (
  name: string,
  label: string,
  entries: { itemNoun: string; titleField: string; min: number; max: number; matchBy?: string },
  fields: SiteField[],
): SiteField => ({ name, label, kind: "list", ...entries, fields });

/** A list of entries of a title and a description, named by their title. */
export const titledList = (
  name: string,
  label: string,
  itemNoun: string,
  { min, max }: { min: number; max: number },
): SiteField => list(name, label, { itemNoun, titleField: "title", min, max }, titledEntry());

/** Up to 30 lines of text, at least one, each at most `max` characters. */
export const lines = (name: string, label: string, max: number, hint: string): SiteField => ({
  name,
  label,
  kind: "lines",
  max,
  maxItems: 30,
  required: true,
  hint,
});

// ---------------------------------------------------------------------------------------------
// The schema built from the fields
// ---------------------------------------------------------------------------------------------

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Digits, spaces and + ( ) - . ; X stands for a digit not known yet (the spec's placeholder number). */
const PHONE = /^[+\dXx][\dXx\s().-]*$/;
const UPLOADED_IMAGE = /^(\/(files|images)\/[\w./-]+|https:\/\/[^\s"'<>]+)$/;

function fieldSchema(field: SiteField): z.ZodType {
  const needed = `${field.label} is required.`;
  switch (field.kind) {
    case "group":
      return objectSchema(field.fields);
    case "list":
      return z
        .array(objectSchema(field.fields))
        .min(field.min, `Add at least ${field.min} ${field.itemNoun}${field.min === 1 ? "" : "s"}.`)
        .max(field.max, `At most ${field.max} ${field.itemNoun}s.`);
    case "lines":
      return z
        .array(z.string().trim().max(field.max, `Each line must be at most ${field.max} characters.`))
        .transform((lines) => lines.filter(Boolean))
        .pipe(
          z
            .array(z.string())
            .min(field.required ? 1 : 0, needed)
            .max(field.maxItems, `At most ${field.maxItems} lines.`),
        );
    case "select":
      return z
        .string()
        .refine(
          (value) => value === "" || field.options.includes(value),
          `Please choose a valid ${field.label}.`,
        )
        .refine((value) => !field.required || value !== "", needed);
    case "time":
      return z
        .string()
        .trim()
        .refine((value) => value === "" || TIME.test(value), `${field.label} must be a time like 15:30.`);
    case "image":
      return z
        .string()
        .trim()
        .refine((value) => value === "" || UPLOADED_IMAGE.test(value), "Please upload the picture again.");
    default: {
      let schema = z
        .string()
        .trim()
        .max(field.max, `${field.label} must be at most ${field.max} characters.`);
      if (field.required) schema = schema.min(1, needed);
      if (field.kind === "email") {
        return schema.refine(
          (v) => v === "" || z.email().safeParse(v).success,
          "Please enter a valid e-mail address.",
        );
      }
      if (field.kind === "url") {
        return schema.refine(
          (v) => v === "" || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v),
          `${field.label} must be a web address starting with https://.`,
        );
      }
      if (field.kind === "tel") {
        return schema.refine(
          (v) => v === "" || PHONE.test(v),
          `${field.label} may hold only digits, spaces and + ( ) - .`,
        );
      }
      return schema;
    }
  }
}

function objectSchema(fields: SiteField[]) {
  return z.object(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])));
}

/** The check of a section's data, the same in the editor and on the server. */
export function sectionSchema(section: SiteSectionDefinition) {
  return objectSchema(section.fields).superRefine((data, ctx) => {
    section.check?.(data, (path, message) => ctx.addIssue({ code: "custom", path, message }));
  });
}

/** Every problem with a save, by the path of its field ("services.1.start"); the first per field. */
export function sectionErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join(".") || "form"] ??= issue.message;
  return errors;
}

/** An empty value for a field, for a new list entry. */
export function emptyValue(field: SiteField): unknown {
  if (field.kind === "list") return [];
  if (field.kind === "lines") return [];
  if (field.kind === "group") return emptyEntry(field.fields);
  return "";
}

export function emptyEntry(fields: SiteField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, emptyValue(field)]));
}
