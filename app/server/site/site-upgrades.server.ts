import type { HomeItem } from "~/content/church";
import { CHURCH_SECTION, HOME_SECTION, WEEKDAYS } from "~/schemas/site-sections";
import type { ServiceTimeEntry } from "./site-defaults.server";

// What an earlier release stored in a website section, brought to today's shape: at start (as a
// new version of the section) and when staff restore an old version.

/** The sections whose stored shape changed since they were first written, with what changed. */
export const UPGRADE_NOTES: Record<string, string> = {
  [CHURCH_SECTION.id]: "The map link follows the address",
  [HOME_SECTION.id]: "Weekly items take their time from Service times",
};

/** The map link every site started with, written out, before the link followed the address. */
export const FIRST_MAPS_URL = "https://www.google.com/maps/search/?api=1&query=Manama%2C+Bahrain";

type Stored = Record<string, unknown>;

/**
 * A home item from before items took their time from the service times: one that said "Every
 * Friday" while a weekly service meets on Friday becomes that day's item (its time then follows
 * the service, as the spec's "Every Friday, 3:30 PM" is the Friday service's start); any other
 * keeps its own words.
 */
function upgradeHomeItem(item: Stored, services: readonly ServiceTimeEntry[]): HomeItem {
  const { title, date, time, description } = item as Omit<HomeItem, "day">;
  const named = /^every\s+([a-z]+?)s?$/i.exec(String(date ?? "").trim())?.[1]?.toLowerCase();
  const day = WEEKDAYS.find((weekday) => weekday.toLowerCase() === named);
  if (day && services.some((service) => service.day === day && service.start)) {
    return { title, day, date: "", time: "", description };
  }
  return { title, day: "", date, time, description };
}

/**
 * `data` of section `key` in today's shape, or `data` itself (the same object) when it is already.
 * `services` are the stored service times, which a home item's day is matched against.
 */
export function upgradeSectionData(
  key: string,
  data: unknown,
  services: () => readonly ServiceTimeEntry[],
): unknown {
  if (!data || typeof data !== "object") return data;
  const stored = data as Stored;
  if (key === CHURCH_SECTION.id && stored.mapsUrl === FIRST_MAPS_URL) {
    // Never changed by staff: from now on the link searches for whatever the address says.
    return { ...stored, mapsUrl: "" };
  }
  if (key === HOME_SECTION.id && Array.isArray(stored.upcoming)) {
    const items = stored.upcoming as Stored[];
    if (items.every((item) => "day" in item)) return data;
    const times = services();
    return {
      ...stored,
      upcoming: items.map((item) => ("day" in item ? item : upgradeHomeItem(item, times))),
    };
  }
  return data;
}
