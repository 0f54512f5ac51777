import { labelsOf, type Choice, type MemberOptions } from "~/content/member-options";
import { MEMBER_FIELDS, type MemberField } from "~/schemas/member-fields";
import { formatDate } from "./format";
import { PRESETS, isPresetKey } from "./permissions";

// Stored values of audit entries in words ("Thu 1 Mar 1990", a ministry's name, "(empty)"), and the
// small word helpers the entry descriptions share.

/** What keys in entries stand for today. */
export interface AuditNames extends MemberOptions {
  /** A website section's title by its key ('church' → 'Church details'). */
  sections: Record<string, string>;
}

export const NO_NAMES: AuditNames = { ministries: [], roles: [], sections: {} };

export function memberField(name: string): MemberField | undefined {
  return Object.hasOwn(MEMBER_FIELDS, name)
    ? (MEMBER_FIELDS as Record<string, MemberField>)[name]
    : undefined;
}

export const EMPTY_VALUE = "(empty)";

/**
 * A stored value as a person reads it: dates as "Thu 1 Mar 1990", ministries and roles by their
 * names, a status by its label, children as "Ben (born Sat 29 Feb 2020, Male)".
 */
export function valueInWords(value: unknown, field?: MemberField, names: AuditNames = NO_NAMES): string {
  if (value === null || value === undefined || value === "") return EMPTY_VALUE;
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY_VALUE;
    if (field?.kind === "list") return labelsOf(value.map(String), names[field.from]).join(", ");
    return value.map((item) => valueInWords(item, undefined, names)).join(", ");
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object") return objectInWords(value as Record<string, unknown>, names);
  const text = String(value);
  if (field?.kind === "choice") {
    const choice = (field.options as readonly (string | Choice)[]).find(
      (option) => typeof option !== "string" && option.value === text,
    );
    if (choice && typeof choice !== "string") return choice.label;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatDate(text);
  return text;
}

/** A child ({ name, birthday, gender }) in one phrase; any other object as "key: value, …". */
function objectInWords(object: Record<string, unknown>, names: AuditNames): string {
  if (typeof object.name === "string" && ("birthday" in object || "gender" in object)) {
    const about = [
      object.birthday ? `born ${valueInWords(object.birthday)}` : "",
      typeof object.gender === "string" ? object.gender : "",
    ].filter(Boolean);
    const name = object.name || "(no name)";
    return about.length ? `${name} (${about.join(", ")})` : name;
  }
  return Object.entries(object)
    .map(([key, value]) => `${fieldWords(key)}: ${valueInWords(value, undefined, names)}`)
    .join(", ");
}

export function roleName(value: unknown): string | null {
  if (typeof value !== "string" || !value) return null;
  return isPresetKey(value) ? PRESETS[value].name : value;
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** "sermonDate" → "Sermon date". */
export function fieldWords(field: string): string {
  return capitalize(
    field
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/[-_]/g, " ")
      .toLowerCase(),
  );
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function cut(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  return `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}
