import { data } from "react-router";

/**
 * A screen's read that may fail (the database is out of reach): the loader answers the screen's
 * empty state with `loadFailed: true` and status 503, and the screen says so. Every screen that
 * can show such a message uses this one flag.
 */
export async function loadOrEmpty<T extends object>(what: string, read: () => Promise<T>, empty: T) {
  try {
    return data({ ...(await read()), loadFailed: false });
  } catch (error) {
    console.error(`Reading ${what} failed:`, error);
    return data({ ...empty, loadFailed: true }, { status: 503 });
  }
}
