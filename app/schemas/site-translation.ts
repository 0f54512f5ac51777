import { z } from "zod";
import type { SiteField, SiteSectionDefinition } from "./site-fields";

// A website section's Filipino version (issue 39, decisions 007 and 028): another row of
// `site_sections` under `fil:{section}`, in the section's own shape but holding only its words.
// URLs, e-mail addresses, phone numbers, times, choices, pictures and the fields marked `fixed`
// (names, codes, years) have no translation: the Filipino version leaves them out and the pages
// always show the English value. Nothing is required: an empty field, line list or list reads
// the English, so a half-done translation shows English where it is not done yet.
//
// Lists follow the English entries: entry n's translation is laid over English entry n, except
// in a list with `matchBy` (the pastors), whose translations follow their entry by that field
// when the English entries are moved. The Filipino version has as many entries as the English
// one had when it was saved; an entry added in English since then reads English.

/** The prefix of a Filipino section's key: `fil:our-story`, `fil:ministry:acts-kids`. */
export const TRANSLATION_PREFIX = "fil:";

export function translationKey(key: string): string {
  return `${TRANSLATION_PREFIX}${key}`;
}

/** The English section a Filipino key translates (`fil:our-story` -> `our-story`), else null. */
export function translatedKey(key: string): string | null {
  return key.startsWith(TRANSLATION_PREFIX) ? key.slice(TRANSLATION_PREFIX.length) : null;
}

type Value = Record<string, unknown>;
type ListField = Extract<SiteField, { kind: "list" }>;

/** A field holding words that have a translation. */
function isWords(field: SiteField): boolean {
  if (field.fixed) return false;
  if (field.kind === "group" || field.kind === "list") return field.fields.some(isWords);
  return (
    field.kind === "text" || field.kind === "textarea" || field.kind === "rich" || field.kind === "lines"
  );
}

/**
 * The fields the Filipino version has: the words, and in a list with `matchBy` that field, which
 * the form keeps hidden to tie each translation to its English entry.
 */
export function translationFields(fields: SiteField[]): SiteField[] {
  return fields.filter(isWords).map((field): SiteField => {
    if (field.kind === "group") return { ...field, fields: translationFields(field.fields) };
    if (field.kind !== "list") return field;
    const words = translationFields(field.fields);
    const key = field.matchBy ? field.fields.find((inner) => inner.name === field.matchBy) : undefined;
    return { ...field, fields: key ? [key, ...words] : words };
  });
}

/** Whether a section has any words to translate (every section today). */
export function hasWords(definition: SiteSectionDefinition): boolean {
  return definition.fields.some(isWords);
}

function fieldSchema(field: SiteField): z.ZodType {
  switch (field.kind) {
    case "group":
      return objectSchema(field.fields);
    case "list":
      return z.array(objectSchema(field.fields)).max(field.max, `At most ${field.max} ${field.itemNoun}s.`);
    case "lines":
      return z
        .array(z.string().trim().max(field.max, `Each line must be at most ${field.max} characters.`))
        .transform((lines) => lines.filter(Boolean))
        .pipe(z.array(z.string()).max(field.maxItems, `At most ${field.maxItems} lines.`));
    case "text":
    case "textarea":
    case "rich":
      return z.string().trim().max(field.max, `${field.label} must be at most ${field.max} characters.`);
    default:
      return z.string().max(500);
  }
}

function objectSchema(fields: SiteField[]) {
  return z.object(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field).optional()])));
}

/** The check of a Filipino version: only its words, none required, the English limits. */
export function translationSchema(definition: SiteSectionDefinition) {
  return objectSchema(translationFields(definition.fields));
}

const join = (path: string, name: string | number) => (path ? `${path}.${name}` : String(name));

/**
 * A Filipino version from a plain form post, whose fields are named by their path
 * ("founding.community", "timeline.0.title"); a line list is one text, a line per entry.
 */
export function translationFromForm(definition: SiteSectionDefinition, form: FormData): Value {
  const names = [...form.keys()];
  const read = (fields: SiteField[], path: string): Value =>
    Object.fromEntries(
      fields.map((field) => {
        const at = join(path, field.name);
        if (field.kind === "group") return [field.name, read(field.fields, at)];
        if (field.kind === "list") {
          // Entries up to the last one sent (one more than the list may hold, for its message).
          const prefix = `${at}.`;
          const indexes = names
            .filter((name) => name.startsWith(prefix))
            .map((name) => Number(name.slice(prefix.length).split(".")[0]))
            .filter((index) => Number.isInteger(index) && index >= 0 && index <= field.max);
          const count = indexes.length ? Math.max(...indexes) + 1 : 0;
          const entries = Array.from({ length: count }, (_, index) => read(field.fields, join(at, index)));
          return [field.name, entries];
        }
        const value = String(form.get(at) ?? "");
        return [field.name, field.kind === "lines" ? value.split(/\r?\n/) : value];
      }),
    );
  return read(translationFields(definition.fields), "");
}

/** The typed texts of a form by field path, to put back into it after a refusal. */
export function formTexts(form: FormData): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") texts[name] = value;
  return texts;
}

const filled = (value: unknown) =>
  typeof value === "string"
    ? value.trim() !== ""
    : Array.isArray(value) && value.some((line) => typeof line === "string" && line.trim() !== "");

