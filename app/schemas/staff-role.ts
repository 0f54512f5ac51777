import { z } from "zod";
import { AREAS, cleanLevels, type AreaLevels } from "~/lib/permissions";

// The role form (/members/staff/roles/:id), browser and server: a name, one level per permission
// area (fields `level-<area>`), and whether the role is limited to the account's ministries.

export const ROLE_NAME_MAX = 60;

export const ROLE_NAME_MISSING = "Please give the role a name.";
export const ROLE_NAME_TOO_LONG = `Please keep the role's name under ${ROLE_NAME_MAX} characters.`;

/** Spaces inside a name count once: "Sermons  volunteer" is "Sermons volunteer". */
export const roleNameSchema = z
  .string({ error: ROLE_NAME_MISSING })
  .transform((name) => name.trim().replace(/\s+/g, " "))
  .pipe(z.string().min(1, ROLE_NAME_MISSING).max(ROLE_NAME_MAX, ROLE_NAME_TOO_LONG));

/** The form field of an area's level. */
export const levelField = (area: string) => `level-${area}`;

/**
 * The levels a posted form asks for, made safe: a level an area does not offer is lowered to the
 * next one it does, and anything unknown (an area, a level) is dropped, as `cleanLevels` does for
 * a stored row.
 */
export function levelsFromForm(form: { get(name: string): unknown }): AreaLevels {
  return cleanLevels(Object.fromEntries(AREAS.map((area) => [area, form.get(levelField(area))])));
}

/** What the role form asks for, read from its fields. */
export interface RoleForm {
  name: string;
  levels: AreaLevels;
  ministryOnly: boolean;
}

export function readRoleForm(form: {
  get(name: string): unknown;
}): { ok: true; role: RoleForm } | { ok: false; error: string; typed: RoleForm } {
  const typedName = form.get("name");
  const levels = levelsFromForm(form);
  const ministryOnly = form.get("ministryOnly") === "on";
  const parsed = roleNameSchema.safeParse(typeof typedName === "string" ? typedName : undefined);
  if (!parsed.success)
    return {
      ok: false,
      error: parsed.error.issues[0]!.message,
      typed: { name: typeof typedName === "string" ? typedName.slice(0, 200) : "", levels, ministryOnly },
    };
  return { ok: true, role: { name: parsed.data, levels, ministryOnly } };
}
