// What every step of the bench shares: where it writes, who signs in, the load it applies, the
// pages it measures, how long the server rests, and how it reports progress (stderr, so that
// stdout stays the report).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { round } from "./http";
import { readMemory } from "./server";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ADMIN = { email: "bench@bench.test", password: "bench admin password" };
export const CONNECTIONS = 32;
export const PUBLIC_PAGES = ["/", "/fil/", "/ministries/acts-kids", "/events", "/media/sermons"];
export const LIGHTHOUSE_PAGES = ["/", "/ministries", "/events", "/media/sermons"];
export const MB = 1024 * 1024;
/** The goals' name for the event page with an uploaded photo (its address changes every run). */
export const PHOTO_EVENT_LABEL = "/events/<event with a photo>";
/** The phone the event page's pictures are weighed in: 390 CSS px wide, 3 device pixels a px. */
export const PHONE_VIEWPORT = { width: 390, height: 844, deviceScaleFactor: 3 };
export const REST_SECONDS = 30;

export const log = (message: string) => process.stderr.write(`${message}\n`);

export function memoryMb(pid: number) {
  const { rss } = readMemory(pid);
  return round(rss / MB);
}