/** The translated entry for English entry `index` of a list. */
function entryFor(field: ListField, english: Value[], filipino: Value[], index: number): Value | undefined {
  const key = field.matchBy;
  if (!key) return filipino[index];
  const nameOf = (entry: Value | undefined) => String(entry?.[key] ?? "").trim();
  const name = nameOf(english[index]);
  // Entries of the same name (rare) are paired in their order.
  const nth = english.slice(0, index).filter((entry) => nameOf(entry) === name).length;
  const found = filipino.filter((entry) => nameOf(entry) === name)[nth];
  if (found) return found;
  // A renamed entry keeps the translation in its place, unless that belongs to another entry.
  const atPlace = filipino[index];
  return atPlace && !english.some((entry) => nameOf(entry) === nameOf(atPlace)) ? atPlace : undefined;
}

/**
 * The Filipino version in the English one's structure, for the form: an entry per English entry
 * (its translation, or empty), a list's `matchBy` field set from the English entry.
 */
export function alignTranslation(fields: SiteField[], english: Value, filipino: Value | undefined): Value {
  const result: Value = {};
  for (const field of translationFields(fields)) {
    const theirs = filipino?.[field.name];
    if (field.kind === "group") {
      result[field.name] = alignTranslation(
        field.fields,
        (english[field.name] ?? {}) as Value,
        theirs as Value,
      );
    } else if (field.kind === "list") {
      const original = fields.find((inner) => inner.name === field.name) as ListField;
      const entries = Array.isArray(english[field.name]) ? (english[field.name] as Value[]) : [];
      const translated = Array.isArray(theirs) ? (theirs as Value[]) : [];
      result[field.name] = entries.map((entry, index) => {
        const aligned = alignTranslation(
          original.fields,
          entry,
          entryFor(original, entries, translated, index),
        );
        return original.matchBy ? { [original.matchBy]: entry[original.matchBy] ?? "", ...aligned } : aligned;
      });
    } else if (!field.fixed) {
      result[field.name] =
        field.kind === "lines"
          ? Array.isArray(theirs)
            ? theirs
            : []
          : typeof theirs === "string"
            ? theirs
            : "";
    }
  }
  return result;
}

/**
 * The section as a Filipino page shows it: each word field's translation where it has one, the
 * English value everywhere else (and for every field that is not words).
 */
export function overlayTranslation(fields: SiteField[], english: Value, filipino: Value | undefined): Value {
  if (!filipino) return english;
  const result: Value = { ...english };
  for (const field of fields) {
    if (!isWords(field)) continue;
    const ours = english[field.name];
    const theirs = filipino[field.name];
    if (field.kind === "group") {
      result[field.name] = overlayTranslation(
        field.fields,
        (ours ?? {}) as Value,
        theirs as Value | undefined,
      );
    } else if (field.kind === "list") {
      const entries = Array.isArray(ours) ? (ours as Value[]) : [];
      const translated = Array.isArray(theirs) ? (theirs as Value[]) : [];
      result[field.name] = entries.map((entry, index) =>
        overlayTranslation(field.fields, entry, entryFor(field, entries, translated, index)),
      );
    } else if (filled(theirs)) {
      result[field.name] =
        field.kind === "lines"
          ? (theirs as unknown[]).filter((line) => filled(line))
          : (theirs as string).trim();
    }
  }
  return result;
}

/** How many of the section's English texts have a translation, counting every leaf field. */
export function translationProgress(
  fields: SiteField[],
  english: Value,
  filipino: Value | undefined,
): { done: number; total: number } {
  let done = 0;
  let total = 0;
  const walk = (list: SiteField[], ours: Value, theirs: Value | undefined) => {
    for (const field of list) {
      if (!isWords(field)) continue;
      if (field.kind === "group") {
        walk(field.fields, (ours[field.name] ?? {}) as Value, theirs?.[field.name] as Value | undefined);
      } else if (field.kind === "list") {
        const entries = Array.isArray(ours[field.name]) ? (ours[field.name] as Value[]) : [];
        const translated = Array.isArray(theirs?.[field.name]) ? (theirs![field.name] as Value[]) : [];
        entries.forEach((entry, index) =>
          walk(field.fields, entry, entryFor(field, entries, translated, index)),
        );
      } else if (filled(ours[field.name])) {
        total++;
        if (filled(theirs?.[field.name])) done++;
      }
    }
  };
  walk(fields, english, filipino);
  return { done, total };
}

/** Whether a Filipino version holds any words: one with none (all left empty) is no translation. */
export function isTranslated(fields: SiteField[], filipino: Value | undefined): boolean {
  if (!filipino) return false;
  return fields.some((field) => {
    if (!isWords(field)) return false;
    const value = filipino[field.name];
    if (field.kind === "group") return isTranslated(field.fields, value as Value | undefined);
    if (field.kind === "list")
      return Array.isArray(value) && (value as Value[]).some((entry) => isTranslated(field.fields, entry));
    return filled(value);
  });
}

/** The top-level word fields that read English in a Filipino version (none given: all of them). */
export function untranslatedFields(fields: SiteField[], filipino: Value | undefined): string[] {
  return fields
    .filter((field) => isWords(field))
    .filter((field) => {
      const value = filipino?.[field.name];
      if (field.kind === "group") return !isTranslated(field.fields, value as Value | undefined);
      if (field.kind === "list")
        return !(
          Array.isArray(value) && (value as Value[]).some((entry) => isTranslated(field.fields, entry))
        );
      return !filled(value);
    })
    .map((field) => field.name);
}
