import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { notificationPreferences, users } from "../../../database/schema";
import { roleKeysWith } from "../auth/staff-roles.server";
import type { StaffUser } from "../auth/guards.server";
import { logChange } from "../platform/change-log.server";
import { getSetting, setSetting } from "../platform/settings.server";
import { services } from "../platform/services.server";
import type { Executor } from "./outbox.server";

// What each staff account is told by e-mail about messages that come in: connect messages,
// sign-ups for chosen ministries, event registrations; at once, in one daily digest, or not at
// all. An account that never chose follows the default an administrator set; without one, the
// first administrator is told everything at once and nobody else anything.

export type Frequency = "immediate" | "daily" | "off";

export interface Preferences {
  connect: boolean;
  /** Ministry slugs, or ["*"] for every ministry. */
  ministries: string[];
  events: boolean;
  frequency: Frequency;
}

const DEFAULTS_KEY = "notification_defaults";

/** Everything at once: the first administrator's preferences until anyone chooses. */
export const EVERYTHING: Preferences = {
  connect: true,
  ministries: ["*"],
  events: true,
  frequency: "immediate",
};
export const NOTHING: Preferences = { connect: false, ministries: [], events: false, frequency: "off" };

/** The default an administrator set for accounts that have not chosen, or null. */
export async function getDefaultPreferences(executor: Executor = services().db): Promise<Preferences | null> {
  return (await getSetting<Preferences>(executor, DEFAULTS_KEY)) ?? null;
}

export async function setDefaultPreferences(preferences: Preferences, actor: StaffUser) {
  await services().db.transaction(async (tx) => {
    await setSetting(tx, DEFAULTS_KEY, preferences);
    await logChange(tx, actor, "settings.notification-defaults-changed", { details: { ...preferences } });
  });
}

/** One account's own choice, or null when it never chose. */
export async function getOwnPreferences(userId: string): Promise<Preferences | null> {
  const [row] = await services()
    .db.select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row
    ? {
        connect: row.connect,
        ministries: row.ministries,
        events: row.events,
        frequency: row.frequency as Frequency,
      }
    : null;
}

export async function saveOwnPreferences(user: StaffUser, preferences: Preferences) {
  await services().db.transaction(async (tx) => {
    await tx
      .insert(notificationPreferences)
      .values({ userId: user.id, ...preferences })
      .onConflictDoUpdate({
        target: notificationPreferences.userId,
        set: { ...preferences, updatedAt: new Date() },
      });
    await logChange(tx, user, "account.notifications-changed", {
      subject: { type: "staff", id: user.id, label: user.email },
      details: { ...preferences },
    });
  });
}

export interface StaffPreferences extends Preferences {
  userId: string;
  email: string;
  name: string;
}

/**
 * Every enabled account that may read messages, with the preferences that apply to it (its own,
 * the default, or the fallback): an editor or a disabled account is never sent a visitor's details.
 */
export async function effectivePreferences(executor: Executor): Promise<StaffPreferences[]> {
  const rows = await executor
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      createdAt: users.createdAt,
      own: notificationPreferences,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(
      and(
        inArray(users.role, await roleKeysWith("messages:read", executor)),
        or(isNull(users.banned), eq(users.banned, false)),
      ),
    )
    .orderBy(users.createdAt);
  const defaults = await getDefaultPreferences(executor);
  const firstAdmin = rows.find((row) => row.role === "admin");
  return rows.map((row) => {
    const chosen: Preferences = row.own
      ? {
          connect: row.own.connect,
          ministries: row.own.ministries,
          events: row.own.events,
          frequency: row.own.frequency as Frequency,
        }
      : (defaults ?? (row === firstAdmin ? EVERYTHING : NOTHING));
    return { userId: row.userId, email: row.email, name: row.name, ...chosen };
  });
}

/** Whether `preferences` ask to hear about a message of this kind (and ministry). */
export function wantsToHear(
  preferences: Preferences,
  kind: "connect" | "ministry" | "event",
  ministrySlug?: string,
) {
  if (kind === "connect") return preferences.connect;
  if (kind === "event") return preferences.events;
  return preferences.ministries.some((slug) => slug === "*" || slug === ministrySlug);
}
